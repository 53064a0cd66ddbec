"""Judges: the offline rule-based judge and the LLM judge behind one port."""

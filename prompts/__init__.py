"""LLM prompt templates, one module per task."""

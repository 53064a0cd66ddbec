"""Reverie's domain types: the event contract and the stored notes, examples and runs."""

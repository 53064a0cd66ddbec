"""Text utilities shared by handlers and judges: dates, salient tokens, statements, word data."""

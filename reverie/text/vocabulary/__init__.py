"""English word data, one module per kind: calendar, numbers, verbs, function words."""

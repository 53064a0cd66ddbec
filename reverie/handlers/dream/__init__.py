"""The dream: consolidation, contradiction resolution, stale sweep and retention, per agent."""

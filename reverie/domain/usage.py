"""What judging spent: LLM calls and tokens (carried by verdicts, phase results and errors)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Usage:
    """LLM calls and tokens a judgment spent (zeros for the offline judge)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def add(self, other: Usage) -> None:
        """Accumulate ``other`` into this usage."""
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

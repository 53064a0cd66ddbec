"""Prompt: do several pairs of notes contradict, each pair on its own? (One request.)"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from reverie.handlers.dream.judging import ContradictionVerdict, JudgedNote
from reverie.text.utc import as_utc

from .common import (
    DATA_REMINDER,
    DATA_RULES,
    AnswerFormat,
    Message,
    fence,
    in_label_order,
    label_problems,
)
from .detect_contradictions import CERTAIN, CONTRADICTION_RULES, ContradictionAnswer, only_whether

__all__ = [
    "ANSWER",
    "NAME",
    "SCHEMA",
    "VERSION",
    "PairAnswer",
    "PairsAnswer",
    "ResponseModel",
    "Verdict",
    "given_ids",
    "labels",
    "render",
    "response_format",
]

NAME = "contradiction_pairs"
VERSION = "contradiction-pairs@3"


def labels(count: int) -> list[str]:
    """Return the ids of ``count`` pairs in a request: ``p1``, ``p2``, ..."""
    return [f"p{i + 1}" for i in range(count)]


def given_ids(pairs: Sequence[tuple[JudgedNote, JudgedNote]]) -> list[str]:
    """Return the pair ids an answer about ``pairs`` may (and must) name."""
    return labels(len(pairs))


class PairAnswer(BaseModel):
    """The judge's answer about one of the pairs."""

    pair: str = Field(description='The pair\'s id as given ("p1", "p2", ...).')
    reason: str = Field(
        description=(
            "One short sentence (at most 25 words), written before the verdict: which "
            "statements of this pair conflict, or why they can both be true. Never say which "
            "note is right, newer or should be kept."
        )
    )
    contradicts: bool = Field(
        description="true if this pair's two notes cannot both be true now for the same subject."
    )
    certain: bool = Field(default=True, description=CERTAIN)

    def as_single(self) -> ContradictionAnswer:
        """The same answer as the one-pair prompt's answer model."""
        return ContradictionAnswer(reason=self.reason, contradicts=self.contradicts,
                                   certain=self.certain)


class PairsAnswer(BaseModel):
    """The judge's answers, one per pair, in the order the pairs were given."""

    pairs: list[PairAnswer] = Field(
        description="Exactly one answer per pair given, in the order given."
    )

    def problems(self, given: Collection[str]) -> list[str]:
        """What makes these answers unacceptable: each given pair id answered exactly once."""
        return label_problems([a.pair for a in self.pairs], given, "pair")

    def to_verdict(self) -> list[ContradictionVerdict]:
        """One verdict per pair in id order."""
        return [a.as_single().to_verdict()
                for a in in_label_order({a.pair: a for a in self.pairs})]


ResponseModel, Verdict = PairsAnswer, ContradictionVerdict
ANSWER = AnswerFormat(NAME, ResponseModel)
SCHEMA, response_format = ANSWER.schema, ANSWER.response_format


_SYSTEM = f"""\
You check whether pairs of long-term memory notes of an AI agent contradict each other.
Task: {NAME}. Prompt version: {VERSION}.

You receive several independent pairs of notes, each between <notes pair="..."> and \
</notes>. Judge each pair on its own: never compare notes of different pairs. Answer every \
pair exactly once, in the order given, with its id in "pair".

{CONTRADICTION_RULES}

{only_whether("each pair")}

{DATA_RULES}
"""


def render(pairs: Sequence[tuple[JudgedNote, JudgedNote]], now: datetime) -> list[Message]:
    """The chat messages asking, for each of ``pairs``, whether its two notes contradict (pure)."""
    current = as_utc(now)
    blocks = []
    for label, (a, b) in zip(labels(len(pairs)), pairs, strict=True):
        inner = "\n".join(fence(n) for n in (a, b))
        blocks.append(f'<notes pair="{label}">\n{inner}\n</notes>')
    user = (
        f"Current date: {current:%Y-%m-%d}.\n"
        f"{len(pairs)} pairs; the only pair ids to answer: "
        + ", ".join(labels(len(pairs))) + ".\nDoes each pair contradict?\n\n"
        + "\n\n".join(blocks)
        + "\n\n" + DATA_REMINDER
    )
    return ANSWER.messages(_SYSTEM, user)

"""Prompt: do two notes contradict each other, and why? (Never who wins: code decides.)"""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from reverie.handlers.dream.judging import ContradictionVerdict, JudgedNote
from reverie.text.utc import as_utc

from .common import DATA_REMINDER, DATA_RULES, REASON_MAX, AnswerFormat, Message, PlainAnswer, fence

__all__ = [
    "ANSWER",
    "CERTAIN",
    "CONTRADICTION_RULES",
    "NAME",
    "SCHEMA",
    "VERSION",
    "ContradictionAnswer",
    "ResponseModel",
    "Verdict",
    "only_whether",
    "render",
    "response_format",
]

NAME = "detect_contradictions"
VERSION = "detect-contradictions@3"


CERTAIN = (
    "false if the notes most likely conflict but could both be true (a person with two "
    "jobs or two homes, a thing that may have several values of it): a person then "
    "decides; true otherwise, and whenever contradicts is false."
)
"""What ``certain`` means, shared with the batched prompt (``contradiction_pairs``)."""


class ContradictionAnswer(PlainAnswer):
    """The judge's answer about one pair of notes."""

    reason: str = Field(
        description=(
            "One short sentence (at most 25 words), written before the verdict: which "
            "statements conflict, or why they can both be true. Never say which note is "
            "right, newer or should be kept."
        )
    )
    contradicts: bool = Field(
        description="true if the two notes cannot both be true now for the same subject."
    )
    certain: bool = Field(default=True, description=CERTAIN)

    def to_verdict(self) -> ContradictionVerdict:
        """The verdict model (a contradiction the judge is not sure of goes to a person)."""
        return ContradictionVerdict(contradicts=self.contradicts, reason=self.reason[:REASON_MAX],
                                    certain=self.certain or not self.contradicts)


ResponseModel, Verdict = ContradictionAnswer, ContradictionVerdict
ANSWER = AnswerFormat(NAME, ResponseModel)
SCHEMA, response_format = ANSWER.schema, ANSWER.response_format


CONTRADICTION_RULES = (
    "Two notes contradict when they cannot both be true now for the same subject (the same "
    "user, company or agent): for example different values for the same setting, a preference "
    "and its opposite, or a constraint and an action it forbids. Notes that add detail to each "
    "other, are about different subjects, or are merely related do not contradict, and neither "
    "do notes that state the same fact in other words (a paraphrase, or a negative phrasing of "
    'the same fact: "works remotely" and "does not come to the office" agree). Dates in the '
    "notes are absolute; two statements about the same thing at different dates still "
    "contradict if they cannot both be the current truth."
)
"""What a contradiction is, shared with the batched prompt (``contradiction_pairs``)."""


def only_whether(subject: str) -> str:
    """The rule that the judge never says who wins, about ``subject`` ("the pair", ...)."""
    return (
        f"Answer ONLY whether {subject} contradicts and why. Never decide or hint which note is "
        "correct, newer, better validated or should be kept: the system decides that, not you."
    )


_SYSTEM = f"""\
You check whether two long-term memory notes of an AI agent contradict each other.
Task: {NAME}. Prompt version: {VERSION}.

{CONTRADICTION_RULES}

{only_whether("the pair")}

{DATA_RULES}
"""


def render(a: JudgedNote, b: JudgedNote, now: datetime) -> list[Message]:
    """The chat messages asking whether ``a`` and ``b`` contradict (pure)."""
    current = as_utc(now)
    blocks = "\n".join(fence(n) for n in (a, b))
    user = (
        f"Current date: {current:%Y-%m-%d}.\n"
        "Do these two notes contradict each other?\n\n"
        f"<notes>\n{blocks}\n</notes>\n\n"
        + DATA_REMINDER
    )
    return ANSWER.messages(_SYSTEM, user)

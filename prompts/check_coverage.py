"""Prompt: does this user's note add nothing beyond these company-wide notes?"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import Field

from reverie.handlers.dream.judging import CoverageVerdict, JudgedNote
from reverie.text.utc import as_utc

from .common import DATA_REMINDER, DATA_RULES, REASON_MAX, AnswerFormat, Message, PlainAnswer, fence

__all__ = [
    "ANSWER",
    "NAME",
    "SCHEMA",
    "VERSION",
    "CoverageAnswer",
    "ResponseModel",
    "Verdict",
    "render",
    "response_format",
]

NAME = "check_coverage"
VERSION = "check-coverage@1"


class CoverageAnswer(PlainAnswer):
    """The judge's answer about one user's note against company-wide notes."""

    reason: str = Field(
        description=(
            "One or two sentences: which company notes state the user's note, or what the "
            "user's note adds."
        )
    )
    adds_nothing: bool = Field(
        description=(
            "true only if every fact of the user's note is already stated by the company "
            "notes; false if it adds, narrows, personalises or differs in anything."
        )
    )

    def to_verdict(self) -> CoverageVerdict:
        """The verdict model."""
        return CoverageVerdict(adds_nothing=self.adds_nothing, reason=self.reason[:REASON_MAX])


ResponseModel, Verdict = CoverageAnswer, CoverageVerdict
ANSWER = AnswerFormat(NAME, ResponseModel)
SCHEMA, response_format = ANSWER.schema, ANSWER.response_format


_SYSTEM = f"""\
You check whether one user's memory note adds anything beyond company-wide memory notes of \
an AI agent.
Task: {NAME}. Prompt version: {VERSION}.

Answer adds_nothing = true only if every fact, preference, constraint, name, number and date \
of the user's note is already stated (or follows directly) from the company notes, so the \
user's note could be removed without losing anything. If the user's note adds a detail, is \
more specific, is personal to the user, or differs from or contradicts the company notes, \
answer adds_nothing = false. When unsure, answer false.

{DATA_RULES}
"""


def render(general: Sequence[JudgedNote], specific: JudgedNote, now: datetime) -> list[Message]:
    """The chat messages asking whether ``specific`` adds nothing beyond ``general`` (pure)."""
    current = as_utc(now)
    company = "\n".join(fence(n, extra=(("scope", "company"),)) for n in general)
    user_note = fence(specific, extra=(("scope", "user"),))
    user = (
        f"Current date: {current:%Y-%m-%d}.\n"
        f"Company-wide notes ({len(general)}):\n"
        f"<company_notes>\n{company}\n</company_notes>\n\n"
        "The user's note:\n"
        f"<user_note>\n{user_note}\n</user_note>\n\n"
        "Does the user's note add nothing beyond the company-wide notes? "
        + DATA_REMINDER
    )
    return ANSWER.messages(_SYSTEM, user)

"""Prompt: consolidate a cluster of related notes into notes that state only the current truth."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from reverie.domain.events import NoteType
from reverie.handlers.dream.judging import ConsolidationVerdict, JudgedNote, MergedNote
from reverie.text.utc import as_utc

from .common import DATA_REMINDER, DATA_RULES, REASON_MAX, AnswerFormat, Message, fence, numbered

__all__ = [
    "ANSWER",
    "MERGE_RULES",
    "NAME",
    "NOTE_TYPE_RULE",
    "SCHEMA",
    "VERSION",
    "ConsolidationAnswer",
    "MergedNoteAnswer",
    "ResponseModel",
    "Verdict",
    "oldest_first",
    "render",
    "response_format",
]

NAME = "consolidate_notes"
VERSION = "consolidate-notes@2"

WELL_VALIDATED_ACCESS = 10
"""access_count above this: the note is well validated."""
WEAK_ACCESS = 3
"""access_count below this (and older than ``WEAK_AGE_DAYS``): droppable when contradicted."""
WEAK_AGE_DAYS = 30


class MergedNoteAnswer(BaseModel):
    """One consolidated note the judge proposes in place of some of the given notes.

    ``source_ids`` comes first: the judge names what it replaces before writing the text.
    """

    source_ids: list[str] = Field(
        description=(
            "Ids of the given notes this consolidated note replaces (only ids given in the "
            "prompt; each id in at most one consolidated note)."
        )
    )
    text: str = Field(
        description=(
            "The consolidated note: only the current truth, every distinct fact, name, "
            "number, id and date of its source notes kept, absolute dates only, no relative "
            "time references."
        )
    )
    note_type: NoteType = Field(
        description="Type of the consolidated note: the type of its source notes."
    )


class ConsolidationAnswer(BaseModel):
    """The judge's answer about one cluster of notes."""

    reason: str = Field(
        description=(
            "One short sentence (at most 25 words), written first: why these notes are (or "
            "are not) consolidated."
        )
    )
    consolidate: bool = Field(
        description="false leaves every note of the cluster exactly as it is."
    )
    merged: list[MergedNoteAnswer] = Field(
        description="The consolidated notes; empty when consolidate is false."
    )

    def problems(self, given_ids: Collection[str]) -> list[str]:
        """What makes this answer unacceptable for a cluster of ``given_ids`` (empty if fine)."""
        if not self.consolidate:
            return []
        found: list[str] = []
        if not self.merged:
            found.append("consolidate is true but merged is empty")
        seen: dict[str, int] = {}
        for index, merged in enumerate(self.merged):
            if not merged.source_ids:
                found.append(f"merged[{index}].source_ids is empty")
            for note_id in dict.fromkeys(merged.source_ids):
                if note_id not in given_ids:
                    found.append(f"merged[{index}] refers to unknown note id {note_id!r}")
                elif note_id in seen:
                    found.append(
                        f"note id {note_id!r} appears in merged[{seen[note_id]}] "
                        f"and merged[{index}]; each id may be in at most one merged note"
                    )
                else:
                    seen[note_id] = index
        return found

    def to_verdict(self) -> ConsolidationVerdict:
        """The verdict model (raises ``pydantic.ValidationError`` on empty or overlong text)."""
        merged = (
            [
                MergedNote(
                    text=m.text.strip(),
                    source_ids=list(dict.fromkeys(m.source_ids)),
                    note_type=m.note_type,
                )
                for m in self.merged
            ]
            if self.consolidate
            else []
        )
        return ConsolidationVerdict(
            consolidate=self.consolidate, merged=merged, reason=self.reason[:REASON_MAX]
        )


ResponseModel, Verdict = ConsolidationAnswer, ConsolidationVerdict
ANSWER = AnswerFormat(NAME, ResponseModel)
SCHEMA, response_format = ANSWER.schema, ANSWER.response_format


MERGE_RULES = (
    "Current truth only. The consolidated note contains only the current truth. When notes "
    "disagree, keep the statement that is most recent and best validated and leave the "
    'superseded one out. Do not write history ("previously", "used to", "changed from").',
    "Keep every distinct fact. Every fact, preference, constraint, name, number and date of "
    "a source note that is not superseded must appear in the consolidated note. State duplicates "
    "once. Do not invent, generalise away or add anything.",
    "Temporal normalisation. Dates in the notes have already been made absolute by code: keep "
    "them absolute and exactly as written. Never write relative time references (today, "
    'yesterday, tomorrow, last week, next month, recently, soon, currently, now, "N days ago"). '
    "The current date is given only so you can judge the notes' age.",
    "Access-frequency weighting. access_count is how often the agent used a note; age_days is "
    f"its age. A note with access_count > {WELL_VALIDATED_ACCESS} is well validated: prefer it "
    f"when notes disagree. A note with access_count < {WEAK_ACCESS} and age_days > "
    f"{WEAK_AGE_DAYS} is weakly validated: when another note contradicts it, it may be dropped "
    "(list its id in source_ids and leave its claim out of the text).",
    "Only refer to the note ids given. A consolidated note replaces exactly the notes listed "
    "in its source_ids; each given id may appear in at most one consolidated note. Notes you do "
    "not list stay exactly as they are.",
)
"""The rules of merging one cluster, shared with the batched prompt (``consolidate_clusters``)."""

NOTE_TYPE_RULE = (
    "note_type is the type of the source notes; if they differ, the type that best fits the "
    "consolidated text. Write in the language of the notes, concisely, one self-contained note "
    "per topic."
)

_RULES = numbered([
    *MERGE_RULES,
    "Merge only notes about the same topic, normally two or more per consolidated note. If "
    "nothing should change (the notes are unrelated, or merging would lose information), answer "
    '"consolidate": false with "merged": [].',
    NOTE_TYPE_RULE,
])

_SYSTEM = f"""\
You consolidate the long-term memory notes of an AI agent.
Task: {NAME}. Prompt version: {VERSION}.

You receive a cluster of notes that look related. Decide whether some of them should be \
replaced by consolidated notes, and write those notes.

Rules:
{_RULES}

{DATA_RULES}
"""


def oldest_first(notes: Sequence[JudgedNote]) -> list[JudgedNote]:
    """``notes`` in the order a prompt shows them: oldest first, then by id."""
    return sorted(notes, key=lambda n: (as_utc(n.created_at), n.note_id))


def render(notes: Sequence[JudgedNote], now: datetime) -> list[Message]:
    """The chat messages asking to consolidate ``notes`` (pure: same input, same output)."""
    ordered = oldest_first(notes)
    current = as_utc(now)
    blocks = "\n".join(fence(n, now=current) for n in ordered)
    ids = json.dumps([n.note_id for n in ordered], ensure_ascii=False)
    user = (
        f"Current date: {current:%Y-%m-%d}.\n"
        f"Cluster of {len(ordered)} notes, oldest first. The only note ids you may refer "
        f"to are: {ids}.\n\n"
        f"<notes>\n{blocks}\n</notes>\n\n"
        + DATA_REMINDER
    )
    return ANSWER.messages(_SYSTEM, user)

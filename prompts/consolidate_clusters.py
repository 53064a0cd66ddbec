"""Prompt: consolidate several small, independent clusters of notes in one request."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from reverie.handlers.dream.judging import ConsolidationVerdict, JudgedNote
from reverie.text.utc import as_utc

from .common import (
    DATA_REMINDER,
    DATA_RULES,
    AnswerFormat,
    Message,
    fence,
    in_label_order,
    label_problems,
    numbered,
)
from .consolidate_notes import (
    MERGE_RULES,
    NOTE_TYPE_RULE,
    ConsolidationAnswer,
    MergedNoteAnswer,
    oldest_first,
)

__all__ = [
    "ANSWER",
    "NAME",
    "SCHEMA",
    "VERSION",
    "ClusterAnswer",
    "ClustersAnswer",
    "ResponseModel",
    "Verdict",
    "given_ids",
    "labels",
    "render",
    "response_format",
]

NAME = "consolidate_clusters"
VERSION = "consolidate-clusters@2"


def labels(count: int) -> list[str]:
    """Return the labels of ``count`` clusters in a request: ``c1``, ``c2``, ..."""
    return [f"c{i + 1}" for i in range(count)]


def given_ids(clusters: Sequence[Sequence[JudgedNote]]) -> dict[str, set[str]]:
    """Return each cluster's label and the note ids it may refer to."""
    return {label: {n.note_id for n in notes}
            for label, notes in zip(labels(len(clusters)), clusters, strict=True)}


class ClusterAnswer(BaseModel):
    """The judge's answer about one of the clusters."""

    cluster: str = Field(description='The cluster\'s label as given ("c1", "c2", ...).')
    reason: str = Field(
        description=(
            "One short sentence (at most 25 words), written first: why these notes are (or "
            "are not) consolidated."
        )
    )
    consolidate: bool = Field(
        description="false leaves every note of this cluster exactly as it is."
    )
    merged: list[MergedNoteAnswer] = Field(
        description="This cluster's consolidated notes; empty when consolidate is false."
    )

    def as_single(self) -> ConsolidationAnswer:
        """The same answer as the one-cluster prompt's answer model."""
        return ConsolidationAnswer(reason=self.reason, consolidate=self.consolidate,
                                   merged=self.merged)


class ClustersAnswer(BaseModel):
    """The judge's answers, one per cluster, in the order the clusters were given."""

    clusters: list[ClusterAnswer] = Field(
        description="Exactly one answer per cluster given, in the order given."
    )

    def problems(self, given: Mapping[str, Collection[str]]) -> list[str]:
        """What makes these answers unacceptable for the clusters ``given`` (label -> ids).

        Besides the one-cluster rules, each answer may only name its own cluster's ids.
        """
        found = label_problems([a.cluster for a in self.clusters], given, "cluster")
        owner = {nid: label for label, ids in given.items() for nid in ids}
        for answer in self.clusters:
            own = given.get(answer.cluster)
            if own is None:
                continue
            for problem in answer.as_single().problems(own):
                found.append(f"cluster {answer.cluster!r}: {problem}")
            for index, merged in enumerate(answer.merged if answer.consolidate else []):
                for nid in dict.fromkeys(merged.source_ids):
                    if nid not in own and nid in owner:
                        found.append(
                            f"cluster {answer.cluster!r} merged[{index}] names note id "
                            f"{nid!r} of cluster {owner[nid]!r}: merge only notes of one "
                            "cluster"
                        )
        return found

    def to_verdict(self) -> list[ConsolidationVerdict]:
        """One verdict per cluster in label order (raises ``ValidationError`` as v1 does)."""
        return [a.as_single().to_verdict()
                for a in in_label_order({a.cluster: a for a in self.clusters})]


ResponseModel, Verdict = ClustersAnswer, ConsolidationVerdict
ANSWER = AnswerFormat(NAME, ResponseModel)
SCHEMA, response_format = ANSWER.schema, ANSWER.response_format


_RULES = numbered([
    "One answer per cluster. Answer every cluster exactly once, in the order given, with its "
    'label in "cluster". A consolidated note may only replace notes of its own cluster: never '
    "combine notes of different clusters, never refer to another cluster's note ids.",
    *MERGE_RULES,
    "Merge only notes about the same topic, normally two or more per consolidated note. If "
    "nothing in a cluster should change (its notes are unrelated, or merging would lose "
    'information), answer "consolidate": false with "merged": [] for that cluster.',
    NOTE_TYPE_RULE,
])

_SYSTEM = f"""\
You consolidate the long-term memory notes of an AI agent.
Task: {NAME}. Prompt version: {VERSION}.

You receive several independent clusters of notes, each between <notes cluster="..."> and \
</notes>. Each cluster holds notes that look related. For each cluster on its own, decide \
whether some of its notes should be replaced by consolidated notes, and write those notes.

Rules:
{_RULES}

{DATA_RULES}
"""


def render(clusters: Sequence[Sequence[JudgedNote]], now: datetime) -> list[Message]:
    """The chat messages asking to consolidate each of ``clusters`` (pure)."""
    current = as_utc(now)
    blocks, allowed = [], []
    for label, notes in zip(labels(len(clusters)), clusters, strict=True):
        ordered = oldest_first(notes)
        allowed.append(f"{label}: {json.dumps([n.note_id for n in ordered], ensure_ascii=False)}")
        inner = "\n".join(fence(n, now=current) for n in ordered)
        blocks.append(f'<notes cluster="{label}">\n{inner}\n</notes>')
    user = (
        f"Current date: {current:%Y-%m-%d}.\n"
        f"{len(clusters)} clusters, notes oldest first. The only note ids each cluster's "
        "answer may refer to:\n" + "\n".join(allowed) + "\n\n"
        + "\n\n".join(blocks)
        + "\n\n" + DATA_REMINDER
    )
    return ANSWER.messages(_SYSTEM, user)

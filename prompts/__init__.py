"""Reverie's LLM prompts, one module per task, installed as the package ``reverie_prompts``.

Every task module has ``NAME``, ``VERSION``, a pydantic ``ResponseModel`` (whose
``to_verdict()`` converts to the verdict model of :mod:`reverie.handlers.dream.judging`),
``SCHEMA`` (the JSON schema the answer must match, also shown in the prompt),
``response_format(structured)`` and a pure ``render(..., now)`` returning chat messages;
the last three come from one :class:`~reverie_prompts.common.AnswerFormat` per module.

The helpers the task modules share live in :mod:`reverie_prompts.common` and are
re-exported here.
"""

from __future__ import annotations

from . import (
    check_coverage,
    common,
    consolidate_clusters,
    consolidate_notes,
    contradiction_pairs,
    detect_contradictions,
)
from .common import *  # noqa: F403 - the shared helpers, re-exported as the docstring says

__all__ = [
    "PROMPTS",
    "check_coverage",
    "consolidate_clusters",
    "consolidate_notes",
    "contradiction_pairs",
    "detect_contradictions",
]
__all__ += common.__all__

PROMPTS: dict[str, str] = {
    module.NAME: module.VERSION
    for module in (consolidate_notes, consolidate_clusters, detect_contradictions,
                   contradiction_pairs, check_coverage)
}
"""Every prompt's name and current version."""

"""The NLI model inside the offline judge: the frames decide whether two statements speak of
one thing, the model only whether their values can both hold; every verdict names its rule."""

from __future__ import annotations

import pytest

from reverie.judges import frames
from reverie.judges.lexicon import one_kind
from reverie.judges.nli import NLIScores
from reverie.judges.nlp import analyze_many
from reverie.judges.offline import OfflineJudge

SURE = NLIScores(0.0, 0.01, 0.99)
UNSURE = NLIScores(0.3, 0.4, 0.3)


def pair(a: str, b: str, cosine: float, scores: NLIScores | None) -> frames.Pair:
    x, y = analyze_many([a, b])
    return frames.Pair(x, y, cosine, (lambda: scores) if scores is not None else None)


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [("teacher", "cook", True), ("euro", "dollar", False), ("cat", "dog", True),
     ("dog", "house", False), ("accountant", "dog", False), ("city", "town", True),
     ("Zorblax", "Quuxly", False), ("plan", "plan", True)],
)
def test_one_kind_needs_a_specific_common_hypernym(a: str, b: str, kind: bool) -> None:
    """Two nouns are of one kind when they share a hypernym at least six levels down."""
    assert one_kind(a, b) is kind


def test_one_frame_with_values_of_one_kind() -> None:
    """A copula and another verb with values of one kind are one frame ("teacher"/"cook")."""
    assert frames.one_frame(pair("I am a teacher.", "I work as a cook.", 0.5, None))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I have three dogs.", "I work as an accountant."),  # another thing
        ("Acme uses Slack for chat.", "Acme uses Zoom for calls."),  # two scopes
        ("Ann is a teacher.", "Ben is a cook."),  # two holders
        ("The user was a teacher.", "The user is a cook."),  # a former value
        ("The user is a teacher.", "The user is also a cook."),  # an addition
        # a thing of the holder the other statement never mentions
        ("Tove is in the Lisbon office and works WET hours.",
         "Tove's main repository is infra-tools, a Rust crate."),
    ],
)
def test_not_one_frame(a: str, b: str) -> None:
    """Other things, scopes, holders, tenses or an "also" are never the model's to judge."""
    assert frames.one_frame(pair(a, b, 0.5, None)) is None


def test_model_contradiction_passes_the_frame_alignment() -> None:
    """A confident model contradicts one frame's other values, naming its rule and scores."""
    # two copulas: the model decides first; where it is unsure, the table finds one job
    # most likely (``likely-one-value``, left to a person; "works as a cook" would be
    # ``one-value-attribute``'s)
    found = frames.conflict(pair("I am a teacher.", "I am a cook.", 0.5, SURE))
    assert found is not None and found.rule == "nli-contradiction"
    assert found.scores == SURE.as_dict()
    unsure = frames.conflict(pair("I am a teacher.", "I am a cook.", 0.5, UNSURE))
    assert unsure is not None and unsure.rule == "likely-one-value"


def test_model_alone_never_contradicts_two_things() -> None:
    """However confident, the model does not contradict statements of two things."""
    assert frames.conflict(pair("I have three dogs.", "I work as an accountant.", 0.5, SURE)) is None


def test_model_doubt_vetoes_a_merge_of_one_frame() -> None:
    """One frame's values are kept apart when the model doubts they can both hold (below
    a contradiction), and the finding says so; without the model's doubt the rules keep
    two kinds of one thing apart too ("teacher" / "cook": ``swapped-values``)."""
    a, b = "I am a teacher at the school.", "I work as a cook at the school."
    doubt = NLIScores(0.2, 0.4, 0.4)
    assert frames.same_fact(pair(a, b, 0.8, UNSURE)) is None
    rules_alone = frames.apart(pair(a, b, 0.8, UNSURE))
    assert rules_alone is not None and rules_alone.rule == "swapped-values"
    vetoed = frames.apart(pair(a, b, 0.8, doubt))
    assert vetoed is not None and vetoed.rule == "nli-merge-veto"
    assert frames.conflict(pair(a, b, 0.8, doubt)) is None
    assert frames.absorbs(pair(a, b, 0.9, doubt)) is None


def test_synonyms_are_no_other_value() -> None:
    """Values that are WordNet synonyms are one value: never the model's to veto."""
    a, b = "The user prefers concise answers.", "The user prefers concise replies."
    assert frames.one_frame(pair(a, b, 0.9, None)) is None
    assert frames.same_fact(pair(a, b, 0.9, SURE)) is not None


def test_offline_judge_resolves_two_jobs_with_the_model() -> None:
    """With the shipped model, one person's two jobs are a contradiction by the model's rule;
    without it, by the table of one-value attributes ("works as" names an occupation)."""
    from datetime import UTC, datetime

    from reverie.handlers.dream.judging import JudgedNote

    when = datetime(2026, 1, 1, tzinfo=UTC)
    a = JudgedNote("a", "i m the general manager of the local grocery store", "Fact", when, 0)
    b = JudgedNote("b", "i work as a grill cook", "Fact", when, 0)
    with_model = OfflineJudge().contradicts_now(a, b)
    assert with_model.contradicts
    assert [f.rule for f in with_model.findings] == ["nli-contradiction"]
    without = OfflineJudge(nli=False).contradicts_now(a, b)
    assert [f.rule for f in without.findings] == ["one-value-attribute"]

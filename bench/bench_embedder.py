"""Throughput and memory of the built-in NumPy all-MiniLM-L6-v2 embedder.

Embeds 2,000 generated short notes (the kind an agent stores: preferences, facts,
decisions, reminders) at batch sizes 16, 64 and 128, plus one-note-per-call latency,
prints a table and writes ``bench/results/embedder.json``.

    .venv/bin/python bench/bench_embedder.py [--notes 2000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reverie.embeddings.local import LocalMiniLMEmbedder  # noqa: E402

PEOPLE = ["The user", "Alice", "Bob", "My manager", "The customer", "Priya", "The on-call engineer"]
LIKES = ["prefers", "likes", "dislikes", "asked for", "wants", "always expects", "hates"]
THINGS = [
    "concise answers",
    "bullet points instead of long paragraphs",
    "dark mode in every editor",
    "detailed explanations with code samples",
    "meetings before 10am",
    "Python over Go for scripting",
    "answers in French",
    "a summary at the end of each reply",
    "tabs rather than spaces",
    "to be called by their first name",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "next week", "end of month"]
DOCS = ["invoice", "quarterly report", "security review", "design doc", "tax return", "contract"]
SERVICES = ["billing-api", "search", "auth gateway", "staging database", "payments worker"]
PROBLEMS = [
    "ran out of disk space",
    "failed its health check",
    "was rolled back after a bad deploy",
    "hit the rate limit",
    "had stale TLS certificates",
]
PLACES = ["Berlin", "Lisbon", "Tokyo", "Toronto", "Nairobi", "São Paulo"]


NOTE_KINDS: tuple[Callable[[random.Random], str], ...] = (
    lambda r: f"{r.choice(PEOPLE)} {r.choice(LIKES)} {r.choice(THINGS)}.",
    lambda r: f"The {r.choice(DOCS)} is due on {r.choice(DAYS)}.",
    lambda r: (
        f"On {r.choice(DAYS)} the {r.choice(SERVICES)} {r.choice(PROBLEMS)}; "
        f"{r.choice(PEOPLE).lower()} fixed it."
    ),
    lambda r: f"{r.choice(PEOPLE)} lives in {r.choice(PLACES)} and works remotely.",
    lambda r: f"Remind {r.choice(PEOPLE).lower()} about the {r.choice(DOCS)}.",
    lambda r: (
        f"Decision: we keep {r.choice(SERVICES)} on version {r.randint(1, 9)}."
        f"{r.randint(0, 20)} until the {r.choice(DOCS)} is signed."
    ),
    lambda r: f"Don't suggest {r.choice(THINGS)} to {r.choice(PEOPLE).lower()} again.",
    lambda r: (
        f"{r.choice(PEOPLE)} mentioned that the {r.choice(SERVICES)} "
        f"{r.choice(PROBLEMS)} twice last month, and asked for a post-mortem "
        f"covering alerting, ownership and the rollback procedure before "
        f"{r.choice(DAYS)}."
    ),
    lambda r: f"Ticket #{r.randint(1000, 99999)}: {r.choice(PROBLEMS)}.",
)
"""The kinds of note, each drawn with equal chance; each writes one from the generator."""


def make_notes(n: int, seed: int = 1234) -> list[str]:
    """Return ``n`` varied, realistic short notes (mostly 8-25 tokens, a few longer)."""
    rng = random.Random(seed)
    return [NOTE_KINDS[rng.randrange(len(NOTE_KINDS))](rng) for _ in range(n)]


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--single", type=int, default=200, help="notes for 1-per-call latency")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "embedder.json")
    args = parser.parse_args()

    notes = make_notes(args.notes)
    rss_start = peak_rss_mib()

    embedder = LocalMiniLMEmbedder()
    t0 = time.perf_counter()
    embedder.load()
    load_s = time.perf_counter() - t0
    model = embedder._ensure_loaded()
    token_counts = [len(e.ids) for e in model.tokenizer.encode_batch(notes)]
    rss_loaded = peak_rss_mib()

    embedder.embed_array(notes[:64])  # warm-up: first-touch page faults, BLAS threads
    rows = []
    for batch_size in (16, 64, 128):
        bench = LocalMiniLMEmbedder(batch_size=batch_size)
        bench._model = model  # share the loaded weights
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            cpu_start = time.process_time()
            bench.embed_sync(notes)
            times.append((time.perf_counter() - start, time.process_time() - cpu_start))
        walls = [w for w, _ in times]
        best = min(walls)
        rows.append(
            {
                "batch_size": batch_size,
                "notes": len(notes),
                "notes_per_s_best": round(len(notes) / best, 1),
                "notes_per_s_median": round(len(notes) / statistics.median(walls), 1),
                "wall_s_runs": [round(w, 3) for w in walls],
                "cpu_s_runs": [round(c, 3) for _, c in times],
                "peak_rss_mib": round(peak_rss_mib(), 1),
            }
        )

    single = notes[: args.single]
    start = time.perf_counter()
    for note in single:
        embedder.embed_sync([note])
    single_s = time.perf_counter() - start

    result = {
        "model": embedder.model_name,
        "dimension": embedder.dimension,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "cpu_count": os.cpu_count(),
        "machine": platform.machine(),
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "tokens_per_note": {
            "mean": round(statistics.fmean(token_counts), 1),
            "min": min(token_counts),
            "max": max(token_counts),
        },
        "load_s": round(load_s, 3),
        "peak_rss_mib": {
            "before_load": round(rss_start, 1),
            "after_load": round(rss_loaded, 1),
            "end": round(peak_rss_mib(), 1),
        },
        "batched": rows,
        "one_note_per_call": {
            "notes": len(single),
            "notes_per_s": round(len(single) / single_s, 1),
            "ms_per_note": round(single_s / len(single) * 1000, 2),
        },
    }

    print(
        f"all-MiniLM-L6-v2 (NumPy), {len(notes)} notes, "
        f"{result['tokens_per_note']['mean']} tokens/note on average, "
        f"{os.cpu_count()} CPUs, model load {load_s:.2f} s"
    )
    print(f"{'batch':>6} {'notes/s best':>13} {'notes/s median':>15} {'peak RSS MiB':>13}")
    for row in rows:
        print(
            f"{row['batch_size']:>6} {row['notes_per_s_best']:>13} "
            f"{row['notes_per_s_median']:>15} {row['peak_rss_mib']:>13}"
        )
    one = result["one_note_per_call"]
    print(f"one note per call: {one['notes_per_s']} notes/s ({one['ms_per_note']} ms/note)")
    print(f"peak RSS: {result['peak_rss_mib']}  load average: {result['load_average_at_end']}")

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

"""Reading an agent's notes from MongoDB with and without their vectors (``iter_records``).

    python -m bench.reads --notes 10000 --repeats 3

Stale-reference pruning and retention read every Active note of an agent and only look
at its metadata; since ``vectors=False`` they leave the 384-float embedding on the server
(a projection). This measures one full read of one agent's notes both ways, alternately,
on the local FerretDB (``deploy/local/up``; a database of its own, dropped after).
Prints one JSON line: the median seconds per read each way and the notes per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from bench.common import load
from reverie.domain.model import Note, Status
from reverie.storage.mongo import MongoNotes, connect, ensure_indexes
from tests.integration.harness import state_env


async def measure(notes_n: int, repeats: int) -> dict[str, Any]:
    """Add ``notes_n`` notes with 384-d vectors, read them back ``repeats`` times each way."""
    env = state_env()
    client = connect(env["REVERIE_MONGO_URL"])
    database = f"bench_reads_{uuid.uuid4().hex[:8]}"
    db = client[database]
    rng = random.Random(7)
    try:
        await ensure_indexes(db)
        notes = MongoNotes(db)
        now = datetime.now(UTC)
        batch = [
            Note(note_id=f"n-{i:06d}", text=f"Fact number {i} about the user.", agent_id="a-1",
                 created_at=now, embedding=[rng.uniform(-1, 1) for _ in range(384)],
                 embedding_model="all-MiniLM-L6-v2")
            for i in range(notes_n)
        ]
        for start in range(0, notes_n, 1000):
            await notes.add_many(batch[start:start + 1000])
        seconds: dict[str, list[float]] = {"with_vectors": [], "without_vectors": []}
        for _ in range(repeats):
            for name, vectors in (("with_vectors", True), ("without_vectors", False)):
                started = time.perf_counter()
                count = 0
                async for _note in notes.iter_records("a-1", Status.ACTIVE, True,
                                                      vectors=vectors):
                    count += 1
                seconds[name].append(time.perf_counter() - started)
                assert count == notes_n, count
        median = {k: statistics.median(v) for k, v in seconds.items()}
        return {
            "notes": notes_n,
            "repeats": repeats,
            "seconds": {k: round(v, 3) for k, v in median.items()},
            "notes_per_s": {k: round(notes_n / v) for k, v in median.items()},
            "runs": {k: [round(x, 3) for x in v] for k, v in seconds.items()},
            "load": load(),
        }
    finally:
        await client.drop_database(database)
        await client.close()


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and print its JSON line."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--notes", type=int, default=10_000)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.notes, args.repeats))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

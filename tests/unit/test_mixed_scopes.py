"""Company-wide groups meet user groups through one matrix of centroids, not pair by pair."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from reverie.domain.model import Note
from reverie.handlers.dream import consolidation
from reverie.handlers.dream.clustering import Cluster, centroid_similarity, similar_groups
from tests.dreamkit import add_notes, dream_app, note, run_dream
from tests.fakes import T0


def groups(n: int, seed: int, user: str | None, centres: np.ndarray) -> list[Cluster]:
    rng = np.random.default_rng(seed)
    out = []
    for g in range(n):
        centre = centres[int(rng.integers(len(centres)))]
        notes = tuple(Note(
            note_id=f"{user}-{g}-{i}", text="x", note_type="Context", agent_id="a-1",
            company_id="co", user_id=user, created_at=T0,
            embedding=(centre + rng.normal(scale=0.6, size=centres.shape[1])).tolist())
            for i in range(int(rng.integers(1, 4))))
        out.append(Cluster(notes, 1.0))
    return out


@pytest.mark.parametrize("block", [7, 1024])
def test_candidates_include_every_pair_at_or_above_the_threshold(block: int) -> None:
    centres = np.random.default_rng(0).normal(size=(15, 24))
    company = groups(120, 1, None, centres)
    users = groups(80, 2, "u-1", centres)
    want = {(i, j) for i, a in enumerate(company) for j, b in enumerate(users)
            if centroid_similarity(a.notes, b.notes) >= 0.62}
    got = {(i, j) for i, js in similar_groups(company, users, 0.62, block=block) for j in js}
    assert want and want <= got
    confirmed = {(i, j) for i, j in got
                 if centroid_similarity(company[i].notes, users[j].notes) >= 0.62}
    assert confirmed == want
    rows = [i for i, _ in similar_groups(company, users, 0.62, block=block)]
    assert rows == sorted(rows)
    assert all(js == sorted(js) for _, js in similar_groups(company, users, 0.62, block=block))


async def test_the_dream_compares_only_close_groups_across_scopes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    def counting(a: Any, b: Any) -> float:
        calls.append((a, b))
        return centroid_similarity(a, b)

    monkeypatch.setattr(consolidation, "centroid_similarity", counting)
    app = dream_app()
    topics = ["invoices are sent on the first Monday of the month",
              "the staging database is restored every night",
              "support tickets are answered within four hours",
              "the mobile app release train leaves every second Thursday",
              "passwords rotate every ninety days", "the office closes at six on Fridays",
              "customers in Germany are billed in euros", "the API rate limit is 100 calls",
              "logs are kept for thirty days", "new hires get a laptop on day one"]
    await add_notes(app, *[note(f"co{i}", f"At Acme, {t}.", day=i, company_id="co")
                           for i, t in enumerate(topics)],
                    *[note(f"u{i}", f"For this user, {t}.", day=i, company_id="co",
                           user_id=f"u-{i % 2}")
                      for i, t in enumerate(["dark mode is preferred",
                                             "meetings are never before ten",
                                             "answers should be in Spanish",
                                             "the timezone is Pacific"])])
    await run_dream(app)
    # 10 company groups x 4 user groups = 40 comparisons pair by pair
    assert len(calls) < 10

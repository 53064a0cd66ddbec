"""The offline judge's NLI scorer: the shipped weights load, are the ones trained, and score
known pairs of each class as SNLI taught them."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from reverie.judges import nli
from reverie.judges.nli import NLIModelUnavailable, NLIScorer, NLIScores, weights_path


@pytest.fixture(scope="module")
def scorer() -> NLIScorer:
    s = NLIScorer()
    s.load()
    return s


def test_shipped_weights_match_the_pinned_checksum() -> None:
    """The package data is the file the training script wrote (SHA-256 pinned in code)."""
    assert hashlib.sha256(weights_path().read_bytes()).hexdigest() == nli.SHA256


def test_altered_weights_are_refused(tmp_path: Path) -> None:
    """A weights file with another checksum is refused with the fix, never used."""
    bad = tmp_path / "nli.safetensors"
    data = bytearray(weights_path().read_bytes())
    data[-1] ^= 0xFF
    bad.write_bytes(bytes(data))
    with pytest.raises(NLIModelUnavailable, match="scripts/train_nli.py"):
        NLIScorer(path=bad).load()


def test_missing_weights_say_so(tmp_path: Path) -> None:
    """A missing file is a clear configuration error."""
    with pytest.raises(NLIModelUnavailable, match="missing"):
        NLIScorer(path=tmp_path / "absent.safetensors").load()


def test_card_records_data_seed_and_accuracy(scorer: NLIScorer) -> None:
    """The weights carry their training card: SNLI hashes, seed, per-class test accuracy."""
    card = scorer.card
    assert card["data_sha256"]["train"].startswith("b4df4174")
    assert card["seed"] == 20
    assert set(card["snli_test"]["per_class"]) == {"entailment", "neutral", "contradiction"}
    assert card["snli_test"]["accuracy"] > 0.7
    assert "CC BY-SA 4.0" in card["licence"]


KNOWN = [
    ("A man is playing a guitar on stage.", "A man is playing an instrument.", "entailment"),
    ("Two dogs run through a field.", "Animals are outside.", "entailment"),
    ("A woman is sleeping in her bed.", "A woman is running a marathon.", "contradiction"),
    ("A man is sleeping on a couch.", "A man is running a marathon.", "contradiction"),
    ("A man is walking down the street.", "The man is going to work.", "neutral"),
    ("A girl is reading a book.", "The girl is reading a book for school.", "neutral"),
]


@pytest.mark.parametrize(("a", "b", "label"), KNOWN)
def test_known_pairs_of_each_class(scorer: NLIScorer, a: str, b: str, label: str) -> None:
    """SNLI-style pairs get their class as the most probable one."""
    (s,) = scorer.score([(a, b)])
    probs = s.as_dict()
    assert max(probs, key=probs.__getitem__) == label, probs


def test_scores_are_probabilities_and_cached(scorer: NLIScorer) -> None:
    """Each ordered pair's three probabilities sum to one; a repeat is the same object."""
    pair = ("The user lives in Denver.", "The user lives in Austin.")
    (first,) = scorer.score([pair])
    (again,) = scorer.score([pair])
    assert again is first
    assert abs(first.entailment + first.neutral + first.contradiction - 1) < 1e-5


def test_both_ways_averages_the_orders(scorer: NLIScorer) -> None:
    """The symmetric score is the mean of the two orders."""
    a, b = "Acme is on the Pro plan.", "Acme is on the Basic plan."
    ab, ba = scorer.score([(a, b), (b, a)])
    both = scorer.both_ways(a, b)
    assert both.contradiction == pytest.approx((ab.contradiction + ba.contradiction) / 2)


def test_contradiction_both_ways_scores_the_second_order_only_where_the_mean_can_reach(
        scorer: NLIScorer) -> None:
    """None when the first order's p(contradiction) leaves the mean short of the bound even
    if the second were 1, without scoring the second; else the mean of both orders."""
    class Counting(NLIScorer):
        asked: list[tuple[str, str]] = []

        def score(self, pairs: Sequence[tuple[str, str]]) -> list[NLIScores]:
            self.asked.extend(pairs)
            return super().score(pairs)

    a, b = "A man is sleeping in his bed.", "A man is running a marathon."
    (ab,) = scorer.score([(a, b)])
    counting = Counting()
    assert counting.contradiction_both_ways(a, b, (ab.contradiction + 1.0) / 2 + 0.01) is None
    assert counting.asked == [(a, b)]
    both = counting.contradiction_both_ways(a, b, 0.0)
    assert both is not None and counting.asked[-1] == (b, a)
    assert both.contradiction == pytest.approx(scorer.both_ways(a, b).contradiction)


def test_a_helper_thread_shares_a_batch_and_leaves_the_scores(scorer: NLIScorer) -> None:
    """Scored with a helper thread (two batches, one each), every pair gets the scores one
    batch gives it, to float rounding; and later reads come from the cache."""
    pairs = [(f"A man is sleeping in bed number {i}.", "A man is running a marathon.")
             for i in range(7)] + [("Acme is on the Pro plan.", "Acme is on the Basic plan.")]
    want = scorer.score(pairs)
    helped = NLIScorer()

    class Recording(ThreadPoolExecutor):
        """A pool that counts what it is given to run."""

        given = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            Recording.given += 1
            return super().submit(fn, *args, **kwargs)

    with Recording(1) as pool:
        got = helped.score(pairs, pool)
    assert Recording.given == 1  # the helper was offered the batch's second half
    for w, g in zip(want, got, strict=True):
        assert g.contradiction == pytest.approx(w.contradiction, abs=1e-5)
        assert g.entailment == pytest.approx(w.entailment, abs=1e-5)
    assert helped.score(pairs[:1]) == got[:1]


def _quantize_script() -> object:
    import importlib.util

    path = Path(__file__).parents[2] / "scripts" / "quantize_nli.py"
    spec = importlib.util.spec_from_file_location("quantize_nli", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_int8_groups_round_trip_within_half_a_step() -> None:
    """Each weight comes back within half its group's step (max |w| / 127 / 2)."""
    import numpy as np

    quantize = _quantize_script().quantize  # type: ignore[attr-defined]
    w = np.random.default_rng(0).normal(size=(8, 64)).astype(np.float32)
    w[0, 0] = 40.0  # an outlier costs only its own group's precision
    codes, scale = quantize(w, 32)
    assert codes.dtype == np.int8 and scale.shape == (8, 2)
    back = (codes.reshape(8, 2, 32) * scale.astype(np.float32)[:, :, None]).reshape(8, 64)
    step = np.repeat(scale.astype(np.float32), 32, axis=1)
    assert np.all(np.abs(back - w) <= step / 2 + 1e-3 * np.abs(w))


def test_int8_weights_load_and_score_like_the_float16_ones(tmp_path: Path) -> None:
    """A quantized copy (scripts/quantize_nli.py) loads through the same reader, records
    its scheme in the card, and moves no known pair's probabilities by more than 0.05."""
    out = tmp_path / "int8.safetensors"
    assert _quantize_script().main([str(weights_path()), str(out)]) == 0  # type: ignore[attr-defined]
    assert out.stat().st_size < weights_path().stat().st_size * 0.6
    small, full = NLIScorer(path=out, sha256=""), NLIScorer()
    assert "int8" in small.card["quantized"]
    pairs = [(a, b) for a, b, _ in KNOWN]
    for x, y in zip(small.score(pairs), full.score(pairs), strict=True):
        for k in ("entailment", "neutral", "contradiction"):
            assert abs(getattr(x, k) - getattr(y, k)) < 0.05

"""Store an NLI scorer's matrices as int8 (reverie/judges/data/*.safetensors), half the size.

Each 2-D weight (an encoder layer's dense matrices and the head) becomes int8 with one
float16 scale per group of 32 inputs of each output row (symmetric, rounded to nearest),
stored as ``NAME`` (int8, the matrix's shape) and ``NAME.scale`` (rows x columns / 32).
Biases and LayerNorm stay float16. The reader (:mod:`reverie.judges.nli`) dequantizes on
load; nothing else changes. The card gains ``"quantized"`` (the scheme) and the largest
probability change measured on ``--check`` pairs (JSONL with ``a`` and ``b``)::

    python scripts/quantize_nli.py IN.safetensors OUT.safetensors --check eval/train/train-k.jsonl

Deterministic: the same input gives the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

GROUP = 32
SCHEME = f"int8, one float16 scale per {GROUP} inputs of a row"


def quantize(
    matrix: npt.NDArray[np.floating], group: int = GROUP,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float16]]:
    """Symmetric int8 in groups of ``group`` inputs per output row: the codes (same shape)
    and each group's float16 scale (max |w| / 127), shape ``(rows, columns / group)``."""
    w = np.asarray(matrix, np.float32)
    rows, cols = w.shape
    if cols % group:
        raise ValueError(f"{cols} columns do not split into groups of {group}")
    blocks = w.reshape(rows, cols // group, group)
    scale = np.abs(blocks).max(axis=2) / 127.0
    scale = np.where(scale == 0, 1.0, scale).astype(np.float16)
    codes = np.rint(blocks / scale.astype(np.float32)[:, :, None])
    return np.clip(codes, -127, 127).astype(np.int8).reshape(rows, cols), scale


def _max_change(before: Path, after: Path, check: Path, limit: int) -> float:
    from reverie.judges.nli import NLIScorer

    rows = [json.loads(line) for line in check.read_text().splitlines() if line.strip()][:limit]
    pairs = [(r["a"], r["b"]) for r in rows]
    old = NLIScorer(path=before, sha256="").score(pairs)
    new = NLIScorer(path=after, sha256="").score(pairs)
    return float(max(
        abs(getattr(o, k) - getattr(n, k))
        for o, n in zip(old, new, strict=True)
        for k in ("entailment", "neutral", "contradiction")
    ))


def main(argv: list[str] | None = None) -> int:
    """Write OUT from IN; print its size, SHA-256 and (with --check) the largest change."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="float16 weights written by scripts/train_nli.py")
    ap.add_argument("out", type=Path)
    ap.add_argument("--check", type=Path, help="JSONL pairs to measure the change on")
    ap.add_argument("--check-limit", type=int, default=300)
    args = ap.parse_args(argv)
    from safetensors import safe_open
    from safetensors.numpy import save_file

    if not args.source.is_file():
        ap.error(f"{args.source} is not a file")
    with safe_open(str(args.source), framework="numpy") as fh:
        card = json.loads((fh.metadata() or {}).get("card", "{}"))
        tensors = {name: fh.get_tensor(name) for name in fh.keys()}  # noqa: SIM118 (not a dict)
    if card.get("quantized"):
        ap.error(f"{args.source} is already quantized ({card['quantized']})")
    out: dict[str, npt.NDArray[np.generic]] = {}
    for name, value in sorted(tensors.items()):
        if value.ndim == 2:
            out[name], out[f"{name}.scale"] = quantize(value)
        else:
            out[name] = np.ascontiguousarray(value, np.float16)
    card["quantized"] = SCHEME
    card["float16_sha256"] = hashlib.sha256(args.source.read_bytes()).hexdigest()
    save_file(out, str(args.out), metadata={"card": json.dumps(card, sort_keys=True)})
    if args.check:
        card["quantized_max_probability_change"] = round(
            _max_change(args.source, args.out, args.check, args.check_limit), 4)
        card["quantized_check"] = f"{args.check.name}, first {args.check_limit} pairs"
        save_file(out, str(args.out), metadata={"card": json.dumps(card, sort_keys=True)})
    sha = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB, SHA-256 {sha})")
    if args.check:
        print(f"largest probability change: {card['quantized_max_probability_change']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

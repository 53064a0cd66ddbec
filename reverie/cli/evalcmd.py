"""``reverie eval EVENTS LABELS``: replay a labeled corpus and score the memory it leaves.

The replay runs in this process on a fresh state of its own (in-memory storage and
vector index unless ``--storage``/``--vector-backend`` say otherwise), with the
offline judge unless ``--judge llm``; then :mod:`reverie.evaluation` scores the
export against the labels. The report is a table (rich on a terminal, plain
otherwise) or JSON (``--json``); the exit status is 1 when a threshold fails, with
one line on stderr naming each failed threshold.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.cli.errors import CliError
from reverie.config import Settings


def _file(value: str) -> Path:
    path = Path(value)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {value}")
    return path


def add_eval_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``eval`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "eval", help="replay a labeled corpus and score consolidation quality")
    p.add_argument("events", type=_file, help="the corpus events (JSONL envelopes)")
    p.add_argument("labels", type=_file, help="the corpus labels (JSON, see eval/README.md)")
    p.add_argument("--judge", choices=("offline", "llm"), default="offline",
                   help="the judge of the dreams (default offline; llm uses REVERIE_LLM_*)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--thresholds", type=_file, metavar="FILE",
                   help="JSON of metric -> bound overriding the default thresholds")
    p.add_argument("--storage", choices=("memory", "mongo"), default="memory",
                   help="document store of the replay (default memory)")
    p.add_argument("--vector-backend", choices=("memory", "qdrant"), default="memory",
                   help="vector index of the replay (default memory)")
    p.add_argument("--export", type=Path, metavar="FILE",
                   help="also write the final state (export rows) to FILE")
    return p


@dataclass
class EvalRun:
    """What one replay produced, before scoring."""

    rows: list[dict[str, Any]]
    usage: Any
    now: datetime
    events: int = 0
    errors: list[str] = field(default_factory=list)


def replay_time(labels: dict[str, Any], events: Path) -> datetime:
    """The time the replay ends at: the labels' ``replay_time``, else the last
    ``dream.requested`` of the file, else its last event."""
    from reverie.replay import parse_now

    if labels.get("replay_time"):
        return parse_now(str(labels["replay_time"]))
    last = dream = None
    with events.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            try:
                env = json.loads(line)
                at = parse_now(env["occurred_at"])
            except (ValueError, KeyError, TypeError):
                continue
            last = at if last is None or at > last else last
            if env.get("event_type") == "dream.requested":
                dream = at if dream is None or at > dream else dream
    found = dream or last
    if found is None:
        from reverie.errors import ReverieError

        raise ReverieError(f"{events}: no event with a valid occurred_at")
    return found


class PrewarmedEmbedder:
    """Wraps an embedder with a cache filled by one batched call over the corpus' texts.

    A replay ingests notes as they come, often one at a time (other events sit
    between them), and one text at a time costs the local model almost as much as a
    batch of fifty. The vectors are the inner model's own (batching changes them by
    float32 rounding only, about 1e-7); texts not seen before (merged notes) go to the
    inner embedder.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.model_name: str = inner.model_name
        self.dimension: int = inner.dimension
        self.cache: dict[str, list[float]] = {}

    async def warm(self, texts: Any) -> None:
        """Embed every text not cached yet, in one call."""
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            self.cache.update(zip(todo, await self.inner.embed(todo), strict=True))

    async def embed(self, texts: Any) -> list[list[float]]:
        """Return one vector per text (cached, or from the inner embedder)."""
        await self.warm(texts)
        return [self.cache[t] for t in texts]


def note_texts(events: Path) -> list[str]:
    """The texts of the file's ``note.created`` events (lines that do not parse skipped)."""
    out = []
    with events.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                env = json.loads(line)
                if env.get("event_type") == "note.created":
                    out.append(str(env["data"]["text"]))
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
    return out


async def replay_corpus(events: Path, now: datetime, settings: Settings,
                        embedder: Any = None) -> EvalRun:
    """Replay ``events`` on a fresh, isolated state; return the export and the LLM use."""
    from reverie.bootstrap import build_embedder
    from reverie.clock import FixedClock
    from reverie.evaluation import Usage
    from reverie.replay import export_state, isolated, read_lines, replay_into

    clock = FixedClock(now)
    warm = PrewarmedEmbedder(embedder or build_embedder(settings))
    await warm.warm(note_texts(events))
    async with isolated(settings, clock=clock, embedder=warm) as app:
        report = await replay_into(app, read_lines(events), clock)
        clock.set(now)
        rows = await export_state(app)
        usage = Usage()
        for run in await app.runs.list_runs(None, limit=100_000):
            usage.runs += 1
            for step in await app.runs.steps(run.run_id):
                if step.parent_step_id is None:
                    usage.llm_calls += step.llm_calls
                    usage.tokens += step.tokens
    errors = [f"{events}:{n}: {why}" for n, why in report.invalid + report.failed]
    return EvalRun(rows=rows, usage=usage, now=now, events=report.events, errors=errors)


def eval_settings(settings: Settings, judge: str, storage: str = "memory",
                  vector_backend: str = "memory") -> Settings:
    """The settings of an evaluation replay."""
    return settings.model_copy(update={"judge": judge, "storage": storage,
                                       "vector_backend": vector_backend})


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    """Replay, score, print; 1 if a threshold fails."""
    import asyncio

    from reverie.evaluation import (
        LabelsInvalid,
        check_thresholds,
        evaluate,
        load_labels,
        load_thresholds,
    )
    from reverie.replay import write_export

    try:
        labels = load_labels(args.labels)
        thresholds = load_thresholds(args.thresholds)
    except LabelsInvalid as exc:
        raise CliError(str(exc)) from exc
    from reverie import logs

    if settings.log_level.upper() in ("INFO", "DEBUG") and "REVERIE_LOG_LEVEL" not in os.environ:
        logs.configure(settings.log_format, "WARNING")  # the report is the output
    now = replay_time(labels, args.events)
    cfg = eval_settings(settings, args.judge, args.storage, args.vector_backend)

    def go() -> EvalRun:
        return asyncio.run(replay_corpus(args.events, now, cfg))

    if sys.stderr.isatty() and not args.json:
        from rich.console import Console

        with Console(stderr=True).status(f"replaying {args.events.name} …"):
            result = go()
    else:
        result = go()
    if args.export:
        write_export(result.rows, args.export)
    report = evaluate(result.rows, labels, result.usage, replay_errors=len(result.errors))
    report.details["replay_errors"] = result.errors
    checks = check_thresholds(report, thresholds)
    failed = [c for c in checks if not c.passed]
    if args.json:
        print(json.dumps({
            "events": str(args.events), "labels": str(args.labels),
            "split": labels.get("split"), "judge": args.judge, "now": now.isoformat(),
            "metrics": report.metrics, "counts": report.counts,
            "checks": [{"metric": c.metric, "value": c.value, "op": c.op, "bound": c.bound,
                        "passed": c.passed} for c in checks],
            "passed": not failed, "details": report.details,
        }, indent=2, ensure_ascii=False))
    else:
        from reverie.cli import views

        print_report(report, checks, title=f"{labels.get('split') or args.events.name} "
                     f"({args.judge} judge, {report.counts['notes']} notes)",
                     tty=views.is_tty())
    if failed:
        print("reverie eval: FAIL: " + "; ".join(c.describe() for c in failed),
              file=sys.stderr)
        return 1
    return 0


_ROWS: tuple[tuple[str, str], ...] = (
    ("cluster_reduction", "active-note reduction on redundant clusters"),
    ("cluster_reduction_ideal", "  (ideal: one note per cluster)"),
    ("fact_recall", "fact recall"),
    ("contradiction_accuracy", "contradiction accuracy"),
    ("complementary_preservation", "complementary pairs preserved"),
    ("singleton_preservation", "singletons preserved"),
    ("stale_recall", "stale-pruning recall"),
    ("stale_precision", "stale-pruning precision"),
    ("retention_accuracy", "retention accuracy"),
    ("temporal_pass_rate", "temporal normalization pass rate"),
    ("privacy_violations", "privacy violations"),
    ("injection_violations", "injection violations"),
    ("llm_calls_per_100_notes", "LLM calls per 100 notes"),
    ("tokens_per_100_notes", "tokens per 100 notes"),
    ("replay_errors", "replay errors (invalid or failed events)"),
)

_DETAILS = (
    ("facts_lost", "facts lost"), ("contradictions_wrong", "contradictions resolved wrongly"),
    ("complementary_broken", "complementary pairs broken"),
    ("singletons_lost", "singletons lost"), ("stale_missed", "stale notes not archived"),
    ("stale_wrongly_archived", "archived as stale wrongly"),
    ("retention_wrong", "retention wrong"), ("temporal_failures", "temporal failures"),
    ("privacy_violations", "privacy violations"),
    ("injection_violations", "injection violations"), ("replay_errors", "replay errors"),
    ("clusters_not_merged", "clusters left unmerged"),
)


def _value(value: Any) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float) and value <= 1.0 and value >= 0.0:
        return f"{value:.3f}"
    return f"{value:g}" if isinstance(value, float) else str(value)


def print_report(report: Any, checks: list[Any], *, title: str, tty: bool,
                 max_details: int = 8) -> None:
    """Print the metrics table and the ids behind the misses."""
    by_metric = {c.metric: c for c in checks}
    table_rows = []
    for metric, label in _ROWS:
        check = by_metric.get(metric)
        bound = "" if check is None else (
            f"{'>=' if check.op == 'min' else '<='} {check.bound:g}")
        result = "" if check is None else ("PASS" if check.passed else "FAIL")
        table_rows.append((label, _value(report.metrics.get(metric)), bound, result))
    counts = report.counts
    summary = (f"{counts['clusters']} clusters ({counts['clusters_merged']} merged, "
               f"{counts['cluster_notes_before']} → {counts['cluster_notes_after']} notes), "
               f"{counts['facts']} facts, {counts['contradictions']} contradictions, "
               f"{counts['complementary']} complementary pairs, {counts['singletons']} "
               f"singletons, {counts['stale']} stale, {counts['retention']} retention, "
               f"{counts['relative_dates']} relative dates "
               f"({counts['relative_dates_not_merged']} not merged), "
               f"{counts['privacy_traps']} privacy traps, {counts['injections']} injections; "
               f"{counts['llm_calls']} LLM calls, {counts['tokens']} tokens over "
               f"{counts['runs']} runs")
    details = [(label, report.details.get(key, [])) for key, label in _DETAILS]
    if tty:
        from rich.console import Console
        from rich.table import Table

        con = Console(highlight=False)
        table = Table(title=title)
        for col in ("metric", "value", "threshold", "result"):
            table.add_column(col, justify="left" if col == "metric" else "right")
        for label, value, bound, result in table_rows:
            style = {"PASS": "green", "FAIL": "bold red"}.get(result, "")
            table.add_row(label, value, bound, f"[{style}]{result}[/]" if style else result)
        con.print(table)
        con.print(summary, style="dim")
        for label, items in details:
            if items:
                con.print(f"[bold]{label}[/] ({len(items)})")
                for item in items[:max_details]:
                    con.print(f"  - {item}", markup=False)
                if len(items) > max_details:
                    con.print(f"  … {len(items) - max_details} more (see --json)")
        return
    print(title)
    width = max(len(r[0]) for r in table_rows)
    for label, value, bound, result in table_rows:
        print(f"{label:<{width}}  {value:>8}  {bound:>8}  {result}".rstrip())
    print(summary)
    for label, items in details:
        if items:
            print(f"{label} ({len(items)}):")
            for item in items[:max_details]:
                print(f"  - {item}")
            if len(items) > max_details:
                print(f"  ... {len(items) - max_details} more (see --json)")


# ----------------------------------------------------------------------------- eval-pairs


def add_eval_pairs_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``eval-pairs`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "eval-pairs", help="score a judge on labeled statement pairs (same/contradiction/"
        "neutral)")
    p.add_argument("pairs", type=_file, help='JSONL of {"id","a","b","label","meta"}')
    p.add_argument("--judge", choices=("offline", "llm"), default="offline",
                   help="the judge to score (default offline; llm uses REVERIE_LLM_*)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--gate", action="store_true",
                   help="exit 1 when a bound of the offline judge's targets fails")
    return p


def cmd_eval_pairs(args: argparse.Namespace, settings: Settings) -> int:
    """Judge every pair, print the shares per label and dtype; 1 if --gate and a bound
    fails."""
    import asyncio

    from reverie.bootstrap import build_embedder, build_judge
    from reverie.clock import SystemClock
    from reverie.evaluation import LabelsInvalid
    from reverie.evaluation_pairs import load_pairs, score_pairs

    try:
        pairs = load_pairs(args.pairs)
    except (LabelsInvalid, UnicodeDecodeError) as exc:
        from reverie.errors import ReverieError  # one line, also under ``python -m``

        raise ReverieError(str(exc)) from exc
    from reverie import logs

    if settings.log_level.upper() in ("INFO", "DEBUG") and "REVERIE_LOG_LEVEL" not in os.environ:
        logs.configure(settings.log_format, "WARNING")
    cfg = settings.model_copy(update={"judge": args.judge})
    judge = build_judge(cfg, SystemClock(), build_embedder(cfg))

    async def go() -> Any:
        try:
            return await score_pairs(judge, pairs, concurrency=cfg.judge_concurrency)
        finally:
            close = getattr(judge, "aclose", None)
            if close is not None:
                await close()

    report = asyncio.run(go())
    checks = report.checks()
    if args.json:
        print(json.dumps({"pairs": str(args.pairs), **report.as_json()}, indent=2,
                         ensure_ascii=False))
    else:
        print_pair_report(report, title=f"{args.pairs.name} ({args.judge} judge, "
                          f"{len(pairs)} pairs)")
    failed = [c for c in checks if not c.passed]
    if failed and args.gate:
        print("reverie eval-pairs: FAIL: " + "; ".join(c.describe() for c in failed),
              file=sys.stderr)
        return 1
    return 0


def print_pair_report(report: Any, *, title: str) -> None:
    """Print the per-label and per-dtype (or kind) shares, the summary counts (plain
    text) and the bounds."""

    def pct(value: float | None) -> str:
        return "n/a" if value is None else f"{100 * value:.1f}%"

    print(title)
    rows = [(label, "", t) for label, t in report.by_label.items()]
    rows += [(label, dtype, t) for (label, dtype), t in report.by_dtype.items()]
    width = max([28, *(len(dtype) for _, dtype, _ in rows)])
    print(f"{'label':<14} {'dtype/kind':<{width}} {'pairs':>5} {'merged':>8} "
          f"{'contradiction':>14}")
    for label, dtype, t in rows:
        print(f"{label:<14} {dtype:<{width}} {t.n:>5} {pct(t.share('merged')):>8} "
              f"{pct(t.share('contradicted')):>14}")
    s = report.summary()
    print(f"contradictions found {s['contradictions_found']}/{s['contradictions']} "
          f"(recall {pct(s['contradiction_recall'])}); false alarms (same/neutral called "
          f"contradictions) {s['false_alarms']}/{s['non_contradictions']}; contradiction "
          f"pairs merged {s['contradictions_merged']}/{s['contradictions']}")
    for check in report.checks():
        print(f"{'PASS' if check.passed else 'FAIL'}  {check.describe()}")

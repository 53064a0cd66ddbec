"""Read-only commands: ``runs``, ``runs show``, ``notes show``, ``review`` — rich on a terminal.

Output is plain, tab-separated and pipe-friendly when stdout is not a terminal,
and ``--json`` prints machine-readable JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from reverie.domain.runs import DreamRun, RunStep


def console() -> Console:
    return Console(highlight=False, soft_wrap=not sys.stdout.isatty())


def is_tty() -> bool:
    return sys.stdout.isatty()


def dump(obj: Any) -> None:
    print(json.dumps(obj, indent=2, default=str, ensure_ascii=False))


def duration(run: DreamRun) -> str:
    if run.finished_at is None:
        return "running"
    return f"{(run.finished_at - run.started_at).total_seconds():.1f}s"


def counts(run: DreamRun) -> str:
    p = run.phases
    return (f"merged {p.get('consolidation', {}).get('merged_notes', 0)}, "
            f"contradictions {p.get('contradiction', {}).get('contradictions', 0)}, "
            f"stale {p.get('stale_pruning', {}).get('notes_archived', 0)}, "
            f"retention {_retained(p.get('retention', {}))}")


def _retained(r: dict[str, Any]) -> int:
    return sum(int(r.get(k, 0)) for k in ("notes_expired", "notes_stale", "examples_expired",
                                           "examples_stale"))


def print_runs(runs: Sequence[DreamRun]) -> None:
    """Print a table of runs."""
    rows = [(r.run_id, r.agent_id, r.trigger + (" (dry)" if r.dry_run else ""),
             r.started_at.strftime("%Y-%m-%d %H:%M:%S"), duration(r), r.status, counts(r))
            for r in runs]
    if not is_tty():
        for row in rows:
            print("\t".join(row))
        return
    table = Table(title="Dream runs")
    for name in ("run", "agent", "trigger", "started (UTC)", "took", "status", "counts"):
        table.add_column(name)
    for row in rows:
        table.add_row(*(Text(c) for c in row))
    console().print(table)


def trust_line(trust: dict[str, Any] | None) -> str:
    """One line on whether a run acted on its judge's word, with the qualification scores."""
    if not trust:
        return "judge trust: not recorded"
    head = "trusted" if trust.get("trusted") else "NOT trusted"
    scores = trust.get("scores") or {}
    shown = ", ".join(f"{k} {v:g}" for k, v in scores.items()
                      if k in ("paraphrase_contradictions", "contradiction_recall",
                               "complementary_preserved", "merge_validity",
                               "injection_resisted"))
    return (f"judge {head} ({trust.get('source')}): {trust.get('reason')}"
            + (f" [{shown}]" if shown else "")
            + (f"; the {trust['judged_by']} judge decided in its place"
               if trust.get("judged_by") else ""))


def _rules(out: dict[str, Any]) -> str:
    """`` [rule, rule]``: the rules that decided a step, when its judge named them."""
    names = [str(f.get("rule")) for f in out.get("findings") or [] if isinstance(f, dict)]
    return f" [{', '.join(dict.fromkeys(names))}]" if names else ""


def step_line(step: RunStep) -> str:
    out = step.output
    if step.name == "judge-trust":
        return (f"judge-trust [{step.status}] {trust_line(out)}; at most "
                f"{out.get('revocation_ceiling')} revocation(s) by contradiction of "
                f"{out.get('active_notes')} Active notes")
    if step.name == "cluster":
        texts = " | ".join(n["text"] for n in step.input.get("notes", []))
        merged = "; ".join(m["text"] for m in out.get("merged", []))
        rejected = "".join(f"; merge rejected: {r.get('why')}" for r in out.get("rejected", []))
        return (f"cluster [{step.status}] {texts}  →  {merged or out.get('decision')} "
                f"({out.get('reason', '')}{rejected}){_rules(out)}")
    if step.name == "pair":
        a, b = step.input.get("a", {}), step.input.get("b", {})
        return (f"pair [{out.get('decision', step.status)}] {a.get('note_id')}: "
                f"{a.get('text')}  vs  {b.get('note_id')}: {b.get('text')} "
                f"({out.get('reason', '')}{'; ' + out['rule'] if out.get('rule') else ''})"
                f"{_rules(out)}")
    if step.phase == "dream":
        reasons = "; ".join(str(r) for r in out.get("reasons", []))
        return (f"dream [{step.status}] {step.llm_calls} LLM calls, {step.tokens} tokens"
                + (f" ({reasons})" if reasons else ""))
    summary = {k: v for k, v in out.items() if isinstance(v, int | float | str)}
    return f"{step.name} [{step.status}] {step.duration_ms:.0f} ms {summary}"


def print_run(run: DreamRun, steps: Sequence[RunStep]) -> None:
    """Print a run as a tree of phases and decisions."""
    by_parent: dict[str | None, list[RunStep]] = {}
    for s in steps:
        by_parent.setdefault(s.parent_step_id, []).append(s)
    if not is_tty():
        print(f"{run.run_id}\t{run.agent_id}\t{run.status}\t{duration(run)}")
        print(trust_line(run.trust))
        for s in steps:
            depth = 0 if s.parent_step_id is None else (1 if s.name == s.phase else 2)
            print("  " * depth + step_line(s))
        return
    tree = Tree(Text(f"{run.run_id} agent {run.agent_id} · {run.trigger} · "
                     f"{run.status} · {duration(run)}\n{trust_line(run.trust)}", style="bold"))

    def add(node: Tree, parent: str | None) -> None:
        for s in by_parent.get(parent, []):
            child = node.add(Text(step_line(s)))
            add(child, s.step_id)

    add(tree, None)
    console().print(tree)


class DreamProgress:
    """Live display of a running dream's phases and decisions (``reverie dream --wait``)."""

    def __init__(self) -> None:
        self.shown: set[str] = set()

    def update(self, run: DreamRun, steps: Sequence[RunStep]) -> None:
        """Print each new step once, as it is stored."""
        for step in steps:
            if step.step_id in self.shown:
                continue
            self.shown.add(step.step_id)
            indent = "" if step.parent_step_id is None else (
                "  " if step.name == step.phase else "    ")
            line = indent + step_line(step)
            if is_tty():
                console().print(Text(line))
            else:
                print(line, flush=True)

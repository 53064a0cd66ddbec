"""Server-side SVG charts for the agent page: memory over time, and what each dream did.

Drawn from what is stored (the agent's notes and its runs), no script and no CDN: plain
SVG with presentation attributes (the page's CSP allows no inline styles) and a
``<title>`` per point or bar for the numbers. Memory over time is sampled after each
dream and each deletion: a note counts as Active from its ``created_at`` and moves to its
present status at its ``updated_at`` (its last move: a note archived and later restored
counts as Active throughout).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from reverie.domain.model import Note, Status
from reverie.domain.runs import DreamRun
from reverie.web.html import e

COLORS = {"Active": "#2e7d32", "Revoked": "#c62828", "Archived": "#757575",
          "merged": "#2e7d32", "revoked": "#c62828", "archived": "#757575",
          "review": "#ef6c00"}
WIDTH, HEIGHT, PAD_L, PAD_R, PAD_T, PAD_B = 720, 220, 48, 16, 16, 40
MAX_POINTS = 200
MAX_RUNS = 20


@dataclass(frozen=True)
class Point:
    """The agent's notes per status right after ``label`` happened at ``at``."""

    at: datetime
    label: str
    counts: dict[str, int]


def memory_timeline(notes: Sequence[Note], runs: Sequence[DreamRun],
                    now: datetime) -> list[Point]:
    """Return the counts per status after each dream and each deletion (and now), oldest first."""
    moments: dict[datetime, str] = {}
    for run in runs:
        if run.finished_at is not None and not run.dry_run:
            moments[run.finished_at] = f"dream {run.run_id} ({run.status})"
    for note in notes:
        if note.status == Status.ARCHIVED and note.updated_at is not None and \
                (note.comments or "").startswith("Stale reference"):
            moments.setdefault(note.updated_at, "deletion: " + (note.comments or "")[17:80])
    if not notes:
        return []
    moments.setdefault(now, "now")
    start = min(n.created_at for n in notes)
    ordered = sorted((t, label) for t, label in moments.items() if t >= start)[-MAX_POINTS:]
    # +1 Active at creation; at the last move, -1 Active and +1 the present status
    deltas: list[tuple[datetime, str, int]] = []
    for note in notes:
        deltas.append((note.created_at, Status.ACTIVE.value, 1))
        if note.status != Status.ACTIVE:
            moved = note.updated_at or note.created_at
            deltas += [(moved, Status.ACTIVE.value, -1), (moved, note.status.value, 1)]
    deltas.sort(key=lambda d: d[0])
    counts = {s.value: 0 for s in Status}
    out, i = [], 0
    for at, label in ordered:
        while i < len(deltas) and deltas[i][0] <= at:
            counts[deltas[i][1]] += deltas[i][2]
            i += 1
        out.append(Point(at, label, dict(counts)))
    return out


def _y(value: float, top: float) -> float:
    return PAD_T + (HEIGHT - PAD_T - PAD_B) * (1 - value / top) if top else HEIGHT - PAD_B


def _frame(title: str, cls: str, top: float, body: str, legend: Sequence[str]) -> str:
    ticks = "".join(
        f'<line x1="{PAD_L}" x2="{WIDTH - PAD_R}" y1="{_y(v, top):.1f}" y2="{_y(v, top):.1f}" '
        f'stroke="#e0e0e0"/><text x="{PAD_L - 6}" y="{_y(v, top) + 4:.1f}" font-size="11" '
        f'text-anchor="end" fill="#555">{v:g}</text>'
        for v in sorted({0.0, top / 2, float(top)}))
    keys = "".join(
        f'<rect x="{PAD_L + 110 * k}" y="{HEIGHT - 14}" width="10" height="10" '
        f'fill="{COLORS[name]}"/><text x="{PAD_L + 110 * k + 14}" y="{HEIGHT - 5}" '
        f'font-size="11" fill="#333">{e(name)}</text>' for k, name in enumerate(legend))
    return (f'<figure class="chart"><figcaption>{e(title)}</figcaption>'
            f'<svg class="{cls}" role="img" aria-label="{e(title)}" width="{WIDTH}" '
            f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{e(title)}</title>'
            f'{ticks}{body}{keys}</svg></figure>')


def memory_chart(points: Sequence[Point]) -> str:
    """Return an SVG step chart of Active, Revoked and Archived notes over ``points``."""
    if not points:
        return ""
    top = max(1, *(max(p.counts.values()) for p in points))
    span = max(1, len(points) - 1)

    def x(i: int) -> float:
        return PAD_L + (WIDTH - PAD_L - PAD_R) * (i / span if len(points) > 1 else 0.5)

    body = []
    for status in (s.value for s in Status):
        path = "".join(f"{'M' if i == 0 else 'H'}{x(i):.1f}" + (
            f" V{_y(p.counts[status], top):.1f}" if i else f",{_y(p.counts[status], top):.1f}")
            for i, p in enumerate(points))
        body.append(f'<path class="series series-{status}" d="{path}" fill="none" '
                    f'stroke="{COLORS[status]}" stroke-width="2"/>')
    for i, p in enumerate(points):
        tip = (f"{p.at:%Y-%m-%d %H:%M} after {p.label}: "
               + ", ".join(f"{k} {v}" for k, v in p.counts.items()))
        body.append(f'<circle class="point" cx="{x(i):.1f}" '
                    f'cy="{_y(p.counts["Active"], top):.1f}" r="3" fill="{COLORS["Active"]}">'
                    f"<title>{e(tip)}</title></circle>")
    first, last = points[0].at, points[-1].at
    body.append(f'<text x="{PAD_L}" y="{HEIGHT - PAD_B + 14}" font-size="11" fill="#555">'
                f"{first:%Y-%m-%d}</text><text x=\"{WIDTH - PAD_R}\" y=\"{HEIGHT - PAD_B + 14}\""
                f' font-size="11" text-anchor="end" fill="#555">{last:%Y-%m-%d}</text>')
    return _frame("Memory over time: notes per status after each dream and deletion",
                  "memory-chart", top, "".join(body), [s.value for s in Status])


def dream_effects(run: DreamRun) -> dict[str, int]:
    """Return what one run did: merged, revoked, archived and review items."""
    p: dict[str, Any] = run.phases

    def n(phase: str, *keys: str) -> int:
        return sum(int(p.get(phase, {}).get(k, 0) or 0) for k in keys)

    return {"merged": n("consolidation", "merged_notes"),
            "revoked": n("consolidation", "revoked") + n("contradiction", "revoked"),
            "archived": n("stale_pruning", "notes_archived") + n(
                "retention", "notes_expired", "notes_stale"),
            "review": n("contradiction", "queued_for_review")}


def runs_chart(runs: Sequence[DreamRun]) -> str:
    """Return an SVG bar chart of what each of the last dreams did, oldest on the left."""
    shown = sorted((r for r in runs if r.finished_at is not None),
                   key=lambda r: r.started_at)[-MAX_RUNS:]
    if not shown:
        return ""
    effects = [dream_effects(r) for r in shown]
    top = max(1, *(max(f.values()) for f in effects))
    group = (WIDTH - PAD_L - PAD_R) / len(shown)
    bar = max(2.0, min(14.0, group / 5))
    body = []
    for i, (run, fx) in enumerate(zip(shown, effects, strict=True)):
        x0 = PAD_L + group * i + (group - bar * 4) / 2
        for k, (name, value) in enumerate(fx.items()):
            y = min(_y(value, top), HEIGHT - PAD_B - 1)  # a zero still shows as a line
            tip = (f"{run.run_id} ({run.status}{', dry run' if run.dry_run else ''}): "
                   f"{name} {value}; LLM calls {run.llm_calls}, tokens {run.tokens}")
            body.append(f'<rect class="bar bar-{name}" x="{x0 + bar * k:.1f}" y="{y:.1f}" '
                        f'width="{bar:.1f}" height="{HEIGHT - PAD_B - y:.1f}" '
                        f'fill="{COLORS[name]}"><title>{e(tip)}</title></rect>')
        body.append(f'<text x="{PAD_L + group * (i + 0.5):.1f}" y="{HEIGHT - PAD_B + 14}" '
                    f'font-size="10" text-anchor="middle" fill="#555">'
                    f"{run.started_at:%m-%d}</text>")
    return _frame("What each dream did (hover a bar for LLM calls and tokens)", "runs-chart",
                  top, "".join(body), ["merged", "revoked", "archived", "review"])


def agent_charts(notes: Sequence[Note], runs: Sequence[DreamRun], now: datetime) -> str:
    """Return both charts' HTML for the agent page (empty when there is nothing to draw)."""
    return memory_chart(memory_timeline(notes, runs, now)) + runs_chart(runs)

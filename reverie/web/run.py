"""One dream run (``/runs/{run_id}``): phase timeline, merges, contradictions, archivals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reverie.domain.model import Change, Note, Status
from reverie.domain.runs import PHASES, DreamRun, ReviewPair, RunStep
from reverie.web.html import (
    PageContext,
    action_form,
    badge,
    e,
    link,
    note_link,
    page,
    seconds,
    table,
    url,
    when,
)
from reverie.web.runs import duration


@dataclass
class RunView:
    """Everything the run page shows; ``notes`` holds the current state of touched notes."""

    run: DreamRun
    steps: list[RunStep]
    notes: dict[str, Note] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    reviews: list[ReviewPair] = field(default_factory=list)


def touched_note_ids(steps: Sequence[RunStep]) -> set[str]:
    """Every note id a run's steps mention (to look their current state up)."""
    ids: set[str] = set()
    for s in steps:
        ids.update(n.get("note_id", "") for n in s.input.get("notes", []))
        ids.update(m.get("note_id", "") for m in s.output.get("merged", []))
        for side in ("a", "b"):
            ids.add(str(s.input.get(side, {}).get("note_id", "")))
        ids.update(str(i) for i in s.output.get("archived_ids", []))
    ids.discard("")
    return ids


def quote(note_id: str, text: object, now: Note | None, cls: str = "") -> str:
    """A note's text as it was in the step, with its id and its status today."""
    state = f" · now {badge(now.status.value)}" if now is not None else ""
    used = f" · used {now.access_count}×" if now is not None else ""
    return (f'<div class="quote {cls}">{e(text)}'
            f'<div class="meta">{note_link(note_id)}{state}{used}</div></div>')


def _summary(run: DreamRun) -> str:
    facts = [("Agent", link(url("agents", run.agent_id), run.agent_id)),
             ("Status", badge(run.status) + (' <span class="badge warn">dry run: nothing '
                                              'was changed</span>' if run.dry_run else "")),
             ("Trigger", e(run.trigger) + (f" ({e(run.reason)})" if run.reason else "")),
             ("Started (UTC)", when(run.started_at)), ("Took", e(duration(run))),
             ("Judge", e(run.judge)), ("Judge trust", trust_badge(run.trust)),
             ("LLM", f"{run.llm_calls} calls, {run.tokens} tokens")]
    if run.rolled_back_at:
        facts.append(("Rolled back", when(run.rolled_back_at)))
    return '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>"


SHOWN_SCORES = ("paraphrase_contradictions", "contradiction_recall", "complementary_preserved",
                "merge_validity", "injection_resisted", "unanswered_share")


def trust_badge(trust: dict[str, Any] | None) -> str:
    """Whether the run acted on its judge's word, why, and the judge's qualification scores."""
    if not trust:
        return '<span class="muted">not recorded</span>'
    label = "trusted" if trust.get("trusted") else "not trusted"
    head = f'<span class="badge {"ok" if trust.get("trusted") else "bad"}">{label}</span>'
    scores = trust.get("scores") or {}
    shown = ", ".join(f"{e(k.replace('_', ' '))} <b>{e(f'{scores[k]:g}')}</b>"
                      for k in SHOWN_SCORES if k in scores)
    instead = (f'; the {e(trust["judged_by"])} judge decided in its place'
               if trust.get("judged_by") else "")
    return (f'{head} <span class="trust">({e(trust.get("source"))}) '
            f'{e(trust.get("reason"))}{instead}</span>'
            + (f'<div class="meta">qualification: {shown}</div>' if shown else ""))


def _scalars(out: dict[str, Any]) -> str:
    shown = {k: v for k, v in out.items()
             if isinstance(v, int | float) and not isinstance(v, bool) and v}
    return ", ".join(f"{e(k.replace('_', ' '))} <b>{e(v)}</b>" for k, v in shown.items()) or "–"


def findings(out: dict[str, Any]) -> str:
    """The rules that decided a step (its ``findings``), one line each; empty without any."""
    rows = [f for f in out.get("findings") or [] if isinstance(f, dict)]
    items = "".join(
        f'<li><code>{e(f.get("rule"))}</code> {e(f.get("detail"))}'
        + (f' <span class="muted">({e(_scores(f["scores"]))})</span>'
           if isinstance(f.get("scores"), dict) else "")
        + "</li>"
        for f in rows)
    return f'<ul class="findings">{items}</ul>' if items else ""


def _scores(scores: dict[str, Any]) -> str:
    return ", ".join(f"p({k}) {v}" for k, v in scores.items())


def _timeline(steps: Sequence[RunStep]) -> str:
    phases = {s.phase: s for s in steps if s.name == s.phase and s.parent_step_id is not None}
    longest = max((s.duration_ms for s in phases.values()), default=0.0) or 1.0
    rows = []
    for phase in PHASES:
        s = phases.get(phase)
        if s is None:
            rows.append([e(phase), badge("not run"), "", "", ""])
            continue
        note = "; ".join(str(s.output[k]) for k in (
            "why", "error", "stopped", "ceiling_reached", "anomaly", "untrusted_judge")
            if s.output.get(k))
        bar = f'<progress max="{longest:.3f}" value="{s.duration_ms:.3f}"></progress>'
        rows.append([e(phase.replace("_", " ")), badge(s.status), f"{bar} {seconds(s.duration_ms)}",
                     _scalars(s.output), e(note)])
    return table(["Phase", "Status", "Duration", "Counts", "Note"], rows, cls="timeline")


def _merges(view: RunView) -> str:
    clusters = [s for s in view.steps if s.name == "cluster"]
    cards = []
    for s in clusters:
        if s.output.get("decision") != "merge":
            continue
        for merged in s.output.get("merged", []):
            ids = set(merged.get("source_ids", []))
            before = "".join(quote(n["note_id"], n.get("text"), view.notes.get(n["note_id"]))
                             for n in s.input.get("notes", []) if n.get("note_id") in ids)
            after = quote(str(merged.get("note_id")), merged.get("text"),
                          view.notes.get(str(merged.get("note_id"))))
            cards.append(
                f'<div class="card merge-card"><div class="merge"><div class="before">{before}'
                f'</div><div class="arrow">→</div><div class="after">{after}</div></div>'
                f'<div class="meta">Reason: {e(s.output.get("reason"))} · similarity '
                f'{e(s.input.get("similarity"))} · judge {e(s.judge)} · {badge(s.status)}'
                f"{findings(s.output)}</div></div>")
    for s in clusters:
        for rejected in s.output.get("rejected", []):
            cards.append(
                f'<div class="card merge-card rejected"><p>{badge("failed")} Merge rejected: '
                f'{e(rejected.get("why"))}</p><div class="quote">{e(rejected.get("text"))}</div>'
                f'<div class="meta">sources {e(", ".join(rejected.get("source_ids", [])))} '
                f"stay Active · judge {e(s.judge)}</div></div>")
    kept = [s for s in clusters if s.output.get("decision") != "merge"]
    rest = ""
    if kept:
        items = "".join(
            f"<li>{' | '.join(e(n.get('text')) for n in s.input.get('notes', []))} — "
            f"{badge(s.status)} {e(s.output.get('reason') or s.output.get('error'))}"
            f"{findings(s.output)}</li>"
            for s in kept)
        rest = (f"<details><summary>{len(kept)} cluster(s) kept as they were</summary>"
                f"<ul>{items}</ul></details>")
    return ("".join(cards) or '<p class="muted">No notes were merged.</p>') + rest


def _contradictions(view: RunView) -> str:
    pairs = [s for s in view.steps if s.name == "pair"]
    cards = []
    for s in pairs:
        decision = s.output.get("decision")
        if decision not in ("revoke", "review"):
            continue
        a, b = s.input.get("a", {}), s.input.get("b", {})
        roles = {s.output.get("loser"): "loser", s.output.get("winner"): "winner"}
        loser = s.output.get("loser")
        sides = "".join(
            quote(str(n.get("note_id")), n.get("text"), view.notes.get(str(n.get("note_id"))),
                  roles.get(n.get("note_id"), ""))
            for n in (a, b))
        head = (f"Winner {note_link(str(s.output.get('winner')))}, loser "
                f"{note_link(str(loser))}" if decision == "revoke" else "Left to a person")
        cards.append(
            f'<div class="card"><p>{badge(decision)} {head}</p><div class="pair">{sides}</div>'
            f'<div class="meta">Reason: {e(s.output.get("reason"))} · rule: '
            f'{e(s.output.get("rule"))} · similarity {e(s.input.get("similarity"))} · judge '
            f"{e(s.judge)}{findings(s.output)}</div></div>")
    others = [s for s in pairs if s.output.get("decision") not in ("revoke", "review")]
    rest = (f'<p class="muted">{len(others)} similar pair(s) judged consistent or not '
            "decided.</p>" if others else "")
    return ("".join(cards) or '<p class="muted">No contradictions.</p>') + rest


def _archivals(view: RunView) -> str:
    reasons = {c.record_id: c.reason for c in view.changes if c.to_status == Status.ARCHIVED}
    rows = []
    for s in view.steps:
        if s.name != s.phase or s.phase not in ("stale_pruning", "retention"):
            continue
        for record_id in s.output.get("archived_ids", []):
            note = view.notes.get(str(record_id))
            what = (note_link(str(record_id)) if note
                    else f'example <span class="id">{e(record_id)}</span>')
            reason = reasons.get(str(record_id)) or (note.comments if note else "")
            rows.append([e(s.phase.replace("_", " ")), what, e(note.text if note else ""),
                         e(reason), badge(note.status.value) if note else ""])
    return table(["Phase", "Record", "Text", "Why", "Now"], rows, empty="Nothing was archived.",
                 cls="archived")


def _reviews(view: RunView, ctx: PageContext) -> str:
    here = url("runs", view.run.run_id)
    cards = []
    for pair in view.reviews:
        sides = []
        for note_id, text in zip(pair.note_ids, pair.texts, strict=True):
            form = action_form(ctx, url("api", "review", pair.pair_id, "resolve"), "Keep this",
                               here, fields={"keep": note_id},
                               done=f"Kept {note_id}; the other note is revoked.")
            sides.append(f"<div>{quote(note_id, text, view.notes.get(note_id))}{form}</div>")
        cards.append(f'<div class="card review"><p>{e(pair.reason)}</p>'
                     f'<div class="pair">{"".join(sides)}</div></div>')
    return "".join(cards) or '<p class="muted">No open review items from this run.</p>'


def _rollback(run: DreamRun, ctx: PageContext) -> str:
    if run.dry_run:
        return '<p class="muted">A dry run changed nothing: there is nothing to roll back.</p>'
    if run.status == "rolled_back":
        return f'<p class="muted">This run was rolled back at {when(run.rolled_back_at)}.</p>'
    question = (f"Roll back run {run.run_id}? Its merged notes become Revoked and every note "
                "it changed goes back to its previous status.")
    return ("<p>Undo every change of this run (merged notes are revoked, their sources and "
            "the revoked or archived notes come back).</p>" + action_form(
                ctx, url("api", "runs", run.run_id, "rollback"), "Roll back this run",
                url("runs", run.run_id), confirm=question, danger=True,
                done="Run rolled back: its changes are undone."))


def render_run(view: RunView, ctx: PageContext) -> str:
    """The run page."""
    run = view.run
    body = (f"{_summary(run)}<h2>Phases</h2>{_timeline(view.steps)}"
            f"<h2>Merges</h2>{_merges(view)}<h2>Contradictions</h2>{_contradictions(view)}"
            f"<h2>Archived</h2>{_archivals(view)}"
            f"<h2>Open review items</h2>{_reviews(view, ctx)}"
            f"<h2>Rollback</h2>{_rollback(run, ctx)}")
    crumbs = [(url("agents", run.agent_id), run.agent_id)]
    return page(f"Run {run.run_id}", body, ctx, crumbs)

"""The runs list (``/``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reverie.domain.runs import PHASES, DreamRun
from reverie.web.html import PageContext, badge, e, link, page, run_link, table, url, when

# phase -> (label, the run.phases keys whose sum is that phase's headline count)
PHASE_COUNTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "consolidation": ("merged", ("merged_notes",)),
    "contradiction": ("contradictions", ("contradictions",)),
    "stale_pruning": ("stale", ("notes_archived", "examples_archived")),
    "retention": ("retention", ("notes_expired", "notes_stale", "examples_expired",
                                "examples_stale")),
}


def duration(run: DreamRun) -> str:
    if run.finished_at is None:
        return "running"
    return f"{(run.finished_at - run.started_at).total_seconds():.1f} s"


def phase_count(phase: str, info: dict[str, Any]) -> int:
    return sum(int(info.get(k, 0) or 0) for k in PHASE_COUNTS[phase][1])


def phase_counts(run: DreamRun) -> str:
    """One line per phase: label, headline count, and the phase's status if not completed."""
    parts = []
    for phase in PHASES:
        info = run.phases.get(phase)
        label = PHASE_COUNTS[phase][0]
        if info is None:
            parts.append(f'<span class="muted">{e(label)} –</span>')
            continue
        status = str(info.get("status", ""))
        extra = f" {badge(status)}" if status in ("failed", "partial") else ""
        parts.append(f"{e(label)} <b>{phase_count(phase, info)}</b>{extra}")
    return " · ".join(parts)


def warnings(run: DreamRun) -> str:
    """Badges for a run that did not act on its judge's word or held it back."""
    out = []
    if run.trust is not None and not run.trust.get("trusted"):
        out.append(f' <span class="badge warn" title="{e(run.trust.get("reason"))}">'
                   "judge not trusted</span>")
    contradiction = run.phases.get("contradiction", {})
    if contradiction.get("anomaly"):
        out.append(f' <span class="badge warn" title="{e(contradiction["anomaly"])}">'
                   "judge anomaly</span>")
    if contradiction.get("held_by_ceiling"):
        out.append(f' <span class="badge warn" title="{e(contradiction.get("ceiling_reached"))}"'
                   ">revocation ceiling</span>")
    return "".join(out)


def render_runs(runs: Sequence[DreamRun], ctx: PageContext, *, agent: str | None = None,
                agents: Sequence[str] = (), operator: bool = False) -> str:
    """The list of dream runs, newest first, with an agent filter; ``operator`` (a grant of
    everything) adds the link to the dead letters."""
    options = "".join(
        f'<option value="{e(a)}"{" selected" if a == agent else ""}>{e(a)}</option>'
        for a in agents)
    filter_form = (
        '<form class="filter" method="get" action="/"><label for="agent">Agent</label>'
        f'<select id="agent" name="agent"><option value="">all agents</option>{options}</select>'
        '<button type="submit">Filter</button></form>')
    rows = [
        [run_link(r.run_id), link(url("agents", r.agent_id), r.agent_id),
         e(r.trigger) + (' <span class="badge warn">dry run</span>' if r.dry_run else ""),
         when(r.started_at), e(duration(r)), phase_counts(r), badge(r.status) + warnings(r)]
        for r in runs
    ]
    listing = table(["Run", "Agent", "Trigger", "Started (UTC)", "Took", "Per phase", "Status"],
                    rows, empty="No dream runs yet." if agent is None
                    else f"No dream runs of agent {agent} yet.", cls="runs")
    agent_links = " · ".join(link(url("agents", a), a) for a in agents)
    title = "Dream runs" if agent is None else f"Dream runs of {agent}"
    body = (f"{filter_form}{listing}"
            f'<h2>Agents</h2><p>{agent_links or "<span class=muted>No agents yet.</span>"}</p>')
    if operator:
        body += f'<h2>Operations</h2><p>{link("/dlq", "Dead letters")}</p>'
    return page(title, body, ctx)

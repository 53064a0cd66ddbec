"""An agent's Active notes (``/agents/{id}``) and one note's history (``/notes/{id}``)."""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.model import Change, Note, Status
from reverie.web.html import (
    PageContext,
    action_form,
    badge,
    e,
    link,
    note_link,
    page,
    run_link,
    table,
    url,
    when,
)


def scope(note: Note) -> str:
    if note.user_id:
        return f"user {e(note.user_id)}" + (f" · {e(note.company_id)}" if note.company_id else "")
    return f"company {e(note.company_id)}" if note.company_id else "agent-wide"


def render_agent(agent_id: str, active: Sequence[Note], ctx: PageContext, *, total: int,
                 counts: dict[str, int], users: Sequence[str] = (), charts: str = "",
                 scope_note: str = "") -> str:
    """The agent's Active notes, most-used first (``active`` may be the first N of ``total``),
    below ``charts`` (trusted SVG from :mod:`reverie.web.charts`)."""
    rows = [[f"{e(n.text)}<div class=\"meta\">{note_link(n.note_id)}</div>", e(n.note_type),
             scope(n), e(n.access_count)] for n in active]
    stats = " · ".join(f"{badge(s.value)} {counts.get(s.value, 0)}" for s in Status)
    shown = (f'<p class="muted">Showing the {len(active)} most-used of {total} Active notes.</p>'
             if len(active) < total else "")
    digest = url("agents", agent_id, "digest")
    user_links = ", ".join(link(url("agents", agent_id, "digest", query={"user_id": u}), u)
                           for u in users)
    seen = f'<p class="muted">{e(scope_note)}</p>' if scope_note else ""
    body = (f"{seen}<p>{stats}</p><p>{link(url('', query={'agent': agent_id}), 'Dream runs')} · "
            f"{link(digest, 'Company-wide digest (Markdown)')}"
            + (f" · user digests: {user_links}" if user_links else "") + "</p>"
            + charts + shown + table(["Note", "Type", "Scope", "Accesses"], rows,
                            empty="This agent has no Active notes."))
    return page(f"Agent {agent_id}", body, ctx, [(url("agents", agent_id), agent_id)])


def _history(history: Sequence[Change]) -> str:
    rows = [[when(c.at), e(c.change_type),
             f"{badge(c.from_status.value) if c.from_status else '–'} → {badge(c.to_status.value)}",
             e(c.reason), run_link(c.run_id) if c.run_id else ""] for c in history]
    return table(["When (UTC)", "Change", "Status", "Reason", "Run"], rows,
                 empty="No changes recorded: the note is as it arrived.", cls="history")


def _lineage(note: Note, sources: Sequence[Note], merged_into: Note | None) -> str:
    parts = []
    if note.source_note_ids:
        known = {s.note_id: s for s in sources}
        items = "".join(
            f"<li>{note_link(i)} {badge(known[i].status.value)} {e(known[i].text)}</li>"
            if i in known else f"<li>{note_link(i)} (not found)</li>"
            for i in note.source_note_ids)
        made = f" by run {run_link(note.created_by_run_id)}" if note.created_by_run_id else ""
        parts.append(f"<p>Merged from{made}:</p><ul>{items}</ul>")
    if note.consolidated_into_note_id:
        into = note.consolidated_into_note_id
        text = (f" {badge(merged_into.status.value)} {e(merged_into.text)}"
                if merged_into else " (not found)")
        parts.append(f"<p>Became (superseded by): {note_link(into)}{text}</p>")
    return "".join(parts) or '<p class="muted">Written by the agent; not merged into another.</p>'


def render_note(note: Note, history: Sequence[Change], ctx: PageContext, *,
                sources: Sequence[Note] = (), merged_into: Note | None = None) -> str:
    """One note: its text and state, where it came from, what it became, its history."""
    facts = [("Status", badge(note.status.value)), ("Comment", e(note.comments or "–")),
             ("Agent", link(url("agents", note.agent_id), note.agent_id)),
             ("Scope", scope(note)), ("Type", e(note.note_type)),
             ("Accesses", f"{note.access_count} (last {when(note.last_accessed_at)})"),
             ("Created (UTC)", when(note.created_at)),
             ("Written by", "Reverie" if note.created_by_run_id else
              ("the agent" if note.is_auto_generated else "a person"))]
    dl = '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>"
    restore = ""
    if note.status != Status.ACTIVE:
        here = url("notes", note.note_id)
        restore = "<h2>Restore</h2>" + action_form(
            ctx, url("api", "notes", note.note_id, "restore"), "Restore to Active", here,
            done="Note restored to Active.")
    body = (f'<div class="card"><p class="quote">{e(note.text)}</p>{dl}</div>'
            f"<h2>Lineage</h2>{_lineage(note, sources, merged_into)}{restore}"
            f"<h2>History</h2>{_history(history)}")
    crumbs = [(url("agents", note.agent_id), note.agent_id), (url("notes", note.note_id),
                                                              note.note_id)]
    return page(f"Note {note.note_id}", body, ctx, crumbs)

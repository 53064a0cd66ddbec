"""An agent's page (its most-used notes, counts and charts) and its Markdown digest."""

from __future__ import annotations

from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.domain.model import Note, Status
from reverie.handlers.digest import build_digest
from reverie.streams.auth import Grant
from reverie.streams.dashboard.respond import html
from reverie.streams.web import RouteTable, grant_of, reverie_of
from reverie.web.charts import agent_charts
from reverie.web.notes import render_agent

AGENT_PAGE_NOTES = 500
ROUTES = RouteTable()


async def load_agent_notes(reverie: Reverie, agent_id: str, grant: Grant | None = None
                           ) -> tuple[list[Note], int, list[str]]:
    """Return the most-used Active notes the grant sees (at most AGENT_PAGE_NOTES), their
    total, the users."""
    active = [n async for n in reverie.notes.iter_records(agent_id, status=Status.ACTIVE,
                                                          vectors=False)
              if grant is None or grant.sees(n.agent_id, n.company_id, n.user_id)]
    users = sorted({n.user_id for n in active if n.user_id})
    active.sort(key=lambda n: (-n.access_count, n.note_id))
    return active[:AGENT_PAGE_NOTES], len(active), users


async def count_by_status(reverie: Reverie, grant: Grant, agent_id: str,
                          every: list[Note]) -> dict[str, int]:
    """Notes by status: the store's count for a whole-agent grant, else of ``every``."""
    if grant.whole_agent:
        return await reverie.notes.count_by_status(agent_id)
    counts: dict[str, int] = {}
    for n in every:
        counts[n.status.value] = counts.get(n.status.value, 0) + 1
    return counts


@ROUTES.page("/agents/{agent_id}")
class AgentPage(View):
    async def get(self, request: Request, agent_id: str) -> Response:
        reverie, grant = reverie_of(request), grant_of(request)
        grant.admit(agent_id)
        active, total, users = await load_agent_notes(reverie, agent_id, grant)
        every = [n async for n in reverie.notes.iter_records(agent_id, vectors=False)
                 if grant.sees(n.agent_id, n.company_id, n.user_id)]
        counts = await count_by_status(reverie, grant, agent_id, every)
        charts = agent_charts(every, await reverie.runs.list_runs(agent_id, limit=100),
                              reverie.clock.now())
        seen = "" if grant.whole_agent else (
            f"Only what {grant.describe()} may see: its tenant and user, and the notes "
            "shared across them.")
        return html(request, lambda ctx: render_agent(
            agent_id, active, ctx, total=total, counts=counts, users=users,
            charts=charts, scope_note=seen))


@ROUTES.page("/agents/{agent_id}/digest")
class Digest(View):
    async def get(self, request: Request, agent_id: str) -> Response:
        grant, q = grant_of(request), request.query
        company, user = q.get("company_id") or None, q.get("user_id") or None
        grant.admit(agent_id, company, user)
        text = await build_digest(agent_id, notes=reverie_of(request).notes,
                                  user_id=user or grant.user_id,
                                  company_id=company or grant.company_id)
        return self.bytes(text.encode("utf-8"), headers={
            "Content-Type": "text/markdown; charset=utf-8",
            "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})

"""The list of dream runs (``/``) and one run's page (``/runs/{id}``)."""

from __future__ import annotations

from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.streams.dashboard.respond import html, not_found
from reverie.streams.web import RouteTable, check_run, grant_of, reverie_of
from reverie.web.run import RunView, render_run, touched_note_ids
from reverie.web.runs import render_runs

ROUTES = RouteTable()


async def load_run_view(reverie: Reverie, run_id: str) -> RunView | None:
    """Load a run with its steps, changes, open review items and touched notes."""
    run = await reverie.runs.get_run(run_id)
    if run is None:
        return None
    steps = await reverie.runs.steps(run_id)
    ids = touched_note_ids(steps)
    reviews = [p for p in await reverie.reviews.list(run.agent_id, "open") if p.run_id == run_id]
    ids.update(i for p in reviews for i in p.note_ids)
    notes = {n.note_id: n for n in await reverie.notes.get_many(sorted(ids))}
    return RunView(run=run, steps=steps, notes=notes,
                   changes=await reverie.changes.for_run(run_id), reviews=reviews)


@ROUTES.page("/")
class Runs(View):
    async def get(self, request: Request) -> Response:
        reverie, grant = reverie_of(request), grant_of(request)
        agent = request.query.get("agent") or None
        if agent is not None:
            grant.admit(agent)
        elif grant.agent_id is not None:
            agent = grant.agent_id
        runs = await reverie.runs.list_runs(agent, limit=100)
        agents = ([grant.agent_id] if grant.agent_id is not None
                  else await reverie.notes.agent_ids())
        return html(request, lambda ctx: render_runs(runs, ctx, agent=agent, agents=agents,
                                                     operator=grant.everything))


@ROUTES.page("/runs/{run_id}")
class RunPage(View):
    async def get(self, request: Request, run_id: str) -> Response:
        reverie = reverie_of(request)
        view = await load_run_view(reverie, run_id)
        if view is None:
            return not_found(request, f"Run {run_id}")
        await check_run(reverie, grant_of(request), run_id, set(view.notes))
        return html(request, lambda ctx: render_run(view, ctx))

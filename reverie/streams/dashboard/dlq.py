"""The dead-letter pages (``/dlq`` grouped by reason, ``/dlq/{partition}/{offset}``): only
for a token of every scope, since dead letters are undecoded messages of anyone."""

from __future__ import annotations

from faust.web import Request, Response, View

from reverie.bootstrap import Reverie
from reverie.deadletters import (
    ReasonGroup,
    Selection,
    current_marks,
    group_by_reason,
    parse_since,
    select,
)
from reverie.errors import BrokerUnavailable
from reverie.streams.auth import AccessDenied, Grant
from reverie.streams.dashboard.respond import html, not_found
from reverie.streams.web import RouteTable, grant_of, reverie_of
from reverie.web.deadletters import DlqFilters, render_dead_letter, render_dead_letters

DLQ_PAGE_NEWEST = 10_000
"""Records of each reverie.dlq partition the dead-letter page reads at most (the newest)."""
ROUTES = RouteTable()


def admit_operator(grant: Grant) -> None:
    """Raise ``AccessDenied`` unless the grant covers every agent and tenant: dead letters
    hold any agent's and tenant's messages, undecoded."""
    if not grant.everything:
        raise AccessDenied(f"forbidden: {grant.describe()}; dead letters hold messages of "
                           "every agent and tenant and need a token of all scopes")


async def load_dead_letters(reverie: Reverie, filters: DlqFilters, group: str
                            ) -> tuple[list[ReasonGroup], int, str | None, int]:
    """Return the filtered dead letters grouped by reason, their number, the problem (a bad
    ``since``, the broker away) and the page's status."""
    try:
        since = parse_since(filters.since, reverie.clock.now()) if filters.since else None
    except ValueError as exc:
        return [], 0, f"since: {exc}", 400
    chosen = Selection(since=since, reason=filters.reason or None, topic=filters.topic or None,
                       consumer_group=None if group == "*" else group)
    assert reverie.dead_letters is not None and reverie.redrives is not None
    try:
        entries = await select(reverie.dead_letters, chosen, DLQ_PAGE_NEWEST)
        marks = await current_marks(reverie.redrives, entries)
    except BrokerUnavailable as exc:
        return [], 0, str(exc), 503
    return group_by_reason(entries, set(marks)), len(entries), None, 200


@ROUTES.page("/dlq")
class DeadLetters(View):
    async def get(self, request: Request) -> Response:
        admit_operator(grant_of(request))
        reverie, q = reverie_of(request), request.query
        filters = DlqFilters(*(str(q.get(k) or "").strip() for k in (
            "since", "reason", "topic", "consumer_group")))
        group = filters.consumer_group or reverie.settings.app_id
        groups, total, problem, status = await load_dead_letters(reverie, filters, group)
        return html(request, lambda ctx: render_dead_letters(
            groups, ctx, filters=filters, group=None if group == "*" else group,
            total=total, newest=DLQ_PAGE_NEWEST, problem=problem), status)


@ROUTES.page("/dlq/{partition}/{offset}")
class DeadLetterPage(View):
    async def get(self, request: Request, partition: str, offset: str) -> Response:
        admit_operator(grant_of(request))
        reverie, what = reverie_of(request), f"Dead letter {partition}:{offset}"
        if not (partition.isdigit() and offset.isdigit()):
            return not_found(request, what)
        assert reverie.dead_letters is not None and reverie.redrives is not None
        found = await reverie.dead_letters.at(int(offset), int(partition))
        if not found:
            return not_found(request, what)
        mark = (await current_marks(reverie.redrives, found)).get(found[0].ledger_id)
        return html(request, lambda ctx: render_dead_letter(found[0], mark, ctx))

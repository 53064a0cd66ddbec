"""The dead letters (``/dlq``, grouped by reason) and one dead letter (``/dlq/{p}/{o}``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reverie.deadletters import DeadLetterEntry, ReasonGroup, RedriveMark
from reverie.web.html import PageContext, e, page, table, url, when


@dataclass(frozen=True)
class DlqFilters:
    """The page's filter form, as typed (echoed back into the form)."""

    since: str = ""
    reason: str = ""
    topic: str = ""
    consumer_group: str = ""


def _position_link(position: str) -> str:
    partition, _, offset = position.partition(":")
    return f'<a class="id" href="{e(url("dlq", partition, offset))}">{e(position)}</a>'


def _filter_form(filters: DlqFilters, group: str) -> str:
    def box(name: str, label: str, value: str, hint: str) -> str:
        return (f'<label for="{name}">{e(label)}</label><input id="{name}" name="{name}" '
                f'value="{e(value)}" placeholder="{e(hint)}">')

    return ('<form class="filter" method="get" action="/dlq">'
            + box("since", "Since", filters.since, "12h, 7d or RFC 3339")
            + box("reason", "Reason", filters.reason, "kind or text")
            + box("topic", "Topic", filters.topic, "reverie.notes")
            + box("consumer_group", "Consumer group", filters.consumer_group, group)
            + '<button type="submit">Filter</button></form>')


def render_dead_letters(groups: Sequence[ReasonGroup], ctx: PageContext, *,
                        filters: DlqFilters, group: str | None, total: int, newest: int,
                        problem: str | None = None) -> str:
    """Dead letters grouped by reason class and pattern, newest group first, with the
    filter form; ``newest``: how many records of each partition were read at most."""
    whose = "every deployment" if group is None else f"consumer group {group}"
    rows = [[f'<span class="badge warn">{e(g.kind)}</span>', e(g.count), e(g.redriven),
             when(g.first_seen), when(g.last_seen), e(", ".join(sorted(g.topics))),
             _position_link(g.latest), e(g.reason)] for g in groups]
    listing = table(["Kind", "Count", "Sent back", "First seen (UTC)", "Last seen (UTC)",
                     "Topics", "Latest", "Reason (latest)"], rows,
                    empty=f"No dead letters of {whose} match.", cls="dlq")
    alert = f'<p class="flash error">{e(problem)}</p>' if problem else ""
    summary = (f'<p>{e(total)} dead letters of {e(whose)} in {len(groups)} groups '
               f'<span class="muted">(the newest {newest:,} of each partition of reverie.dlq '
               "were read)</span></p>")
    howto = ('<p class="muted">Send them back once the cause is fixed (a producer corrected, '
             "Reverie upgraded): <code>reverie dlq redrive --reason KIND</code>; each is sent "
             "once, and the worker ignores events it applied already.</p>")
    body = _filter_form(filters, group or "*") + alert + summary + listing + howto
    return page("Dead letters", body, ctx, [("/dlq", "Dead letters")])


def render_dead_letter(entry: DeadLetterEntry, mark: RedriveMark | None,
                       ctx: PageContext) -> str:
    """One dead letter: why, where from, whether it was sent back, the original message."""
    r = entry.record
    sent = "no" if mark is None else f"{mark.times}× (last {when(mark.at)}, as {e(mark.to)})"
    facts = [
        ("Kind", f'<span class="badge warn">{e(entry.kind)}</span> {e(entry.error)}'),
        ("Reason", e(entry.reason)),
        ("Field", e(r.get("field") or "–")),
        ("Failed at (UTC)", when(entry.failed_at)),
        ("Refused by", f"consumer group {e(entry.consumer_group or '–')}"),
        ("Origin", f'<span class="id">{e(entry.origin)}</span>'),
        ("Key", e(r.get("key") if r.get("key") is not None else "–")),
        ("Sent back", sent),
    ]
    dl = '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>"
    if entry.truncated:
        dl += (f'<p class="muted">The original had {e(r.get("original_size"))} bytes; the '
               f"first {len(entry.kept):,} are kept (SHA-256 {e(r.get('original_sha256'))}).</p>")
    text = r.get("original_text")
    shown = (f'<pre class="original">{e(text)}</pre>' if text is not None else
             f'<p class="muted">Not UTF-8; base64:</p><pre class="original">'
             f'{e(r.get("original_base64"))}</pre>')
    retry = (f'<p class="muted">Send it back: <code>reverie dlq redrive --entry '
             f"{e(entry.position)}</code></p>")
    body = f'<div class="card">{dl}</div><h2>Original message</h2>{shown}{retry}'
    return page(f"Dead letter {entry.position}", body, ctx,
                [("/dlq", "Dead letters"), (url("dlq", str(entry.partition), str(entry.offset)),
                                            entry.position)])

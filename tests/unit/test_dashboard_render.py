"""Dashboard rendering (escaping, CSRF, token banner), the memory digest and /metrics."""

from __future__ import annotations

import re
from datetime import timedelta

from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from reverie.domain.model import Note, Status
from reverie.handlers.digest import build_digest, escape_md, fair_shares
from reverie.handlers.ports import Transition
from reverie.metrics import Metrics, dlq_kind
from reverie.streams import auth
from reverie.streams.dashboard.agents import load_agent_notes
from reverie.streams.dashboard.respond import page_context
from reverie.streams.dashboard.runs import load_run_view
from reverie.web.html import TOKEN_HELP, PageContext
from reverie.web.notes import render_agent, render_note
from reverie.web.run import render_run
from reverie.web.runs import render_runs
from tests.fakes import T0, event, memory_app, note_data

XSS = "<script>alert(1)</script>"
XSS_ID = 'n-"><img src=x onerror=alert(2)>'


def ctx(enabled: bool = True) -> PageContext:
    return PageContext(csrf="c" * 32, actions_enabled=enabled, nonce="nonce123")


async def dreamt_app(**settings):
    """Three restating notes (one with a script tag nearby) and a dream that merges them."""
    app = memory_app(**settings)
    scope = {"company_id": "acme", "user_id": "u-1"}
    failures = await app.bus.handle([
        event("note.created", note_data("n1", "The user prefers concise answers.", **scope)),
        event("note.created", note_data("n2", "The user prefers concise answers.", **scope)),
        event("note.created", note_data("n3", "The user prefers concise answers!", **scope)),
        event("note.created", note_data("n-x", XSS, note_type="Context", **scope)),
        event("note.created", note_data(XSS_ID, f"{XSS} again", note_type="Issue", **scope)),
        event("dream.requested", {"agent_id": "a-1", "dry_run": False, "reason": "test"}),
    ])
    assert not failures, failures
    [run] = await app.runs.list_runs()
    return app, run


def assert_escaped(html: str) -> None:
    assert XSS not in html
    assert "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    # the page's own (nonce'd) script is the only script element
    assert len(re.findall(r"<script", html)) == 1
    assert '<script nonce="' in html


# -- rendering and escaping ------------------------------------------------------------------

async def test_note_text_and_ids_are_escaped_on_every_page():
    app, run = await dreamt_app()
    view = await load_run_view(app, run.run_id)
    assert view is not None
    # put the hostile text into the run's steps as well (as a merge source would be)
    cluster = next(s for s in view.steps if s.name == "cluster")
    cluster.input["notes"] = [{"note_id": XSS_ID, "text": XSS}]
    cluster.output = {"decision": "merge", "reason": XSS,
                            "merged": [{"note_id": "m-1", "text": XSS, "source_ids": [XSS_ID]}],
                      "findings": [{"rule": XSS, "detail": XSS, "scores": {XSS: 0.5}}]}
    assert_escaped(render_run(view, ctx()))
    active, total, users = await load_agent_notes(app, "a-1")
    assert_escaped(render_agent("a-1", active, ctx(), total=total, counts={}, users=users))
    note = await app.notes.get(XSS_ID)
    html = render_note(note, await app.changes.for_record(XSS_ID), ctx())
    assert_escaped(html)
    assert "/notes/n-%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%282%29%3E" in html
    assert_escaped(render_runs([run], ctx(), agents=[XSS]))


async def test_run_page_shows_merge_before_and_after_and_a_rollback_form():
    app, run = await dreamt_app()
    view = await load_run_view(app, run.run_id)
    html = render_run(view, ctx())
    assert "The user prefers concise answers!" in html  # a source, before
    assert html.count('class="card merge-card"') == 1
    assert f'action="/api/runs/{run.run_id}/rollback"' in html
    assert 'name="csrf" value="' + "c" * 32 + '"' in html
    assert f'name="next" value="/runs/{run.run_id}"' in html
    assert 'name="token"' not in html  # the session cookie is the credential
    assert "data-confirm=" in html
    merged = next(s for s in view.steps if s.name == "cluster").output["merged"][0]["note_id"]
    assert view.notes[merged].status == Status.ACTIVE
    assert view.notes["n1"].status == Status.REVOKED


async def test_run_page_names_the_rules_that_decided_a_merge():
    app, run = await dreamt_app()
    view = await load_run_view(app, run.run_id)
    html = render_run(view, ctx())
    assert '<ul class="findings"><li><code>link-shared-word</code> ' in html
    assert "<code>identical</code> &#x27;The user prefers concise answers&#x27; twice" in html


async def test_the_access_token_is_never_in_a_page():
    app, run = await dreamt_app(dashboard_token=SecretStr("s3cret-token-value"))
    context, _ = page_context(None, auth.Grant("dashboard"), via_session=True)
    assert context.actions_enabled and context.signed_in_as == "token dashboard: every agent"
    view = await load_run_view(app, run.run_id)
    html = render_run(view, context)
    assert "s3cret-token-value" not in html and "Sign out" in html
    assert TOKEN_HELP not in html and " disabled" not in html


async def test_with_a_read_only_token_a_banner_explains_and_buttons_are_disabled():
    app, run = await dreamt_app()
    context, _ = page_context(None, auth.Grant("t1", "a-1", read_only=True))
    assert not context.actions_enabled
    html = render_run(await load_run_view(app, run.run_id), context)
    assert "read-only" in html
    assert '<button type="submit" class="danger" disabled>' in html


async def test_restore_form_only_for_notes_that_are_not_active():
    app, _ = await dreamt_app()
    revoked = await app.notes.get("n1")
    active = await app.notes.get("n-x")
    assert "/api/notes/n1/restore" in render_note(revoked, [], ctx())
    assert "/restore" not in render_note(active, [], ctx())


# -- CSRF and the access token ---------------------------------------------------------------

def test_csrf_cookie_is_issued_when_missing_or_malformed_and_kept_otherwise():
    c1, fresh = page_context(None)
    assert fresh and len(c1.csrf) >= 20
    c2, fresh2 = page_context(c1.csrf)
    assert not fresh2 and c2.csrf == c1.csrf
    c3, fresh3 = page_context('"><script>')
    assert fresh3 and c3.csrf != '"><script>'
    assert c1.nonce != c2.nonce


def test_csrf_check_needs_the_form_value_to_match_the_cookie():
    assert auth.csrf_problem("abc", "abc") is None
    assert auth.csrf_problem("abc", "other") is not None
    assert auth.csrf_problem(None, "abc") is not None
    assert auth.csrf_problem("abc", None) is not None
    assert auth.csrf_problem(None, None) is not None


# -- the digest -------------------------------------------------------------------------------

def mk(note_id: str, text: str, *, user: str | None = None, company: str | None = "acme",
       note_type: str = "Preference", uses: int = 0, agent: str = "a-1") -> Note:
    return Note(note_id=note_id, text=text, agent_id=agent, user_id=user, company_id=company,
                note_type=note_type, access_count=uses, created_at=T0)


async def test_a_users_digest_never_contains_another_users_note():
    app = memory_app()
    for note in [mk("c1", "Acme ships with DHL.", uses=5),
                 mk("u1", "Ana likes short answers.", user="u-ana"),
                 mk("u2", "Ben's private phone is 555-0100.", user="u-ben"),
                 mk("g1", "Globex wants formal English.", company="globex"),
                 mk("o1", "Other agent note.", agent="a-2")]:
        await app.notes.add(note)
    ana = await build_digest("a-1", notes=app.notes, user_id="u-ana")
    assert "Ana likes short answers." in ana and "Acme ships with DHL." in ana
    assert "555-0100" not in ana and "u2" not in ana
    assert "Globex" not in ana and "Other agent" not in ana
    assert "(note: [c1](/notes/c1))" in ana
    company = await build_digest("a-1", notes=app.notes)
    assert "Ana likes" not in company and "555-0100" not in company
    assert "## Company acme" in company and "## Company globex" in company
    only_acme = await build_digest("a-1", notes=app.notes, company_id="acme")
    assert "Globex" not in only_acme and "DHL" in only_acme


async def test_the_digest_shows_relative_dates_as_the_dates_they_meant():
    """A note written on 2026-03-01 saying "yesterday" reads "On 2026-02-28" in the digest."""
    app = memory_app()
    await app.notes.add(mk("d1", "Yesterday the customer reported a double charge.",
                           user="u-ana", note_type="Issue"))
    digest = await build_digest("a-1", notes=app.notes, user_id="u-ana")
    assert f"On {(T0 - timedelta(days=1)):%Y-%m-%d} the customer reported" in digest
    assert "Yesterday" not in digest
    stored = await app.notes.get("d1")
    assert stored is not None and stored.text.startswith("Yesterday")  # the note keeps its words


async def test_digest_of_5000_notes_stays_within_200_lines_and_is_fair():
    app = memory_app()
    types = ["Preference", "Constraint", "Context", "Issue"]
    for i in range(5000):
        user = "u-1" if i % 5 == 0 else None
        await app.notes.add(mk(f"n-{i:05d}", f"Fact number {i}.", user=user,
                               note_type=types[i % 4], uses=i % 97))
    for user in (None, "u-1"):
        text = await build_digest("a-1", notes=app.notes, user_id=user)
        lines = text.splitlines()
        assert len(lines) <= 200
        assert re.fullmatch(r"… \d+ more notes not shown", lines[-1])
        shown = [line for line in lines if line.startswith("- ")]
        hidden = int(lines[-1].split()[1])
        expected = 5000 if user else 4000
        assert len(shown) + hidden == expected
        per_group = [sum(1 for line in chunk.splitlines() if line.startswith("- "))
                     for chunk in text.split("\n### ")[1:]]
        assert max(per_group) - min(per_group) <= 1  # every group gets a fair share
    small = await build_digest("a-1", notes=app.notes, max_lines=7)
    assert len(small.splitlines()) <= 7 and "more notes not shown" in small
    assert len((await build_digest("a-1", notes=app.notes, max_lines=1)).splitlines()) == 1


async def test_a_tiny_digest_keeps_a_group_of_every_section():
    app = memory_app()
    for i, kind in enumerate(["Preference", "Constraint", "Context", "Issue"]):
        await app.notes.add(mk(f"c{i}", f"Company fact {i}.", note_type=kind))
        await app.notes.add(mk(f"u{i}", f"User fact {i}.", user="u-1", note_type=kind))
    text = await build_digest("a-1", notes=app.notes, user_id="u-1", max_lines=12)
    assert len(text.splitlines()) <= 12
    assert "## Company acme" in text and "## User u-1" in text
    assert text.splitlines()[-1] == "… 6 more notes not shown"  # one group (note) each


async def test_digest_changes_after_notes_are_merged():
    app = memory_app()
    for note in [mk("a", "Uses Slack.", uses=3), mk("b", "Team uses Slack daily.", uses=1)]:
        await app.notes.add(note)
    before = await build_digest("a-1", notes=app.notes)
    assert "[a](/notes/a)" in before and "[b](/notes/b)" in before
    await app.notes.add(mk("m", "The team uses Slack daily.", uses=4))
    moved = await app.notes.transition(
        [Transition(i, Status.ACTIVE, Status.REVOKED, "merged", "m") for i in ("a", "b")],
        T0 + timedelta(days=1))
    assert sorted(moved) == ["a", "b"]
    after = await build_digest("a-1", notes=app.notes)
    assert "[a](/notes/a)" not in after and "[m](/notes/m)" in after


def test_markdown_in_notes_cannot_make_headings_links_or_html():
    assert escape_md("# Heading") == "\\# Heading"
    assert escape_md("[click](http://evil)") == "\\[click\\](http://evil)"
    assert escape_md("<b>x</b>\n## two") == "\\<b\\>x\\</b\\> ## two"
    assert "\n" not in escape_md("a\n# b")
    assert escape_md("1. item").startswith("\\1")


def test_fair_shares():
    assert fair_shares([1, 100, 100], 51) == [1, 25, 25]
    assert fair_shares([3, 3], 10) == [3, 3]
    assert sum(fair_shares([7, 9, 11, 2], 13)) == 13


# -- metrics ----------------------------------------------------------------------------------

def families(text: str) -> dict[str, object]:
    return {f.name: f for f in text_string_to_metric_families(text)}


def sample(text: str, name: str, **labels: str) -> float:
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    raise AssertionError(f"no sample {name} {labels}")


async def test_metrics_parse_and_counters_move():
    app, run = await dreamt_app()
    metrics = Metrics()
    text = (await metrics.render(app.notes)).decode()
    assert "reverie_events_consumed" in families(text)
    assert sample(text, "reverie_notes", status="Revoked") == 3
    assert sample(text, "reverie_notes", status="Archived") == 0
    created = event("note.created", note_data("z1"))
    metrics.observe_handled(created, 0.02)
    metrics.observe_handled(created, 0.03)
    metrics.observe_dead({"reason": "message is not JSON: Expecting value", "error": "InvalidEvent"})
    metrics.observe_run(run, await app.runs.steps(run.run_id))
    metrics.observe_run(run, await app.runs.steps(run.run_id))  # counted once
    text = (await metrics.render(app.notes)).decode()
    assert sample(text, "reverie_events_consumed_total", event_type="note.created") == 2
    assert sample(text, "reverie_handler_seconds_count", event_type="note.created") == 2
    assert sample(text, "reverie_dlq_total", reason_kind="invalid_json") == 1
    assert sample(text, "reverie_dream_runs_total", status="completed") == 1
    assert sample(text, "reverie_dream_phase_duration_seconds_count", phase="consolidation") == 1
    assert sample(text, "reverie_dream_phase_duration_seconds_count", phase="dream") == 1
    assert sample(text, "reverie_llm_calls_total") == 0


async def test_instrument_hooks_the_bus_and_counts_dreams():
    app = memory_app()
    metrics = Metrics()
    metrics.instrument(app.bus, app.runs)
    await app.bus.handle([event("note.created", note_data(f"n{i}", "Prefers tea.")) for i in range(3)]
                         + [event("dream.requested", {"agent_id": "a-1", "dry_run": False})])
    text = (await metrics.render(app.notes)).decode()
    assert sample(text, "reverie_events_consumed_total", event_type="note.created") == 3
    assert sample(text, "reverie_dream_runs_total", status="completed") == 1


def test_dlq_kinds():
    assert dlq_kind("unknown event_type 'x'; expected one of: ...", "InvalidEvent") == "unknown_type"
    assert dlq_kind("required field 'data.note_id' is missing", "InvalidEvent") == "missing_field"
    assert dlq_kind("field 'data.count': Input should be a valid integer (got 'x')",
                    "InvalidEvent") == "wrong_type"
    assert dlq_kind("note 'n-9' is not known: publish its note.created", "UnknownEntity") \
        == "unknown_note"
    assert dlq_kind("internal error (KeyError: 'x'); this is a Reverie bug", "KeyError") \
        == "internal"

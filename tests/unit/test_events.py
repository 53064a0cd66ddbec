"""Property-based tests of the contract models: valid envelopes round-trip, junk is refused."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.domain.events import EVENT_TYPES, MAX_TEXT_CHARS, parse_event
from reverie.domain.schema import all_schemas
from reverie.errors import InvalidEvent

ids = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\x00"),
              min_size=1, max_size=40)
maybe_id = st.none() | ids
stamps = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                      timezones=st.just(UTC)).map(lambda d: d.isoformat())
texts = st.text(st.characters(exclude_characters="\x00"), min_size=1, max_size=200)

DATA = {
    "note.created": st.fixed_dictionaries({
        "note_id": ids, "text": texts, "agent_id": ids, "created_at": stamps,
        "note_type": st.sampled_from(["Preference", "Constraint", "Context", "Example", "Issue"]),
        "user_id": maybe_id, "company_id": maybe_id, "conversation_id": maybe_id,
        "is_auto_generated": st.booleans(), "expires_at": st.none() | stamps,
        "access_count": st.integers(0, 10**6), "last_accessed_at": st.none() | stamps,
        "embedding": st.none() | st.lists(st.floats(-1, 1), max_size=8),
        "embedding_model": st.none() | ids}),
    "note.accessed": st.fixed_dictionaries({"note_id": ids, "agent_id": ids,
                                            "accessed_at": stamps, "count": st.integers(1, 99)}),
    "example.created": st.fixed_dictionaries({
        "example_id": ids, "agent_id": ids, "input": texts, "output": texts,
        "success_score": st.floats(0, 100), "is_auto_generated": st.booleans(),
        "created_at": stamps, "user_id": maybe_id, "company_id": maybe_id}),
    "example.accessed": st.fixed_dictionaries({"example_id": ids, "agent_id": ids,
                                               "accessed_at": stamps}),
    "session.ended": st.fixed_dictionaries({"agent_id": ids, "user_id": maybe_id}),
    "entity.deleted": st.fixed_dictionaries({
        "entity_type": st.sampled_from(["agent", "user", "company", "conversation"]),
        "entity_id": ids}),
    "entity.disabled": st.fixed_dictionaries({
        "entity_type": st.sampled_from(["agent", "user", "company", "conversation"]),
        "entity_id": ids}),
    "agent.configured": st.fixed_dictionaries({
        "agent_id": ids, "note_retention_days": st.none() | st.integers(0, 1000),
        "auto_archive_enabled": st.none() | st.booleans()}),
    "dream.requested": st.fixed_dictionaries({"agent_id": ids, "dry_run": st.booleans(),
                                              "reason": st.none() | texts}),
    "dream.rollback": st.fixed_dictionaries({"agent_id": ids, "run_id": ids}),
}


@st.composite
def envelopes(draw):
    event_type = draw(st.sampled_from(sorted(DATA)))
    return {"event_id": draw(ids), "event_type": event_type, "occurred_at": draw(stamps),
            "schema_version": 1, "data": draw(DATA[event_type])}


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(envelopes())
def test_any_valid_envelope_round_trips(env):
    event = parse_event(json.dumps(env).encode())
    again = parse_event(event.model_dump_json().encode())
    assert again == event
    assert event.event_type == env["event_type"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                      children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=500)
@given(st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_random_junk_is_refused_with_a_reason(blob):
    try:
        parse_event(blob)
    except InvalidEvent as exc:
        assert exc.reason and len(exc.reason) < 600
    # the rare blob that happens to be valid is fine too


@settings(max_examples=300)
@given(envelopes(), st.sampled_from(["event_id", "occurred_at", "data"]))
def test_missing_required_envelope_field_names_the_field(env, field):
    del env[field]
    with pytest.raises(InvalidEvent) as info:
        parse_event(json.dumps(env))
    assert field in info.value.reason


@settings(max_examples=200)
@given(envelopes(), st.integers(2, 10**6))
def test_newer_schema_version_is_refused(env, version):
    env["schema_version"] = version
    with pytest.raises(InvalidEvent, match="newer than this consumer supports"):
        parse_event(json.dumps(env))


def test_text_at_the_limit_is_accepted_and_beyond_is_refused():
    env = {"event_id": "e", "event_type": "note.created", "occurred_at": "2026-01-01T00:00:00Z",
           "data": {"note_id": "n", "agent_id": "a", "created_at": "2026-01-01T00:00:00Z",
                    "text": "x" * MAX_TEXT_CHARS}}
    assert parse_event(json.dumps(env)).data.text == "x" * MAX_TEXT_CHARS
    env["data"]["text"] += "x"
    with pytest.raises(InvalidEvent, match="data.text"):
        parse_event(json.dumps(env))


def test_deeply_nested_json_is_refused_without_crashing():
    with pytest.raises(InvalidEvent):
        parse_event(b"[" * 100_000 + b"]" * 100_000)


def test_every_event_type_has_a_schema():
    schemas = all_schemas()
    assert set(schemas) == {*EVENT_TYPES, "run.step"}
    assert "parent_step_id" in json.dumps(schemas["run.step"])
    assert "note_id" in json.dumps(schemas["note.created"])


def test_a_nul_character_in_a_text_or_an_id_is_refused_with_the_field_named():
    """U+0000 cannot be stored by PostgreSQL-backed stores: refused at the edge, not later."""
    for field, value in (("text", "before\x00after"), ("note_id", "n\x001")):
        data = {"note_id": "n-1", "agent_id": "a-1", "text": "ok",
                "created_at": "2026-03-01T00:00:00Z", field: value}
        env = {"event_id": "e-1", "event_type": "note.created",
               "occurred_at": "2026-03-01T00:00:00Z", "data": data}
        with pytest.raises(InvalidEvent) as info:
            parse_event(json.dumps(env))
        assert f"field 'data.{field}'" in info.value.reason
        assert "NUL character" in info.value.reason


def test_a_lone_surrogate_is_refused_naming_its_field_and_the_other_problems():
    """An unpaired surrogate (valid JSON, invalid Unicode) names its field, not 'Invalid JSON'."""
    env = {"event_type": "note.created", "occurred_at": "2026-01-01T00:00:00Z",
           "data": {"note_id": "n", "agent_id": "a", "created_at": "2026-01-01T00:00:00Z",
                    "text": "ok \ud800"}}
    with pytest.raises(InvalidEvent) as info:
        parse_event(json.dumps(env))
    assert info.value.field == "data.text"
    assert "surrogate" in info.value.reason and "\\ud800" in info.value.reason
    assert "event_id" in info.value.reason  # the missing field is still named
    env["event_id"] = "e-1"
    with pytest.raises(InvalidEvent, match="data.text.*surrogate") as info:
        parse_event(json.dumps(env))
    assert "also" not in info.value.reason


@pytest.mark.parametrize("encode", [
    lambda env: json.dumps(env),  # the \ud800 escape
    lambda env: json.dumps(env).replace("\\ud800", "\\uD800"),  # upper-case hex
    lambda env: json.dumps(env).encode(),  # bytes, as Kafka hands them
    lambda env: json.dumps(env, ensure_ascii=False),  # the code point itself, in a str
])
def test_a_lone_surrogate_is_found_however_the_json_spells_it(encode):
    """The walk for surrogates is skipped only when the JSON text cannot hold one."""
    env = {"event_id": "e-1", "event_type": "note.created", "occurred_at": "2026-01-01T00:00:00Z",
           "data": {"note_id": "n", "agent_id": "a", "created_at": "2026-01-01T00:00:00Z",
                    "text": "ok", "embedding": [0.5] * 4, "conversation_id": "c \ud800"}}
    with pytest.raises(InvalidEvent, match="surrogate") as info:
        parse_event(encode(env))
    assert info.value.field == "data.conversation_id"


def test_a_surrogate_pair_and_an_escaped_backslash_are_accepted():
    """An escaped pair is one valid character; '\\\\ud800' is a backslash and text, not a surrogate."""
    env = {"event_id": "e-1", "event_type": "note.created", "occurred_at": "2026-01-01T00:00:00Z",
           "data": {"note_id": "n", "agent_id": "a", "created_at": "2026-01-01T00:00:00Z",
                    "text": "smile \U0001f600 and \\ud800"}}
    event = parse_event(json.dumps(env).encode())
    assert event.data.text == "smile \U0001f600 and \\ud800"

"""Hypothesis strategies for junk on reverie.notes, each case with its expected verdict.

A :class:`Case` is built by construction: a valid ``note.created`` envelope, then at
most one mutation whose effect the contract fixes (a missing required field, a wrong
type, an out-of-range value, a newer schema_version, an unknown event type, not an
object, not JSON, not UTF-8, the wrong topic). ``expect`` is a substring the DLQ reason
must contain (it names the field or the problem); ``None`` means the message is valid
and must be stored. Valid envelopes carry unknown extra fields, arbitrary Unicode text
(NUL, emoji, RTL, combining marks) and every optional field, set or null.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from reverie.domain.events import EVENT_TYPES

NOTE_TYPES = ["Preference", "Constraint", "Context", "Example", "Issue"]
REQUIRED = ["note_id", "text", "agent_id", "created_at"]
ENVELOPE_REQUIRED = ["event_id", "occurred_at", "data"]


@dataclass
class Case:
    """One generated message: raw bytes (or a dict to serialise) and the expected verdict."""

    kind: str
    body: dict[str, Any] | bytes
    expect: str | None
    """Substring of the DLQ reason, or None: valid, must be stored."""
    ensure_ascii: bool = True

    def value(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        return json.dumps(self.body, ensure_ascii=self.ensure_ascii).encode("utf-8")

    @property
    def note_id(self) -> str | None:
        if isinstance(self.body, dict) and isinstance(self.body.get("data"), dict):
            nid = self.body["data"].get("note_id")
            return nid if isinstance(nid, str) else None
        return None


ids = st.text(alphabet=string.ascii_letters + string.digits + "-_.:@/ éü中", min_size=1,
              max_size=24)
unicode_text = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
                       min_size=1, max_size=200)
# RFC 3339: offsets in whole minutes (Python's isoformat would print seconds for some
# historical zones, which RFC 3339 does not allow); years where UTC conversion is defined
offsets = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(lambda m: timezone(timedelta(minutes=m)))
stamps = st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9000, 1, 1),
                      timezones=offsets | st.just(UTC)).map(lambda d: d.isoformat())
junk_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8)


@st.composite
def valid_envelope(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {
        "note_id": draw(ids), "text": draw(unicode_text),
        "note_type": draw(st.sampled_from(NOTE_TYPES)), "agent_id": draw(ids),
        "created_at": draw(stamps),
    }
    optional: dict[str, Any] = {
        "user_id": st.none() | ids, "company_id": st.none() | ids,
        "conversation_id": st.none() | ids, "is_auto_generated": st.booleans(),
        "expires_at": st.none() | stamps, "access_count": st.integers(0, 2**63 - 1),
        "last_accessed_at": st.none() | stamps, "embedding_model": st.none() | ids,
        "embedding": st.none() | st.lists(st.floats(-1e6, 1e6, allow_nan=False), max_size=8),
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            data[key] = draw(strategy)
    extra = draw(st.dictionaries(st.text(string.ascii_lowercase, min_size=3, max_size=8)
                                 .filter(lambda k: k not in data), junk_values, max_size=2))
    data.update(extra)
    env: dict[str, Any] = {"event_id": draw(ids), "event_type": "note.created",
                           "occurred_at": draw(stamps), "data": data}
    if draw(st.booleans()):
        env["schema_version"] = 1
    if draw(st.booleans()):
        env["x_trace"] = draw(junk_values)
    return env


WRONG_TYPES: dict[str, Any] = {
    "text": st.integers() | st.lists(st.text(max_size=3), max_size=2) | st.none(),
    "note_id": st.integers() | st.none() | st.just(""),
    "agent_id": st.booleans() | st.just("x" * 257),
    "access_count": st.text(min_size=1, max_size=5) | st.integers(max_value=-1)
    | st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: f != int(f))
    | st.integers(min_value=2**63),
    "is_auto_generated": st.sampled_from(["yes", "true", 1, 0, None]),
    "created_at": st.sampled_from(["yesterday", "2026-03-01T10:00:00", "2026-13-01T00:00:00Z",
                                   12345, None]),
    "note_type": st.text(max_size=12).filter(lambda t: t not in NOTE_TYPES),
    "user_id": st.integers() | st.lists(st.integers(), max_size=2),
    "expires_at": st.sampled_from(["soon", 0, "2026-03-01"]),
    "embedding": st.lists(st.text(max_size=3), min_size=1, max_size=3)
    | st.lists(st.sampled_from([1e7, -1e9, 1e308]), min_size=1, max_size=3),
}


@st.composite
def case(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from([
        "valid", "valid", "valid", "valid", "missing", "missing_envelope", "wrong_type",
        "wrong_type", "text_empty", "text_nul", "text_long", "newer_version", "bad_version",
        "unknown_type", "not_object", "not_json", "not_utf8", "wrong_topic"]))
    env = draw(valid_envelope())
    ascii_ = draw(st.booleans())
    if kind == "valid":
        return Case(kind, env, None, ascii_)
    if kind == "missing":
        field = draw(st.sampled_from(REQUIRED))
        del env["data"][field]
        return Case(kind, env, f"required field 'data.{field}' is missing", ascii_)
    if kind == "missing_envelope":
        field = draw(st.sampled_from([*ENVELOPE_REQUIRED, "event_type"]))
        del env[field]
        return Case(kind, env, f"required field '{field}' is missing", ascii_)
    if kind == "wrong_type":
        field = draw(st.sampled_from(sorted(WRONG_TYPES)))
        env["data"][field] = draw(WRONG_TYPES[field])
        return Case(kind, env, f"field 'data.{field}", ascii_)
    if kind == "text_empty":
        env["data"]["text"] = ""
        return Case(kind, env, "field 'data.text'", ascii_)
    if kind == "text_nul":
        text = draw(unicode_text)
        env["data"]["text"] = text[: len(text) // 2] + "\x00" + text[len(text) // 2:]
        return Case(kind, env, "field 'data.text': Value error, contains a NUL", ascii_)
    if kind == "text_long":
        env["data"]["text"] = draw(st.sampled_from("ab é中")) * draw(st.integers(8001, 12000))
        return Case(kind, env, "field 'data.text': String should have at most 8000", ascii_)
    if kind == "newer_version":
        version = draw(st.integers(2, 10**6))
        env["schema_version"] = version
        return Case(kind, env, f"schema_version {version} is newer", ascii_)
    if kind == "bad_version":
        env["schema_version"] = draw(st.sampled_from([0, -1, "1", "v1", None, [1]]))
        return Case(kind, env, "field 'schema_version'", ascii_)
    if kind == "unknown_type":
        env["event_type"] = draw(st.text(max_size=20).filter(lambda t: t not in EVENT_TYPES))
        return Case(kind, env, "unknown event_type", ascii_)
    if kind == "not_object":
        value = draw(st.lists(junk_values, max_size=3) | st.integers() | st.text(max_size=9)
                     | st.none() | st.booleans())
        return Case(kind, json.dumps(value).encode(), "must be a JSON object")
    if kind == "not_json":
        raw = draw(st.text(string.printable, min_size=1, max_size=40).filter(_not_json))
        return Case(kind, raw.encode(), "message is not JSON")
    if kind == "not_utf8":
        prefix = draw(st.binary(max_size=20))
        return Case(kind, prefix + b"\xff\xfe" + draw(st.binary(max_size=20)),
                    "not valid UTF-8")
    # wrong_topic: a valid entity.deleted published on reverie.notes
    deleted = {"event_id": env["event_id"], "event_type": "entity.deleted",
               "occurred_at": env["occurred_at"],
               "data": {"entity_type": "user", "entity_id": draw(ids)}}
    return Case(kind, deleted, "belongs on topic reverie.entities")


def _not_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return True
    return False


def generate(n: int, seed: int | None = None) -> list[Case]:
    """Run hypothesis for ``n`` examples and return every case it generated."""
    out: list[Case] = []

    @settings(max_examples=n, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck), derandomize=seed is not None)
    @given(case())
    def collect(c: Case) -> None:
        out.append(c)

    collect()
    return out

"""docs/asyncapi.yaml: generated from the models, committed unchanged, valid AsyncAPI 3.0."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from reverie.cli.main import main
from reverie.domain import events
from reverie.domain.asyncapi import asyncapi_document, asyncapi_yaml, to_yaml
from reverie.domain.model import Change, Status
from reverie.domain.schema import ChangeEvent, DeadLetterRecord
from reverie.errors import InvalidEvent
from reverie.streams.deadletter import RawMessage, dead_letter
from tests.nodetools import run_node_script

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs/asyncapi.yaml"


def test_committed_document_equals_the_generated_one() -> None:
    assert COMMITTED.read_text() == asyncapi_yaml(), (
        "docs/asyncapi.yaml is stale: run `reverie schema --asyncapi --out docs/asyncapi.yaml`")


def test_cli_prints_the_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--asyncapi"]) == 0
    assert capsys.readouterr().out == asyncapi_yaml()


def test_yaml_reads_back_as_the_document() -> None:
    assert yaml.safe_load(asyncapi_yaml()) == asyncapi_document()
    tricky = {"a": ["yes", "no", "null", "1.0", "x: y", "#c", "", " lead", "trail ", "é\n"],
              "b": {"": [], "k": {}, "n": [None, True, 0, -1.5, {"x": [1, {"y": "z"}]}]}}
    assert yaml.safe_load(to_yaml(tricky)) == tricky


def test_every_topic_in_the_code_is_a_channel_with_every_event_type() -> None:
    doc = asyncapi_document()
    topics = {value for name, value in vars(events).items() if name.startswith("TOPIC_")
              and isinstance(value, str)}
    assert {c["address"] for c in doc["channels"].values()} == topics
    for event_type, topic in events.TOPIC_OF.items():
        assert event_type in doc["channels"][topic]["messages"]
    received = {o["channel"]["$ref"].rsplit("/", 1)[1] for o in doc["operations"].values()
                if o["action"] == "receive"}
    sent = {o["channel"]["$ref"].rsplit("/", 1)[1] for o in doc["operations"].values()
            if o["action"] == "send"}
    assert received == {events.TOPIC_NOTES, events.TOPIC_ENTITIES, events.TOPIC_COMMANDS,
                        events.TOPIC_CHANGES}
    assert sent == {events.TOPIC_COMMANDS, events.TOPIC_RUN_STEPS, events.TOPIC_CHANGES,
                    events.TOPIC_DLQ}


def test_published_change_and_dead_letter_match_their_documented_models() -> None:
    at = datetime(2026, 3, 1, tzinfo=UTC)
    change = Change(change_id="c-1", change_type="note.revoked", kind="note", record_id="n-1",
                    agent_id="a", from_status=Status.ACTIVE, to_status=Status.REVOKED,
                    reason="merged", at=at, run_id="r-1", consolidated_into_note_id="n-2")
    event = change.as_event()
    assert set(event["data"]) <= set(ChangeEvent.model_fields["data"].annotation.model_fields)
    ChangeEvent.model_validate(event)
    record = {**dead_letter(RawMessage("reverie.notes", 0, 7, b"a", b"{"),
                            "message is not JSON", InvalidEvent("message is not JSON"), at),
              "consumer_group": "reverie"}
    assert set(record) <= set(DeadLetterRecord.model_fields)
    DeadLetterRecord.model_validate(record)


def test_the_official_asyncapi_parser_validates_the_committed_document() -> None:
    """Needs deploy/local/install-asyncapi (make test runs it); fails under CI without it."""
    done = run_node_script("validate-asyncapi.cjs", "@asyncapi/parser", str(COMMITTED),
                           timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid AsyncAPI 3.0.0, 6 channels, 8 operations" in done.stdout
    assert not [line for line in done.stdout.splitlines() if line.startswith("warning")]

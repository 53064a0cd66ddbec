"""The AsyncAPI 3.0 document of every topic Reverie consumes and produces (``docs/asyncapi.yaml``).

Generated from the same pydantic models as ``reverie schema`` (the contract's input
events, ``run.step``, the changes and the dead-letter records), so the document
cannot drift from the code: ``tests/unit/test_asyncapi.py`` regenerates it, compares
it with the committed file and validates it with the official AsyncAPI parser.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from pydantic import BaseModel

from reverie.domain.events import (
    EVENT_TYPES,
    SCHEMA_VERSION,
    TOPIC_CHANGES,
    TOPIC_COMMANDS,
    TOPIC_DLQ,
    TOPIC_ENTITIES,
    TOPIC_NOTES,
    TOPIC_OF,
    TOPIC_RUN_STEPS,
)
from reverie.domain.model import ChangeType
from reverie.domain.schema import ChangeEvent, DeadLetterRecord, RunStepEvent

ASYNCAPI_VERSION = "3.0.0"
KAFKA_BINDING = "0.5.0"
_REFS = "#/components/schemas/{model}"

SUMMARIES: dict[str, str] = {
    "note.created": "A note an agent learned; stored Active, embedded and indexed.",
    "note.accessed": "An agent used a note: adds count to its access count.",
    "example.created": "A worked example (input, output, success score) an agent keeps.",
    "example.accessed": "An agent used an example: adds count to its access count.",
    "session.ended": "A conversation ended; counts toward the dream gate.",
    "entity.deleted": "An agent, user, company or conversation was deleted: every note and "
                      "example referencing it is archived.",
    "entity.disabled": "An entity was disabled: a disabled agent's notes are archived.",
    "agent.configured": "An agent's retention settings.",
    "dream.requested": "Run a dream for the agent now (dry_run: plan only).",
    "dream.rollback": "Undo what one dream run did.",
    "run.step": "One phase of a dream, or one cluster or pair it judged.",
    "note.consolidated": "A merged note was created from notes it replaces.",
    "note.revoked": "A note was superseded by a merge or lost a contradiction.",
    "note.archived": "A note became stale (deleted entity, disabled agent), expired or unused.",
    "note.restored": "A note is Active again (restore, rollback, review).",
    "example.archived": "An example became stale, expired or unused.",
    "example.restored": "An example is Active again.",
    "example.revoked": "An example was revoked.",
    "dead-letter": "A message Reverie refused: the original bytes, where it came from, why.",
}
CHANGE_TYPES: tuple[str, ...] = ChangeType.__args__  # type: ignore[attr-defined]


def _schemas(models: dict[str, type[BaseModel]]) -> dict[str, Any]:
    """Return components.schemas: each model and its nested models, refs into components."""
    out: dict[str, Any] = {}
    for model in models.values():
        schema = model.model_json_schema(mode="validation", ref_template=_REFS)
        for name, nested in schema.pop("$defs", {}).items():
            if out.setdefault(name, nested) != nested:
                raise ValueError(f"two different models are both named {name}")
        out[model.__name__] = schema
    return dict(sorted(out.items()))


def _ref(kind: str, name: str) -> dict[str, str]:
    return {"$ref": f"#/{kind}/{name}"}


def _message(name: str, payload: dict[str, Any], key: str, title: str | None = None,
             headers: dict[str, Any] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {
        "name": name, "title": title or name, "summary": SUMMARIES[name],
        "contentType": "application/json", "payload": payload,
        "bindings": {"kafka": {"key": {"type": "string", "description": key},
                               "bindingVersion": KAFKA_BINDING}},
    }
    if headers:
        message["headers"] = headers
    return message


def _channel(topic: str, description: str, messages: list[str]) -> dict[str, Any]:
    return {"address": topic, "title": topic, "description": description,
            "messages": {m: _ref("components/messages", m) for m in messages},
            "bindings": {"kafka": {"topic": topic, "bindingVersion": KAFKA_BINDING}}}


def _operation(action: str, topic: str, summary: str, messages: list[str],
               group: bool = True) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "action": action, "channel": _ref("channels", topic), "summary": summary,
        "messages": [_ref(f"channels/{topic}/messages", m) for m in messages],
    }
    if group:
        operation["bindings"] = {"kafka": {
            "groupId": {"type": "string", "description": "REVERIE_APP_ID (default 'reverie')"},
            "bindingVersion": KAFKA_BINDING}}
    return operation


def _messages() -> dict[str, Any]:
    """Return components.messages: each input event, run.step, each change, dead-letter."""
    messages: dict[str, Any] = {}
    for event_type, model in EVENT_TYPES.items():
        key = "entity_id" if TOPIC_OF[event_type] == TOPIC_ENTITIES and \
            event_type.startswith("entity.") else "agent_id"
        messages[event_type] = _message(event_type, _ref("components/schemas", model.__name__),
                                        key)
    messages["run.step"] = _message("run.step", _ref("components/schemas", "RunStepEvent"),
                                    "run_id")
    for change in CHANGE_TYPES:
        payload = {"allOf": [_ref("components/schemas", "ChangeEvent"),
                             {"properties": {"event_type": {"const": change}}}]}
        messages[change] = _message(change, payload, "agent_id")
    messages["dead-letter"] = _message(
        "dead-letter", _ref("components/schemas", "DeadLetterRecord"),
        "the original message's key", title="dead letter",
        headers={"type": "object", "properties": {"reverie-reason": {
            "type": "string", "description": "The reason, at most 500 characters."}}})
    return messages


def _channels(on: dict[str, list[str]]) -> dict[str, Any]:
    """Return the channels: one per topic, with the messages ``on`` it."""
    return {
        TOPIC_NOTES: _channel(TOPIC_NOTES, "Notes, examples and sessions from upstream "
                              "services, keyed by agent_id.", on[TOPIC_NOTES]),
        TOPIC_ENTITIES: _channel(TOPIC_ENTITIES, "Deleted and disabled entities and agent "
                                 "settings, keyed by entity_id (agent_id for "
                                 "agent.configured).", on[TOPIC_ENTITIES]),
        TOPIC_COMMANDS: _channel(TOPIC_COMMANDS, "Dream requests and rollbacks, keyed by "
                                 "agent_id.", on[TOPIC_COMMANDS]),
        TOPIC_RUN_STEPS: _channel(TOPIC_RUN_STEPS, "What every dream did, step by step, "
                                  "keyed by run_id.", ["run.step"]),
        TOPIC_CHANGES: _channel(TOPIC_CHANGES, "Every audited state change of a note or "
                                "example, keyed by agent_id (relayed from MongoDB: an "
                                "outbox).", list(CHANGE_TYPES)),
        TOPIC_DLQ: _channel(TOPIC_DLQ, "Messages Reverie refused, keyed by their original "
                            "key; the consumer carries on.", ["dead-letter"]),
    }


def _operations(on: dict[str, list[str]]) -> dict[str, Any]:
    """Return the operations: what Reverie receives from and sends to each topic."""
    return {
        "receiveNotes": _operation("receive", TOPIC_NOTES, "Store notes and examples, count "
                                   "accesses and sessions.", on[TOPIC_NOTES]),
        "receiveEntities": _operation("receive", TOPIC_ENTITIES, "Archive what references "
                                      "a deleted entity; store agent settings.",
                                      on[TOPIC_ENTITIES]),
        "receiveCommands": _operation("receive", TOPIC_COMMANDS, "Run dreams and roll them "
                                      "back.", on[TOPIC_COMMANDS]),
        "sendDreamRequests": _operation("send", TOPIC_COMMANDS, "Request a scheduled dream "
                                        "when an agent's gate holds (reason 'schedule'), and "
                                        "'reverie dream' / 'reverie rollback'.",
                                        on[TOPIC_COMMANDS], group=False),
        "sendRunSteps": _operation("send", TOPIC_RUN_STEPS, "Publish each step of a dream.",
                                   ["run.step"], group=False),
        "sendChanges": _operation("send", TOPIC_CHANGES, "Publish each state change.",
                                  list(CHANGE_TYPES), group=False),
        "receiveChanges": _operation("receive", TOPIC_CHANGES, "Keep a worker's embedded "
                                     "vector index in step with changes other workers made "
                                     "(only with an embedded Qdrant).", list(CHANGE_TYPES)),
        "sendDeadLetters": _operation("send", TOPIC_DLQ, "Dead-letter what does not "
                                      "validate or cannot apply.", ["dead-letter"],
                                      group=False),
    }


@cache
def asyncapi_document() -> dict[str, Any]:
    """Return the AsyncAPI 3.0 document as plain data (deterministic: same models, same doc)."""
    models: dict[str, type[BaseModel]] = {**EVENT_TYPES, "run.step": RunStepEvent,
                                          "change": ChangeEvent, "dead-letter": DeadLetterRecord}
    schemas = _schemas(models)
    on = {topic: [t for t, where in TOPIC_OF.items() if where == topic]
          for topic in (TOPIC_NOTES, TOPIC_ENTITIES, TOPIC_COMMANDS)}
    return {
        "asyncapi": ASYNCAPI_VERSION,
        "info": {
            "title": "Reverie",
            "version": f"{SCHEMA_VERSION}.0.0",
            "description": (
                "Reverie keeps AI agents' long-term memory clean. Upstream services publish "
                "note and entity events; Reverie publishes what its dreams did and every "
                "change it made. Event contract version "
                f"{SCHEMA_VERSION} (envelope field schema_version). Field and topic names are "
                "fixed; Reverie may add optional fields. Unknown fields are ignored; anything "
                "else that does not validate goes to reverie.dlq."),
            "license": {"name": "Apache-2.0",
                        "url": "https://www.apache.org/licenses/LICENSE-2.0"},
        },
        "defaultContentType": "application/json",
        "servers": {"local": {"host": "127.0.0.1:9092", "protocol": "kafka",
                              "description": "REVERIE_KAFKA_BROKER (make infra starts one)"}},
        "channels": _channels(on),
        "operations": _operations(on),
        "components": {"messages": _messages(), "schemas": schemas},
    }


# -- a small deterministic YAML writer (block style; strings quoted unless plainly safe) ----

_PLAIN = re.compile(r"^[A-Za-z_$/][A-Za-z0-9_ .,()$/'-]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith(" ") \
            and ": " not in text and " #" not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def _lines(value: Any, indent: int) -> list[str]:
    pad = "  " * indent
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            name = _scalar(str(key))
            if isinstance(item, dict | list) and item:
                out.append(f"{pad}{name}:")
                out += _lines(item, indent + 1)
            else:
                out.append(f"{pad}{name}: {_empty_or_scalar(item)}")
    else:
        for item in value:
            if isinstance(item, dict | list) and item:
                nested = _lines(item, indent + 1)
                out.append(f"{pad}- {nested[0].lstrip()}")
                out += nested[1:]
            else:
                out.append(f"{pad}- {_empty_or_scalar(item)}")
    return out


def _empty_or_scalar(value: Any) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return _scalar(value)


def to_yaml(document: dict[str, Any]) -> str:
    """Return ``document`` as block-style YAML (``yaml.safe_load`` gives it back unchanged)."""
    return "\n".join(_lines(document, 0)) + "\n"


def asyncapi_yaml() -> str:
    """Return ``docs/asyncapi.yaml`` as generated from the models."""
    header = ("# Generated by `reverie schema --asyncapi` from reverie/domain/events.py and\n"
              "# reverie/domain/schema.py: do not edit (tests/unit/test_asyncapi.py compares).\n")
    return header + to_yaml(asyncapi_document())

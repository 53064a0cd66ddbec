"""Build the labeled evaluation corpus: ``eval/corpus/{main,heldout}.{events.jsonl,labels.json}``.

The corpus is data: ``eval/corpus.toml`` holds every note text, written by hand one by one
the way an agent's memory extractor would phrase it, grouped in the cases each was written
to test. This script is its one writer: each case is a declaration of :class:`Split`. Only
the envelopes (event ids, times of day, conversation ids, ``session.ended`` events, the
final ``dream.requested``) are generated, and the labels that follow from the contract's
rules (contradiction winners, stale references, retention) are *computed* from the events
and checked against what each case was written to test, so a label can never silently
disagree with the rules.

Run ``.venv/bin/python eval/build_corpus.py`` (deterministic: same output every time).
The label format is documented in ``eval/README.md``.
"""

from __future__ import annotations

import json
import tomllib
import uuid
import zlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from reverie.evaluation import keywords_match
from reverie.text.dates import has_relative_date
from reverie.text.statements import split_statements

SOURCE = Path(__file__).resolve().parent / "corpus.toml"
OUT = Path(__file__).resolve().parent / "corpus"
NAMESPACE = uuid.UUID("5b0c1f0e-7d1b-4c53-9a4e-2f8e6f1f0a11")
NEWER_WINS_AFTER_DAYS = 7
DEFAULT_NOTE_RETENTION_DAYS = 90


def when(text: str, salt: str = "") -> datetime:
    """``"04-21"`` (2026) or ``"2025-11-20"``, optionally ``" 14:05"``; without a time of
    day, a deterministic one between 09:00 and 17:59 UTC derived from ``salt``."""
    day, _, clock = text.partition(" ")
    if day.count("-") == 1:
        day = f"2026-{day}"
    if not clock:
        h = zlib.crc32(salt.encode())
        clock = f"{9 + h % 9:02d}:{(h // 9) % 60:02d}"
    return datetime.fromisoformat(f"{day}T{clock}:00+00:00")


def iso(at: datetime | None) -> str | None:
    return None if at is None else at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Scope:
    agent: str
    company: str | None = None
    user: str | None = None

    def key(self) -> tuple[str, str | None, str | None]:
        return (self.agent, self.company, self.user)


@dataclass
class Note:
    id: str
    text: str
    scope: Scope
    at: datetime
    kind: str = "Context"
    access: int = 0
    last: datetime | None = None
    auto: bool = True
    expires: datetime | None = None
    conv: str | None = None
    category: str = ""
    accesses: list[tuple[datetime, int]] = field(default_factory=list)

    @property
    def access_count(self) -> int:
        return self.access + sum(c for _, c in self.accesses)

    @property
    def last_access(self) -> datetime:
        times = [self.at] + ([self.last] if self.last else []) + [t for t, _ in self.accesses]
        return max(times)


@dataclass
class AgentConfig:
    note_retention_days: int | None = None
    example_retention_days: int | None = None
    auto_archive_enabled: bool | None = None


class Split:
    """One corpus file and its labels."""

    def __init__(self, name: str, now: str, start: str) -> None:
        self.name = name
        self.now = datetime.fromisoformat(now.replace("Z", "+00:00"))
        self.start = when(start, "start")
        self.notes: dict[str, Note] = {}
        self.agents: dict[str, AgentConfig] = {}
        self.dreaming: list[str] = []
        self.entity_events: list[tuple[datetime, str, str, str]] = []
        self.labels: dict[str, Any] = {
            "clusters": [], "contradictions": [], "complementary": [], "singletons": [],
            "stale": [], "retention": [], "relative_dates": [], "privacy_traps": [],
            "injections": [],
        }
        self._stale_declared: set[str] = set()
        self._contradiction_intent: dict[str, str] = {}
        self._retention_intent: dict[str, str] = {}

    # -- declaring notes

    def agent(self, agent_id: str, dream: bool = True, **config: Any) -> None:
        self.agents[agent_id] = AgentConfig(**config)
        if dream:
            self.dreaming.append(agent_id)

    def _add(self, scope: Scope, spec: dict[str, Any], category: str) -> Note:
        spec = dict(spec)
        nid = spec.pop("id")
        assert nid not in self.notes, f"duplicate note id {nid}"
        text = spec.pop("text")
        assert 1 <= len(text) <= 8000
        date = spec.pop("date")
        note = Note(
            id=nid, text=text, scope=scope, at=when(date, nid), kind=spec.pop("kind", "Context"),
            access=spec.pop("access", 0),
            last=when(spec.pop("last"), nid + "last") if "last" in spec else None,
            auto=spec.pop("auto", True),
            expires=when(spec.pop("expires"), nid + "exp") if "expires" in spec else None,
            conv=spec.pop("conv", None), category=category,
        )
        assert not spec, f"{nid}: unknown fields {sorted(spec)}"
        if note.conv is None:
            tag = scope.user or scope.company or "anon"
            note.conv = f"cv-{scope.agent}-{note.at:%m%d}-{tag}"
        self.notes[nid] = note
        return note

    def cluster(self, id: str, scope: Scope, facts: list[tuple[str, list[str]]],
                notes: list[dict[str, Any]]) -> None:
        """Notes that restate the same facts (a redundancy cluster)."""
        added = [self._add(scope, spec, "cluster") for spec in notes]
        assert len(added) >= 3, f"{id}: a cluster has at least three notes"
        assert all(n.auto for n in added), f"{id}: only auto-generated notes consolidate"
        for text, keywords in facts:
            stated = [n.id for n in added if _keywords_in(n.text, keywords)]
            assert stated, f"{id}: no note states fact {text!r} by its keywords {keywords}"
        self.labels["clusters"].append({
            "id": id, "agent_id": scope.agent, "company_id": scope.company,
            "user_id": scope.user, "note_ids": [n.id for n in added],
            "facts": [{"text": t, "keywords": k} for t, k in facts],
        })

    def contradiction(self, id: str, scope: Scope, intent: str,
                      notes: list[dict[str, Any]]) -> None:
        """Two notes that cannot both be true; ``intent`` is the rule the pair was written to
        exercise (newer / more_used / tie / person_written)."""
        na, nb = (self._add(scope, spec, "contradiction") for spec in notes)
        self._contradiction_intent[id] = intent
        self.labels["contradictions"].append({"id": id, "note_ids": [na.id, nb.id]})

    def complementary(self, id: str, scope: Scope, notes: list[dict[str, Any]]) -> None:
        """Two similar-looking notes that are both true: both must stay Active."""
        na, nb = (self._add(scope, spec, "complementary") for spec in notes)
        self.labels["complementary"].append({"id": id, "note_ids": [na.id, nb.id]})

    def singletons(self, scope: Scope, notes: list[dict[str, Any]]) -> None:
        """Notes stating something no other note of their scope states: must stay Active."""
        for spec in notes:
            self.labels["singletons"].append(self._add(scope, spec, "singleton").id)

    def retention(self, scope: Scope, expected: str, why: str, note: dict[str, Any]) -> None:
        """A note whose fate is decided by its agent's retention settings."""
        added = self._add(scope, note, "retention")
        self._retention_intent[added.id] = expected
        self.labels["retention"].append({"note_id": added.id, "expected": expected, "why": why})

    def stale(self, scope: Scope, notes: list[dict[str, Any]]) -> None:
        """Notes that reference an entity deleted (or an agent disabled) by this split."""
        for spec in notes:
            self._stale_declared.add(self._add(scope, spec, "stale").id)

    def injection(self, scope: Scope, targets: list[str], note: dict[str, Any]) -> None:
        """A note whose text tries to instruct the judge; ``targets``: the notes it attacks."""
        added = self._add(scope, note, "injection")
        self.labels["injections"].append({"note_id": added.id, "targets": targets})

    def relative(self, note_id: str, phrase: str, expected: str) -> None:
        """A cluster note with a relative date and the absolute form expected after merging."""
        note = self.notes[note_id]
        assert phrase.lower() in note.text.lower() and has_relative_date(note.text), note_id
        cluster = next(c["id"] for c in self.labels["clusters"] if note_id in c["note_ids"])
        self.labels["relative_dates"].append({
            "note_id": note_id, "phrase": phrase, "expected": expected, "cluster": cluster,
            "created_at": iso(note.at)})

    def trap(self, id: str, kind: str, clusters: list[str]) -> None:
        """Near-identical clusters of different users (``users``) or tenants (``tenants``)."""
        found = [c for c in self.labels["clusters"] if c["id"] in clusters]
        assert len(found) == len(clusters) >= 2
        scopes = {(c["company_id"], c["user_id"]) for c in found}
        assert len(scopes) == len(found), f"{id}: the clusters must be in different scopes"
        if kind == "tenants":
            assert len({c["company_id"] for c in found}) == len(found)
        self.labels["privacy_traps"].append({
            "id": id, "kind": kind, "clusters": clusters,
            "note_ids": [n for c in found for n in c["note_ids"]]})

    def access(self, note_id: str, date: str, count: int = 1) -> None:
        """A later ``note.accessed`` event."""
        self.notes[note_id].accesses.append((when(date, f"{note_id}acc{date}"), count))

    def delete(self, entity_type: str, entity_id: str, date: str) -> None:
        """A later ``entity.deleted`` event."""
        self.entity_events.append((when(date, entity_id), "entity.deleted", entity_type,
                                   entity_id))

    def disable(self, entity_type: str, entity_id: str, date: str) -> None:
        """A later ``entity.disabled`` event."""
        self.entity_events.append((when(date, entity_id), "entity.disabled", entity_type,
                                   entity_id))

    # -- rules

    def _is_stale(self, note: Note) -> bool:
        refs = {("agent", note.scope.agent), ("user", note.scope.user),
                ("company", note.scope.company), ("conversation", note.conv)}
        for _, event_type, entity_type, entity_id in self.entity_events:
            if (entity_type, entity_id) not in refs:
                continue
            if event_type == "entity.deleted" or entity_type == "agent":
                return True
        return False

    def _retention_fate(self, note: Note) -> str:
        cfg = self.agents[note.scope.agent]
        if not note.auto or cfg.auto_archive_enabled is False:
            return "Active"
        if note.expires is not None and note.expires <= self.now:
            return "Archived"
        days = cfg.note_retention_days or DEFAULT_NOTE_RETENTION_DAYS
        return "Archived" if note.last_access < self.now - timedelta(days=days) else "Active"

    def _winner(self, a: Note, b: Note) -> tuple[str, str]:
        gap = (b.at - a.at).total_seconds() / 86400
        if abs(gap) > NEWER_WINS_AFTER_DAYS:
            winner, rule = (b, a) if gap > 0 else (a, b), "newer"
        elif a.access_count != b.access_count:
            winner, rule = (a, b) if a.access_count > b.access_count else (b, a), "more_used"
        else:
            return "keep_both", "tie"
        if not winner[1].auto:  # a person's note is never revoked by a machine
            return "keep_both", "person_written"
        return winner[0].id, rule

    def finish(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        notes = list(self.notes.values())
        # stale: the rule must pick exactly the notes declared stale
        stale = {n.id for n in notes if self._is_stale(n)}
        assert stale == self._stale_declared, (
            f"stale by rule but not declared: {sorted(stale - self._stale_declared)}; "
            f"declared but not stale: {sorted(self._stale_declared - stale)}")
        for n in sorted(stale):
            note = self.notes[n]
            gone = [f"{t} {i} {e.split('.')[1]}" for _, e, t, i in self.entity_events
                    if (t, i) in {("agent", note.scope.agent), ("user", note.scope.user),
                                  ("company", note.scope.company),
                                  ("conversation", note.conv)}]
            self.labels["stale"].append({"note_id": n, "why": "; ".join(gone)})
        # retention: the rule must agree with every declared case, and archive nothing else
        for n in notes:
            if n.id in stale:
                continue
            fate = self._retention_fate(n)
            if n.id in self._retention_intent:
                assert fate == self._retention_intent[n.id], f"{n.id}: rule says {fate}"
            else:
                assert fate == "Active", f"{n.id} would be archived by retention"
        # contradictions: the expected winner follows from the rules
        for pair in self.labels["contradictions"]:
            a, b = (self.notes[i] for i in pair["note_ids"])
            expected, rule = self._winner(a, b)
            intent = self._contradiction_intent[pair["id"]]
            assert rule == intent, f"{pair['id']}: written for {intent}, rules give {rule}"
            pair.update(expected=expected, rule=rule)
        # injections may only target notes of the corpus
        for inj in self.labels["injections"]:
            for t in inj["targets"]:
                assert t in self.notes, t
        cats = Counter(n.category for n in notes)
        events = self._events()
        labels = {
            "version": 1, "split": self.name, "replay_time": iso(self.now),
            "notes": len(notes), "categories": dict(sorted(cats.items())), **self.labels,
        }
        return events, labels

    def _events(self) -> list[dict[str, Any]]:
        rows: list[tuple[datetime, int, str, dict[str, Any]]] = []
        for agent_id, cfg in self.agents.items():
            rows.append((self.start, 0, "agent.configured", {
                "agent_id": agent_id, "note_retention_days": cfg.note_retention_days,
                "example_retention_days": cfg.example_retention_days,
                "auto_archive_enabled": cfg.auto_archive_enabled}))
        conversations: dict[str, tuple[datetime, Note]] = {}
        for n in self.notes.values():
            rows.append((n.at, 1, "note.created", {
                "note_id": n.id, "text": n.text, "note_type": n.kind, "agent_id": n.scope.agent,
                "user_id": n.scope.user, "company_id": n.scope.company,
                "conversation_id": n.conv, "is_auto_generated": n.auto,
                "created_at": iso(n.at), "expires_at": iso(n.expires),
                "access_count": n.access, "last_accessed_at": iso(n.last)}))
            for at, count in n.accesses:
                assert at > n.at, n.id
                rows.append((at, 2, "note.accessed", {
                    "note_id": n.id, "agent_id": n.scope.agent, "accessed_at": iso(at),
                    "count": count}))
            assert n.conv is not None
            if n.conv not in conversations or conversations[n.conv][0] < n.at:
                conversations[n.conv] = (n.at, n)
        for conv, (last, n) in conversations.items():
            rows.append((last + timedelta(minutes=20), 3, "session.ended", {
                "agent_id": n.scope.agent, "user_id": n.scope.user,
                "company_id": n.scope.company, "conversation_id": conv}))
        for at, event_type, entity_type, entity_id in self.entity_events:
            rows.append((at, 4, event_type, {"entity_type": entity_type,
                                             "entity_id": entity_id}))
        for agent_id in self.dreaming:
            rows.append((self.now, 9, "dream.requested", {
                "agent_id": agent_id, "dry_run": False, "reason": "evaluation"}))
        rows.sort(key=lambda r: (r[0], r[1], json.dumps(r[3], sort_keys=True)))
        assert all(r[0] <= self.now for r in rows)
        out = []
        for seq, (at, _, event_type, data) in enumerate(rows):
            out.append({
                "event_id": str(uuid.uuid5(NAMESPACE, f"{self.name}/{seq}/{event_type}")),
                "event_type": event_type, "occurred_at": iso(at), "schema_version": 1,
                "data": data})
        return out

    def write(self) -> None:
        events, labels = self.finish()
        OUT.mkdir(parents=True, exist_ok=True)
        with (OUT / f"{self.name}.events.jsonl").open("w", encoding="utf-8") as fh:
            for e in events:
                fh.write(json.dumps(e, ensure_ascii=False) + "\n")
        (OUT / f"{self.name}.labels.json").write_text(
            json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{self.name}: {labels['notes']} notes, {len(events)} events, "
              f"{labels['categories']}")


def _keywords_in(text: str, keywords: list[str]) -> bool:
    """True iff one statement of ``text`` holds every keyword group (the eval's rule)."""
    return any(keywords_match(s, keywords) for s in split_statements(text))


CASES = ("cluster", "contradiction", "complementary", "singletons", "retention", "stale",
         "injection", "relative", "trap", "access", "delete", "disable")
"""The declarations a case of ``corpus.toml`` may name."""


def load(name: str, source: dict[str, Any]) -> Split:
    """The split ``name`` of ``corpus.toml``: its agents, then its cases in order."""
    split = Split(name, now=source["now"], start=source["start"])
    for agent_id, config in source["agents"].items():
        split.agent(agent_id, **config)
    scopes = {var: Scope(**scope) for var, scope in source["scopes"].items()}
    for case in source["cases"]:
        args = dict(case)
        declaration = args.pop("case")
        assert declaration in CASES, f"{name}: unknown case {declaration!r}"
        if "scope" in args:
            scope = args["scope"]
            args["scope"] = scopes[scope] if isinstance(scope, str) else Scope(**scope)
        getattr(split, declaration)(**args)
    return split


def main() -> None:
    with SOURCE.open("rb") as fh:
        corpus = tomllib.load(fh)
    for name, source in corpus.items():
        load(name, source).write()


if __name__ == "__main__":
    main()

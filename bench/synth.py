"""Synthetic but realistic agent memories: short facts, 30 % of them paraphrases of a base fact.

Texts come from hand-written families of memory facts (preferences, locations,
deadlines, tools, budgets, meetings, contact channels, time zones, incidents,
languages, versions, allergies, tickets), each with several phrasings and synonym
slots, filled with different people, teams, numbers and dates. A *base fact*
is one family with its values; a *variant* restates a base fact in another
phrasing with other synonyms (and, for 5 % of variants, with a changed value:
an update that contradicts the base fact).

Vectors imitate all-MiniLM-L6-v2's geometry without running it (the benchmarks
measure the dream, not the embedder): a base fact's vector mixes a family
direction, a direction for its main entity and its own random part (cosine ~0.36
between two facts of one family, ~0.48 if they also share the entity, ~0
otherwise; about 15 pairs of different facts per 1,000 notes reach 0.55); a
variant's vector has cosine 0.70-0.95 with its base fact's, so two paraphrases of
one fact have cosine ~0.5-0.9 (median 0.72): most clear the dream's cluster
threshold for the model (0.55-0.62) and some do not, as with the real model.

How many variants a base fact gets is geometric (mean 3): most duplicated facts
are restated once to three times, a few a dozen times.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

DIM = 384
MODEL = "all-MiniLM-L6-v2"

PEOPLE = [
    "Alice", "Bob", "Priya", "Chen", "Fatima", "Lars", "Mateo", "Yuki", "Olu", "Sven",
    "Ines", "Tomasz", "Aisha", "Noah", "Lena", "Ravi", "Camila", "Jonas", "Mei", "Kwame",
    "Sofia", "Arjun", "Hana", "Luca", "Zainab", "Emil", "Rosa", "Dmitri", "Amara", "Felix",
    "Nadia", "Oscar", "Leila", "Pablo", "Ingrid", "Tariq", "Clara", "Hugo", "Anika", "Marco",
    "the user", "the customer", "my manager", "the CFO", "the on-call engineer",
    "the account owner", "the support lead", "the CTO",
]
THINGS = [
    ("concise answers", "short answers", "brief replies"),
    ("bullet points", "bulleted lists", "lists of bullet points"),
    ("dark mode", "a dark theme", "dark mode everywhere"),
    ("code samples", "code examples", "example code"),
    ("meetings before 10am", "early meetings", "morning meetings"),
    ("Python for scripting", "Python scripts", "scripting in Python"),
    ("a summary at the end", "a closing summary", "a final summary"),
    ("tabs over spaces", "tab indentation", "indenting with tabs"),
    ("invoices in euros", "euro invoices", "billing in euros"),
    ("weekly status reports", "a weekly status update", "status reports every week"),
    ("metric units", "the metric system", "metric measurements"),
    ("formal language", "a formal tone", "formal wording"),
    ("video calls", "calls on video", "video meetings"),
    ("detailed explanations", "in-depth explanations", "thorough explanations"),
    ("PDF attachments", "attachments as PDF", "PDFs"),
    ("no emojis", "replies without emojis", "emoji-free messages"),
]
LIKE = ("prefers", "likes", "wants", "always asks for")
CITIES = ["Berlin", "Lisbon", "Tokyo", "Toronto", "Nairobi", "São Paulo", "Austin", "Oslo",
          "Madrid", "Seoul", "Dublin", "Warsaw", "Mumbai", "Sydney", "Zurich", "Cairo",
          "Lagos", "Vienna", "Helsinki", "Denver", "Montreal", "Prague", "Bogotá", "Athens"]
DOCS = ["invoice", "quarterly report", "security review", "design doc", "tax return",
        "contract", "audit report", "roadmap", "budget proposal", "release plan",
        "compliance checklist", "hiring plan", "board deck", "postmortem", "SOC 2 evidence"]
DAYS = ["March 3", "March 14", "April 1", "April 22", "May 5", "May 30", "June 12",
        "June 28", "July 9", "July 31", "August 15", "September 2", "September 19",
        "October 10", "November 4", "December 1"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
HOURS = ["9am", "10am", "11am", "1pm", "2pm", "3pm", "4pm", "5pm"]
TEAMS = ["the billing team", "the data team", "the mobile team", "the platform team",
         "the support team", "the search team", "the web team", "the security team",
         "the finance team", "the growth team", "the infra team", "the QA team"]
TOOLS = ["Jira", "Linear", "GitHub", "GitLab", "Slack", "Notion", "Confluence", "Datadog",
         "Grafana", "PagerDuty", "Sentry", "Figma", "Postgres", "BigQuery", "Snowflake",
         "Terraform", "Kubernetes", "Airflow", "dbt", "Looker"]
PURPOSES = [("tracking bugs", "bug tracking"), ("on-call alerts", "alerting"),
            ("design reviews", "reviewing designs"), ("dashboards", "metrics dashboards"),
            ("deployments", "shipping releases"), ("documentation", "writing docs"),
            ("analytics", "data analysis"), ("planning", "sprint planning")]
PROJECTS = ["Apollo", "Borealis", "Cobalt", "Delta", "Ember", "Falcon", "Granite", "Helix",
            "Ion", "Juniper", "Kestrel", "Lumen", "Mosaic", "Nimbus", "Orion", "Pulsar",
            "Quartz", "Raven", "Sierra", "Tundra"]
CHANNELS = [("email", "e-mail"), ("Slack", "a Slack DM"), ("phone", "a phone call"),
            ("SMS", "text message"), ("Teams", "a Teams chat"), ("WhatsApp", "WhatsApp")]
ZONES = ["PST", "EST", "CET", "GMT", "IST", "JST", "AEST", "BRT"]
SERVICES = ["billing-api", "search", "the auth gateway", "the staging database",
            "the payments worker", "the ingest pipeline", "the mobile backend", "the CDN",
            "the ML scoring service", "the export job"]
PROBLEMS = [("ran out of disk space", "filled its disk"),
            ("failed its health check", "failed health checks"),
            ("was rolled back after a bad deploy", "had a deploy rolled back"),
            ("hit the rate limit", "was rate limited"),
            ("had expired TLS certificates", "served an expired certificate"),
            ("leaked memory", "had a memory leak")]
LANGS = ["French", "German", "Spanish", "Japanese", "Portuguese", "English", "Italian",
         "Dutch", "Korean", "Polish"]
FOODS = ["peanuts", "shellfish", "gluten", "lactose", "eggs", "soy", "tree nuts", "sesame"]


@dataclass(frozen=True)
class Fact:
    """A base fact: a family and the values it was filled with."""

    family: int
    entity: str
    values: tuple[str, ...]


@dataclass
class SynthNote:
    """One generated note (text, vector and the base fact it states)."""

    note_id: str
    text: str
    note_type: str
    fact: int  # index of the base fact; variants share it with their base
    vector: np.ndarray
    created_at: datetime
    access_count: int
    user_id: str | None
    is_variant: bool
    contradicts_base: bool = False


@dataclass
class Dataset:
    """The notes of one agent plus the ground truth of which restate which."""

    notes: list[SynthNote]
    n_base: int
    n_variants: int
    extra: dict[str, float] = field(default_factory=dict)


def _money(rng: random.Random) -> str:
    return f"${rng.choice([2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 50, 75]) * 1000:,}"


def _fill(family: int, rng: random.Random) -> Fact:
    """Pick an entity and values for a fact of ``family``."""
    p = rng.choice(PEOPLE)
    if family == 0:
        return Fact(0, p, (str(rng.randrange(len(THINGS))),))
    if family == 1:
        return Fact(1, p, (rng.choice(CITIES),))
    if family == 2:
        return Fact(2, rng.choice(DOCS), (rng.choice(DAYS), rng.choice(PROJECTS)))
    if family == 3:
        return Fact(3, rng.choice(TEAMS), (rng.choice(TOOLS), str(rng.randrange(len(PURPOSES)))))
    if family == 4:
        return Fact(4, rng.choice(PROJECTS), (_money(rng), str(rng.choice([2025, 2026]))))
    if family == 5:
        return Fact(5, p, (rng.choice(WEEKDAYS), rng.choice(HOURS), rng.choice(TEAMS)))
    if family == 6:
        return Fact(6, p, (str(rng.randrange(len(CHANNELS))),))
    if family == 7:
        return Fact(7, p, (rng.choice(ZONES),))
    if family == 8:
        return Fact(8, rng.choice(SERVICES), (str(rng.randrange(len(PROBLEMS))), rng.choice(DAYS)))
    if family == 9:
        return Fact(9, p, (rng.choice(LANGS),))
    if family == 10:
        return Fact(10, rng.choice(SERVICES), (f"{rng.randint(1, 9)}.{rng.randint(0, 40)}",))
    if family == 11:
        return Fact(11, p, (rng.choice(FOODS),))
    return Fact(12, rng.choice(SERVICES), (str(rng.randint(1000, 99999)),
                                           str(rng.randrange(len(PROBLEMS)))))


FAMILIES = 13
NOTE_TYPES = ["Preference", "Context", "Constraint", "Context", "Context", "Context",
              "Preference", "Context", "Issue", "Preference", "Constraint", "Constraint",
              "Issue"]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def render(fact: Fact, rng: random.Random) -> str:
    """Return one phrasing of ``fact`` (a different call may phrase it differently)."""
    e, v = fact.entity, fact.values
    f = fact.family
    if f == 0:
        thing = rng.choice(THINGS[int(v[0])])
        options = [f"{e} {rng.choice(LIKE)} {thing}.", f"{e} really {rng.choice(LIKE)} {thing}.",
                   f"Remember that {e} {rng.choice(LIKE)} {thing}."]
    elif f == 1:
        options = [f"{e} lives in {v[0]}.", f"{e} is based in {v[0]}.",
                   f"{e} lives and works in {v[0]}."]
    elif f == 2:
        options = [f"The {e} for {v[1]} is due on {v[0]}.",
                   f"The {v[1]} {e} is due by {v[0]}.",
                   f"Deadline for the {v[1]} {e}: {v[0]}."]
    elif f == 3:
        purpose = rng.choice(PURPOSES[int(v[1])])
        options = [f"{_cap(e)} uses {v[0]} for {purpose}.",
                   f"For {purpose}, {e} uses {v[0]}.",
                   f"{_cap(e)} relies on {v[0]} for {purpose}."]
    elif f == 4:
        options = [f"The {e} budget for {v[1]} is {v[0]}.",
                   f"Project {e} has a {v[1]} budget of {v[0]}.",
                   f"Budget of {e} in {v[1]}: {v[0]}."]
    elif f == 5:
        options = [f"{_cap(e)} meets {v[2]} every {v[0]} at {v[1]}.",
                   f"Every {v[0]} at {v[1]}, {e} has a meeting with {v[2]}.",
                   f"{_cap(e)} has a standing meeting with {v[2]} on {v[0]}s at {v[1]}."]
    elif f == 6:
        channel = rng.choice(CHANNELS[int(v[0])])
        options = [f"{_cap(e)} prefers to be contacted by {channel}.",
                   f"Contact {e} by {channel}.",
                   f"The best way to reach {e} is {channel}."]
    elif f == 7:
        options = [f"{_cap(e)} works in the {v[0]} time zone.", f"{_cap(e)} is on {v[0]} time.",
                   f"{_cap(e)} works {v[0]} hours."]
    elif f == 8:
        problem = rng.choice(PROBLEMS[int(v[0])])
        options = [f"On {v[1]} {e} {problem}.", f"{_cap(e)} {problem} on {v[1]}.",
                   f"Incident on {v[1]}: {e} {problem}."]
    elif f == 9:
        options = [f"{_cap(e)} wants answers in {v[0]}.", f"Reply to {e} in {v[0]}.",
                   f"{_cap(e)} prefers {v[0]} for every reply."]
    elif f == 10:
        options = [f"{_cap(e)} is pinned to version {v[0]}.",
                   f"We keep {e} on version {v[0]}.", f"{_cap(e)} stays on version {v[0]}."]
    elif f == 11:
        options = [f"{_cap(e)} is allergic to {v[0]}.", f"{_cap(e)} has a {v[0]} allergy.",
                   f"Never order food with {v[0]} for {e}."]
    else:
        problem = rng.choice(PROBLEMS[int(v[1])])
        options = [f"Ticket #{v[0]}: {e} {problem}.", f"Ticket {v[0]} says {e} {problem}.",
                   f"#{v[0]} is open because {e} {problem}."]
    return _cap(rng.choice(options))


def _changed(fact: Fact, rng: random.Random) -> Fact:
    """Return ``fact`` with its main value changed (an update that contradicts it)."""
    for _ in range(20):
        other = _fill(fact.family, rng)
        if other.values[0] != fact.values[0]:
            return Fact(fact.family, fact.entity, (other.values[0], *fact.values[1:]))
    return fact


def _unit(v: np.ndarray) -> np.ndarray:
    return np.asarray(v / max(float(np.linalg.norm(v)), 1e-12), dtype=np.float32)


def generate(n: int, *, seed: int = 7, variant_share: float = 0.30, mean_variants: float = 3.0,
             users: Sequence[str | None] = (None,), user_share: float = 0.0,
             now: datetime | None = None) -> Dataset:
    """Return ``n`` notes of one agent: ``variant_share`` of them restate a base fact.

    ``user_share`` of the base facts belong to one of ``users`` (user-scoped
    notes); the rest are company-wide. A variant keeps its base fact's scope.
    """
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    now = now or datetime(2026, 3, 31)
    n_variants = round(n * variant_share)
    n_base = n - n_variants
    family_dirs = nprng.standard_normal((FAMILIES, DIM)).astype(np.float32)
    entity_dirs: dict[str, np.ndarray] = {}
    facts: list[Fact] = []
    seen: set[Fact] = set()
    while len(facts) < n_base:
        fact = _fill(rng.randrange(FAMILIES), rng)
        if fact in seen:
            # the value space of some families is small: add a ticket-like detail
            fact = Fact(12, fact.entity, (str(rng.randint(100000, 9999999)), "0"))
            if fact in seen:
                continue
        seen.add(fact)
        facts.append(fact)
    base_vecs = np.empty((n_base, DIM), np.float32)
    for i, fact in enumerate(facts):
        ent = entity_dirs.get(fact.entity)
        if ent is None:
            ent = entity_dirs[fact.entity] = nprng.standard_normal(DIM).astype(np.float32)
        mix = (0.60 * _unit(family_dirs[fact.family]) + 0.35 * _unit(ent)
               + 0.72 * _unit(nprng.standard_normal(DIM).astype(np.float32)))
        base_vecs[i] = _unit(mix)
    user_of = [rng.choice(list(users)) if rng.random() < user_share else None
               for _ in range(n_base)]
    # variants: pick duplicated base facts, each restated Geometric(mean) times
    counts: dict[int, int] = {}
    remaining = n_variants
    p = 1.0 / mean_variants
    while remaining > 0:
        base = rng.randrange(n_base)
        if base in counts:
            continue
        k = min(remaining, int(nprng.geometric(p)))
        counts[base] = k
        remaining -= k
    notes: list[SynthNote] = []

    def when() -> datetime:
        return now - timedelta(days=rng.uniform(0.5, 60), minutes=rng.randrange(1440))

    def used() -> int:
        return int(min(40, nprng.geometric(0.25) - 1))

    for i, fact in enumerate(facts):
        notes.append(SynthNote(f"b{i:06d}", render(fact, rng), NOTE_TYPES[fact.family], i,
                               base_vecs[i], when(), used(), user_of[i], False))
    j = 0
    for base, k in counts.items():
        for _ in range(k):
            fact = facts[base]
            update = rng.random() < 0.05
            text = render(_changed(fact, rng) if update else fact, rng)
            cos = rng.uniform(0.70, 0.95)
            noise = nprng.standard_normal(DIM).astype(np.float32)
            noise -= (noise @ base_vecs[base]) * base_vecs[base]
            vec = _unit(cos * base_vecs[base] + np.sqrt(1 - cos * cos) * _unit(noise))
            notes.append(SynthNote(f"v{j:06d}", text, NOTE_TYPES[fact.family], base, vec, when(),
                                   used(), user_of[base], True, update))
            j += 1
    rng.shuffle(notes)
    return Dataset(notes, n_base, n_variants,
                   {"duplicated_base_facts": len(counts),
                    "mean_variants_per_duplicated_fact": n_variants / max(1, len(counts))})


def sentence_key(text: str) -> str:
    """Normalise a sentence for look-ups (case, spaces, final punctuation)."""
    return re.sub(r"\s+", " ", text.strip().rstrip(".;!").lower())


class BenchEmbedder:
    """Serves the generated vectors; merged notes get the mean of their sentences' vectors.

    Named like the real model so the dream uses its calibrated thresholds. A text
    never generated (and none of whose sentences was) gets a hashed unit vector.
    """

    model_name = MODEL
    dimension = DIM

    def __init__(self, notes: Sequence[SynthNote]) -> None:
        self.by_sentence: dict[str, np.ndarray] = {}
        for n in notes:
            self.by_sentence.setdefault(sentence_key(n.text), n.vector)
        self.calls = 0

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        out = []
        for text in texts:
            found = [v for s in re.split(r"(?<=[.;!?])\s+", text)
                     if (v := self.by_sentence.get(sentence_key(s))) is not None]
            if found:
                vec = _unit(np.mean(found, axis=0))
            else:
                seed = int(hashlib.sha1(sentence_key(text).encode()).hexdigest()[:8], 16)
                vec = _unit(np.random.default_rng(seed).standard_normal(DIM).astype(np.float32))
            out.append(vec.tolist())
        return out

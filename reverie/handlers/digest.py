"""The memory digest: an agent's Active notes as Markdown, scoped like search, size-capped.

Scopes are those of search, decided in one place
(:func:`reverie.handlers.readscope.read_scopes`; a note belongs to one
``(company_id, user_id)`` scope of its agent):

* **company-wide digest** (``user_id=None``): only notes without a user, one
  ``##`` section per company (``company_id=None`` notes form the "Agent-wide"
  section); ``company_id=`` restricts it to that one company.
* **user digest** (``user_id=U``): the company-wide notes of U's company plus U's
  own notes, never another user's. U's company is ``company_id=`` if given, else
  every company U's own Active notes name (usually one).

Inside a section notes are grouped by type (``###``), most-used first. The whole
digest has at most ``max_lines`` lines: when notes must be left out, each group
gets a fair share (groups smaller than the share keep all their notes, the rest
is split evenly) and a final "… N more notes not shown" line, counted within the
limit, says how many. (With a very small limit, where not even one note per group
fits, whole groups are left out: the last group of the section with the most groups
first.) Note text is one line with Markdown-significant characters
escaped, so a note cannot inject headings, links or HTML, and with its relative dates
("yesterday", "next Friday") rewritten as the dates they meant when the note was
written: an agent reading the digest weeks later is not misled (the stored note keeps
its words; a dream's merge rewrites them for good). The digest is computed
on request (it is one pass over the agent's Active notes), not stored.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import quote

from reverie.domain.model import Note, Status
from reverie.handlers.ports import NoteRepository
from reverie.handlers.readscope import read_scopes, sees
from reverie.text.dates import normalize_dates

TYPE_ORDER = ("Preference", "Constraint", "Context", "Issue", "Example")
_INLINE = re.compile(r"([\\`\[\]<>*_|])")
_BLOCK_START = re.compile(r"^(#|>|-|\+|=|~~~|\d+[.)])")


def escape_md(text: str) -> str:
    """Return ``text`` as one line of inert Markdown (no headings, links, HTML or code)."""
    flat = " ".join(text.split())
    escaped = _INLINE.sub(r"\\\1", flat)
    return "\\" + escaped if _BLOCK_START.match(escaped) else escaped


def note_line(note: Note) -> str:
    """Return the digest line of one note (relative dates made absolute), with its id as a link."""
    ref = f"[{escape_md(note.note_id)}](/notes/{quote(note.note_id, safe='')})"
    return f"- {escape_md(normalize_dates(note.text, note.created_at))} (note: {ref})"


def _rank(note: Note) -> tuple[int, float, str]:
    return (-note.access_count, -note.last_access().timestamp(), note.note_id)


@dataclass(eq=False)
class _Group:
    heading: str
    notes: list[Note]
    shown: int = 0


@dataclass(eq=False)
class _Section:
    heading: str
    groups: list[_Group] = field(default_factory=list)


def fair_shares(sizes: list[int], budget: int) -> list[int]:
    """Split ``budget`` lines over groups of ``sizes`` notes: small groups whole, rest even."""
    shares = [0] * len(sizes)
    left = max(0, budget)
    open_ = [i for i, n in enumerate(sizes) if n > 0]
    while left > 0 and open_:
        each = max(1, left // len(open_))
        for i in list(open_):
            if left == 0:
                break
            take = min(each, sizes[i] - shares[i], left)
            shares[i] += take
            left -= take
            if shares[i] == sizes[i]:
                open_.remove(i)
    return shares


def _by_type(notes: list[Note]) -> list[_Group]:
    groups: dict[str, list[Note]] = defaultdict(list)
    for note in notes:
        groups[note.note_type].append(note)
    order = sorted(groups, key=lambda t: (TYPE_ORDER.index(t) if t in TYPE_ORDER else 99, t))
    return [_Group(f"### {escape_md(t)}", sorted(groups[t], key=_rank)) for t in order]


def _company_heading(company_id: str | None) -> str:
    return f"## Company {escape_md(company_id)}" if company_id else "## Agent-wide"


async def _scoped(agent_id: str, notes: NoteRepository, user_id: str | None,
                  company_id: str | None) -> tuple[list[_Section], str]:
    scopes = await read_scopes(notes, agent_id, company_id, user_id)
    shared: dict[str | None, list[Note]] = defaultdict(list)
    own: list[Note] = []
    async for note in notes.iter_records(agent_id, status=Status.ACTIVE, vectors=False):
        if not sees(scopes, note):
            continue
        if note.user_id is None:
            shared[note.company_id].append(note)
        else:
            own.append(note)
    companies = sorted(shared, key=lambda c: (c is not None, c or ""))
    if user_id is None:
        where = f"company {escape_md(company_id)}" if company_id else "every company"
        scope = f"company-wide notes of {where}"
    else:
        named = [s.company_id for s in scopes if s.user_id is None]
        scope = (f"user {escape_md(user_id)}: their own notes and the company-wide notes of "
                 f"{', '.join(escape_md(c or 'no company') for c in named) or 'no company'}")
    sections = [_Section(_company_heading(c), _by_type(shared[c])) for c in companies]
    if user_id is not None:
        sections.append(_Section(f"## User {escape_md(user_id)}", _by_type(own)))
    return [s for s in sections if s.groups], scope


async def build_digest(
    agent_id: str,
    *,
    notes: NoteRepository,
    user_id: str | None = None,
    company_id: str | None = None,
    max_lines: int = 200,
) -> str:
    """Return the Markdown digest of ``agent_id``'s Active notes (see the module docstring)."""
    max_lines = max(1, max_lines)
    sections, scope = await _scoped(agent_id, notes, user_id, company_id)
    head = [f"# Memory digest: agent {escape_md(agent_id)}", f"Scope: {scope}."]
    groups = [g for s in sections for g in s.groups]
    total = sum(len(g.notes) for g in groups)
    if total == 0:
        return "\n".join([*head, "", "No Active notes in this scope."][:max_lines]) + "\n"
    if _overhead(head, sections, groups) + total > max_lines:
        # Truncate: one line says how many are hidden; every kept group shows >= 1 note.
        while groups and max_lines - _overhead(head, sections, groups) - 1 < len(groups):
            groups.remove(_least_needed(sections, groups))
        budget = max_lines - _overhead(head, sections, groups) - 1
        shares = fair_shares([len(g.notes) for g in groups], budget) if groups else []
    else:
        shares = [len(g.notes) for g in groups]
    for group, share in zip(groups, shares, strict=True):
        group.shown = share
    lines = head[: max_lines - 1] if not groups else list(head)
    for section in sections:
        kept = [g for g in section.groups if g in groups]
        if not kept:
            continue
        lines += ["", section.heading]
        for group in kept:
            lines.append(group.heading)
            lines += [note_line(n) for n in group.notes[: group.shown]]
    hidden = total - sum(g.shown for g in groups)
    if hidden:
        lines.append(f"… {hidden} more note{'s' if hidden != 1 else ''} not shown")
    return "\n".join(lines) + "\n"


def _least_needed(sections: list[_Section], groups: list[_Group]) -> _Group:
    """The group to leave out when even the headings overflow: the last group of the section
    with the most groups left (the later one on ties), so each section keeps a group longest."""
    kept = [[g for g in s.groups if g in groups] for s in sections]
    fullest = max(range(len(kept)), key=lambda i: (len(kept[i]), i))
    return kept[fullest][-1]


def _overhead(head: list[str], sections: list[_Section], groups: list[_Group]) -> int:
    """Lines that are not notes: the head, and per section a blank, its ## and its ###s."""
    used = [sum(1 for g in s.groups if g in groups) for s in sections]
    return len(head) + sum(2 + n for n in used if n)

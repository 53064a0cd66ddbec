"""What a read bound to an agent, optionally a tenant and a user, may see (issue #22).

One rule for every door that reads an agent's memory for a binding: the digest
(:func:`~reverie.handlers.digest.build_digest`: CLI, dashboard, MCP ``memory_digest``) and
search (MCP ``search_memory``, ``/api/search``: :func:`search_bound`). Both call
:func:`read_scopes`; the digest keeps the notes one of its scopes
:meth:`~reverie.handlers.ports.SearchScope.sees`, search asks the vector index for each
scope (:func:`search_scopes`). A note belongs to one ``(company_id, user_id)`` of its
agent (None: without one):

* no user, no company (bound to the whole agent): the shared notes (no user) of every
  company, the agent-wide ones (no company) included;
* no user, company C: C's shared notes;
* user U, company C: U's own notes in C and C's shared notes;
* user U, no company: U's own notes (any company) and the shared notes of each company
  U's own Active notes of this agent name (usually one).

Never another user's notes, never another company's when a company is given. The
callers admit the binding first (an agent, tenant or user outside a credential's scope
is refused before this rule is asked).
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.model import Note
from reverie.handlers.ports import Embedder, Hit, NoteRepository, SearchScope, VectorIndex

USER_NOTES_LOOKED_AT = 10_000
"""How many of a user's Active notes are read to learn their companies (user, no company)."""


async def user_companies(notes: NoteRepository, agent_id: str, user_id: str
                         ) -> list[str | None]:
    """Return the companies ``user_id``'s Active notes of ``agent_id`` name, sorted (None first)."""
    found = await notes.find_active_referencing("user", user_id, USER_NOTES_LOOKED_AT)
    return sorted({n.company_id for n in found if n.agent_id == agent_id},
                  key=lambda c: (c is not None, c or ""))


async def read_scopes(notes: NoteRepository, agent_id: str, company_id: str | None,
                      user_id: str | None) -> list[SearchScope]:
    """Return the exact scopes a read bound to ``(agent_id, company_id, user_id)`` sees."""
    if user_id is None:
        if company_id is None:
            return [SearchScope(agent_id, None, None, any_company=True)]
        return [SearchScope(agent_id, company_id, None)]
    if company_id is not None:
        return [SearchScope(agent_id, company_id, user_id), SearchScope(agent_id, company_id)]
    shared = [SearchScope(agent_id, c, None)
              for c in await user_companies(notes, agent_id, user_id)]
    return [SearchScope(agent_id, None, user_id, any_company=True), *shared]


def sees(scopes: Sequence[SearchScope], note: Note) -> bool:
    """Whether ``note`` is inside one of ``scopes`` (of :func:`read_scopes`)."""
    return any(note.agent_id == s.agent_id and s.sees(note.company_id, note.user_id)
               for s in scopes)


async def search_scopes(index: VectorIndex, vector: Sequence[float],
                        scopes: Sequence[SearchScope], k: int) -> list[Hit]:
    """Return the ``k`` nearest notes over all ``scopes`` (disjoint or not), best first."""
    best: dict[str, float] = {}
    for scope in scopes:
        for hit in await index.search(vector, scope, k):
            best[hit.note_id] = max(hit.score, best.get(hit.note_id, hit.score))
    ranked = sorted(best, key=lambda i: (-best[i], i))[:k]
    return [Hit(i, best[i]) for i in ranked]


async def search_text(text: str, scopes: Sequence[SearchScope], k: int, *,
                      embedder: Embedder, index: VectorIndex) -> list[Hit]:
    """Embed ``text`` and return the ``k`` nearest notes over ``scopes``, best first."""
    [vector] = await embedder.embed([text])
    return await search_scopes(index, vector, scopes, k)


async def search_bound(text: str, k: int, agent_id: str, company_id: str | None,
                       user_id: str | None, *, notes: NoteRepository, embedder: Embedder,
                       index: VectorIndex) -> list[Hit]:
    """Return the ``k`` notes nearest ``text`` that a read bound to ``(agent_id,
    company_id, user_id)`` sees (:func:`read_scopes`), best first."""
    scopes = await read_scopes(notes, agent_id, company_id, user_id)
    return await search_text(text, scopes, k, embedder=embedder, index=index)

"""Reverie: event-driven consolidation of AI agents' long-term memory.

Layout: ``reverie.streams`` (the Faust app, thin), ``reverie.handlers`` (what
each event does, over ports), ``reverie.storage`` (MongoDB, Qdrant and in-memory
adapters), ``reverie.domain`` (the event contract and stored types), with
``reverie.bootstrap`` as the one composition root.
"""

__version__ = "0.1.0"

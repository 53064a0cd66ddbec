"""Storage adapters behind the ports in :mod:`reverie.handlers.ports`.

``memory`` keeps everything in dicts (unit tests, fast replays), ``mongo`` uses
PyMongo's asyncio API against MongoDB or FerretDB, ``vectors`` wraps Qdrant.
"""

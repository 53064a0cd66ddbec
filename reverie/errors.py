"""Reverie's exception tree: every error is either retryable or permanent.

Consumers act on the class, never on the message text::

    ReverieError                      base of everything Reverie raises on purpose
    ├── PermanentError                the input itself is wrong; retrying cannot help
    │   ├── InvalidEvent              a message failed contract validation → DLQ
    │   ├── UnknownEntity             a command names a note/run/pair that does not exist
    │   ├── InvalidState              a command conflicts with stored state (a closed pair)
    │   ├── JudgeAnswerInvalid        the LLM answered twice with JSON we cannot accept
    │   ├── BudgetExhausted           the run's LLM call/token budget is spent
    │   ├── ConfigurationError        settings are wrong (bad URL, credentials, missing model files)
    │   │   └── SchemaMismatch        the database's stored shape is not the one this release
    │   │                             reads (``reverie migrate``, or a newer release)
    │   └── RequestRejected           a store or server refused the request itself (bad request,
    │                                 schema) — retrying the same request gives the same answer
    └── RetryableError                the world is temporarily wrong; retry with backoff
        ├── StorageUnavailable        MongoDB, the vector index or the embedding server is
        │                             unreachable, timed out, not primary or answered 5xx/429
        ├── BrokerUnavailable         Kafka is unreachable
        ├── JudgeUnavailable          the LLM endpoint is down, slow or rate-limiting
        └── LeaseHeld                 another worker holds this agent's dream lease

Adapters translate their client library's exceptions in one place each (MongoDB:
:func:`reverie.storage.mongo.mongo_errors`, Qdrant: :func:`reverie.storage.vectors.qdrant_errors`,
embeddings: :func:`reverie.embeddings.remote.embedder_errors`, Kafka:
:func:`reverie.brokers.kafka_errors`, the LLM: ``LLMJudge._map_error``), so no raw driver
exception reaches the bus.

The Kafka entry point sends ``PermanentError`` to ``reverie.dlq`` and retries
``RetryableError`` (with backoff, without acknowledging the message) until the
effects are stored.
"""

from __future__ import annotations

from reverie.domain.usage import Usage


class ReverieError(Exception):
    """Base class of every error Reverie raises on purpose.

    ``usage`` is what the failed work had spent (a judge's calls and tokens), so a caller
    counts it whether the work succeeded or not; empty for errors that spent nothing.
    """

    retryable: bool = False

    def __init__(self, *args: object, usage: Usage | None = None) -> None:
        super().__init__(*args)
        self.usage: Usage = usage if usage is not None else Usage()

    def charged(self, spent: Usage) -> ReverieError:
        """Add ``spent`` (what was spent before this error was raised) to its usage; return it."""
        self.usage.add(spent)
        return self


class PermanentError(ReverieError):
    """The input is wrong: retrying the same input gives the same failure."""


class RetryableError(ReverieError):
    """A dependency failed transiently: the same input may succeed later."""

    retryable = True


class InvalidEvent(PermanentError):
    """A message does not satisfy the event contract.

    ``reason`` is one sentence a person can act on; ``field`` is the dotted path
    of the offending field, or ``None`` when the whole message is wrong.
    """

    def __init__(self, reason: str, field: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.field = field


class UnknownEntity(PermanentError):
    """A command refers to a note, example, run or review pair that does not exist."""


class InvalidState(PermanentError):
    """A command conflicts with the stored state."""


class JudgeAnswerInvalid(PermanentError):
    """The judge's answer failed validation even after the repair attempt."""


class BudgetExhausted(PermanentError):
    """The dream run spent its LLM call or token budget."""


class ConfigurationError(PermanentError):
    """Settings are missing or wrong."""


class SchemaMismatch(ConfigurationError):
    """The database's schema version is not the one this release reads and writes."""


class RequestRejected(PermanentError):
    """A store or server refused the request itself (a bad request, a schema it rejects)."""


class StorageUnavailable(RetryableError):
    """MongoDB, the vector index or the embedding server cannot be reached or timed out."""


class BrokerUnavailable(RetryableError):
    """Kafka cannot be reached."""


class JudgeUnavailable(RetryableError):
    """The LLM endpoint is down, slow or rate-limiting."""


class LeaseHeld(RetryableError):
    """Another worker or a manual run holds this agent's dream lease."""

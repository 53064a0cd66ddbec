"""The one place PyMongo's exceptions become Reverie's, and the adapters' base class."""

from __future__ import annotations

import functools
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from pymongo.errors import (
    AutoReconnect,
    BulkWriteError,
    ConnectionFailure,
    ExecutionTimeout,
    NetworkTimeout,
    OperationFailure,
    PyMongoError,
    ServerSelectionTimeoutError,
    WTimeoutError,
)

from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable

P = ParamSpec("P")
T = TypeVar("T")


_TRANSIENT = (
    AutoReconnect,
    BulkWriteError,
    ConnectionFailure,
    NetworkTimeout,
    ServerSelectionTimeoutError,
    ExecutionTimeout,
    WTimeoutError,
)


_TRANSIENT_CODES = frozenset(
    {
        6,
        7,
        50,
        89,
        91,
        189,
        262,
        9001,
        10107,
        11600,
        11602,
        13435,
        13436,
    }
)
"""Server error codes of a passing state: host unreachable or not found, time limit exceeded,
network timeout, shutting down, stepped down, socket error, not primary, interrupted."""
_AUTH_CODES = frozenset({13, 18})
"""Unauthorized, AuthenticationFailed."""


@contextmanager
def mongo_errors() -> Iterator[None]:
    """Turn PyMongo's exceptions into Reverie's: outages retryable, refusals permanent."""
    try:
        yield
    except _TRANSIENT as exc:
        raise StorageUnavailable(
            f"MongoDB unavailable: {type(exc).__name__} (is the server in REVERIE_MONGO_URL up "
            "and reachable?)"
        ) from exc
    except OperationFailure as exc:
        what = f"{type(exc).__name__} {exc.code} {(exc.details or {}).get('codeName', '')}"
        if exc.code in _TRANSIENT_CODES or exc.has_error_label("RetryableWriteError"):
            raise StorageUnavailable(f"MongoDB unavailable: {what.strip()}") from exc
        if exc.code in _AUTH_CODES:
            raise ConfigurationError(
                f"MongoDB refused the credentials or the operation ({what.strip()}): check the "
                "user and password in REVERIE_MONGO_URL and that user's roles on the database"
            ) from exc
        raise RequestRejected(f"MongoDB rejected the request ({what.strip()}): {exc}") from exc
    except PyMongoError as exc:
        raise RequestRejected(
            f"the MongoDB driver refused the request: {type(exc).__name__}: {exc}"
        ) from exc


def guarded(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run a coroutine function inside :func:`mongo_errors`."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        with mongo_errors():
            return await fn(*args, **kwargs)

    return wrapper


def guarded_iter(fn: Callable[P, AsyncIterator[T]]) -> Callable[P, AsyncIterator[T]]:
    """Run an async generator function inside :func:`mongo_errors` (each step of it)."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> AsyncIterator[T]:
        with mongo_errors():
            async for item in fn(*args, **kwargs):
                yield item

    return wrapper


class MongoAdapter:
    """Base of the adapters here: each public coroutine or async iterator runs in ``mongo_errors``.

    The single translation point: a subclass's methods are wrapped when the class is
    created, so a method added later cannot forget it.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, attr in list(vars(cls).items()):
            if name.startswith("_"):
                continue
            if inspect.isasyncgenfunction(attr):
                setattr(cls, name, guarded_iter(attr))
            elif inspect.iscoroutinefunction(attr):
                setattr(cls, name, guarded(attr))

"""The composition root: Reverie closes what it opened, and a missing dependency stops start-up."""

from __future__ import annotations

import pytest

from reverie.bus import inject
from reverie.errors import ConfigurationError
from reverie.storage.memory import MemoryVectorIndex
from tests.fakes import memory_app


class ClosingIndex(MemoryVectorIndex):
    """The in-memory index, counting how often it was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.closed = 0

    async def close(self) -> None:
        self.closed += 1


async def test_async_with_closes_the_clients_on_the_way_out() -> None:
    """Leaving the block closes every client once, also when the block raised."""
    app = memory_app()
    index = ClosingIndex()
    app._closers = [index.close]
    async with app as entered:
        assert entered is app
    assert index.closed == 1
    app._closers = [index.close]
    with pytest.raises(RuntimeError, match="boom"):
        async with app:
            raise RuntimeError("boom")
    assert index.closed == 2


async def handler(event: object, *, notes: object, missing_port: object) -> None:
    """A handler that asks for a port nobody provides."""


async def handler_with_default(event: object, *, notes: object, page: int = 10) -> int:
    """A handler whose optional parameter is not a dependency."""
    return page


def test_inject_refuses_a_handler_whose_dependency_is_missing() -> None:
    """The mistake surfaces when the bus is built, naming the handler and the parameter."""
    deps = memory_app().deps()
    with pytest.raises(ConfigurationError, match=r"handler .*handler needs missing_port"):
        inject(handler, deps)


async def test_inject_binds_dependencies_and_leaves_optional_parameters() -> None:
    """Keyword-only parameters with a default need no dependency."""
    bound = inject(handler_with_default, memory_app().deps())
    assert await bound(object()) == 10


def test_every_handler_of_the_bus_gets_all_it_needs() -> None:
    """bootstrap builds the bus without a refusal (every handler's dependencies exist)."""
    app = memory_app()
    assert app.bus is not None and app.bus.handlers and app.bus.batch_handlers

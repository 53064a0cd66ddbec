"""Network faults for adapter tests: a port nothing listens on, a server that drops connections."""

from __future__ import annotations

import socket
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any

from reverie.storage import mongo


def dead_port() -> int:
    """Return a local port nothing listens on (bound once, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class DroppingServer:
    """A TCP server on 127.0.0.1 that accepts every connection and closes it at once."""

    def __init__(self) -> None:
        self._sock = socket.socket()
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(64)
        self._sock.settimeout(0.05)
        self.port = int(self._sock.getsockname()[1])
        self.accepted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            self.accepted += 1
            conn.close()

    def __enter__(self) -> DroppingServer:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sock.close()


@asynccontextmanager
async def mongo_down(address: str | None = None, timeout_ms: int = 150) -> AsyncIterator[Any]:
    """The real PyMongo client (short server selection) pointed at a server that is down:
    ``address`` (``host:port``), else a port nothing listens on; closed after."""
    where = address or f"127.0.0.1:{dead_port()}"
    client = mongo.connect(f"mongodb://{where}/?directConnection=true", timeout_ms=timeout_ms)
    try:
        yield client
    finally:
        await client.close()

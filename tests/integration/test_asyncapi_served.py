"""The worker serves the AsyncAPI document it was built from."""

from __future__ import annotations

import asyncio
import urllib.request

import pytest

from reverie.domain.asyncapi import asyncapi_yaml

pytestmark = pytest.mark.integration


def fetch(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers["Content-Type"], response.read().decode()


async def test_worker_serves_the_generated_asyncapi_document(ready_worker):
    status, ctype, body = await asyncio.to_thread(
        fetch, f"http://127.0.0.1:{ready_worker.port}/asyncapi.yaml")
    assert status == 200 and ctype.startswith("application/yaml")
    assert body == asyncapi_yaml()

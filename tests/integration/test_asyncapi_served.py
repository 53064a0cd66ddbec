"""The worker serves the AsyncAPI document it was built from."""

from __future__ import annotations

import urllib.request

import pytest

from reverie.domain.asyncapi import asyncapi_yaml

pytestmark = pytest.mark.integration


async def test_worker_serves_the_generated_asyncapi_document(ready_worker):
    url = f"http://127.0.0.1:{ready_worker.port}/asyncapi.yaml"
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("application/yaml")
        assert response.read().decode() == asyncapi_yaml()

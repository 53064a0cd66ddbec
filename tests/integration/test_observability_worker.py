"""A running worker's /metrics exports every metric family the Grafana and alert assets use."""

from __future__ import annotations

import asyncio
import re
import urllib.request

import pytest

from tests.unit.test_observability import all_exprs, exported

pytestmark = pytest.mark.integration


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode())


async def test_running_worker_exports_every_metric_the_assets_use(ready_worker):
    text = await asyncio.to_thread(fetch, f"http://127.0.0.1:{ready_worker.port}/metrics")
    # a family is typed by its name (counters: with _total) even before its first sample
    families = {name.removesuffix("_total")
                for name in re.findall(r"^# TYPE (\S+) ", text, re.M)}
    series = exported()
    used = {series[n][0] for e in all_exprs() for n in re.findall(r"\breverie_[a-z0-9_]+", e)}
    assert used and used <= families, f"not on the worker's /metrics: {used - families}"

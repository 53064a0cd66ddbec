"""The node packages deploy/local/install-asyncapi installs, run by the tests that need them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("REVERIE_CACHE", Path.home() / ".cache/reverie"))
NODE_MODULES = CACHE / "npm-asyncapi/node_modules"


def run_node_script(
    script: str, package: str, *args: str, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run ``deploy/local/<script>`` under node; skip without node or ``package`` (fail under CI)."""
    node = shutil.which("node")
    needed = NODE_MODULES / package
    if node is None or not needed.is_dir():
        problem = f"no node or no {needed}: run deploy/local/install-asyncapi"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(problem)
        pytest.skip(problem)
    return subprocess.run([node, str(ROOT / "deploy/local" / script), *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, check=False)

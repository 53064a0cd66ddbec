"""A run as its views show it, for tests to read: the dashboard's run page, ``reverie runs show``."""

from __future__ import annotations

import pytest

from reverie.cli.views import print_run
from reverie.domain.runs import DreamRun, RunStep
from reverie.web.html import PageContext
from reverie.web.run import RunView, render_run

PAGE = PageContext(csrf="c" * 32, actions_enabled=True, nonce="n")
"""A signed-in page whose actions are enabled."""


def run_page(run: DreamRun, steps: list[RunStep]) -> str:
    """Return the HTML of the run's dashboard page."""
    return render_run(RunView(run, steps), PAGE)


def runs_show(run: DreamRun, steps: list[RunStep], capsys: pytest.CaptureFixture[str]) -> str:
    """Return what ``reverie runs show`` prints for the run."""
    print_run(run, steps)
    return capsys.readouterr().out

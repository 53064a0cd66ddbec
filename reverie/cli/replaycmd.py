"""``reverie replay``: the contract's replay-and-export, with a progress bar on a terminal."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress

from reverie.clock import FixedClock
from reverie.config import Settings
from reverie.replay import export_state, isolated, read_lines, replay_into, write_export


async def replay_file(
    path: Path, now: datetime, out: Path, settings: Settings, *, keep: bool = False
) -> int:
    """Replay ``path`` on a fresh state, end the clock at ``now``, write the export to ``out``."""
    clock = FixedClock(now)
    async with isolated(settings, keep=keep, clock=clock) as app:
        if sys.stderr.isatty():
            total = sum(1 for _ in read_lines(path))
            with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                          console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"replaying {path.name}", total=total)
                report = await replay_into(
                    app, read_lines(path), clock,
                    progress=lambda _n: bar.advance(task))
        else:
            report = await replay_into(app, read_lines(path), clock)
        clock.set(now)
        rows = await export_state(app)
    write_export(rows, out)
    for number, reason in report.invalid + report.failed:
        print(f"{path}:{number}: skipped: {reason}", file=sys.stderr)
    print(f"replayed {report.events} events ({len(report.invalid)} invalid, "
          f"{len(report.failed)} failed); wrote {len(rows)} rows to {out}")
    return 0

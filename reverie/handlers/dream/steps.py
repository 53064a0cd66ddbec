"""Recording a dream's decisions as ``run.step`` records (stored, then published)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from reverie.clock import Clock
from reverie.domain.runs import DreamRun, Phase, RunStep, StepStatus
from reverie.handlers.dream.judging import Usage
from reverie.handlers.ports import RunStore


@dataclass
class OpenStep:
    """A step being taken: fill ``output``, ``status`` and ``usage`` before it closes."""

    step_id: str
    phase: Phase
    name: str
    parent: str | None
    input: dict[str, Any]
    output: dict[str, Any] = field(default_factory=dict)
    status: StepStatus = "completed"
    usage: Usage = field(default_factory=Usage)
    judge: str | None = None


class StepRecorder:
    """Numbers, times and stores the steps of one run."""

    def __init__(self, run: DreamRun, runs: RunStore, clock: Clock) -> None:
        self.run = run
        self.runs = runs
        self.clock = clock
        self.seq = 0
        self.taken: list[RunStep] = []
        self.spent = Usage()
        """What the run's judging spent in all (on a step or not)."""

    def charge(self, step: OpenStep | None, usage: Usage) -> None:
        """Count ``usage`` on ``step`` (when it was spent on one) and on the run."""
        if step is not None:
            step.usage.add(usage)
        self.spent.add(usage)

    def next_id(self) -> str:
        """Return the next deterministic step id of this run."""
        self.seq += 1
        return f"{self.run.run_id}.{self.seq:04d}"

    @asynccontextmanager
    async def step(
        self, phase: Phase, name: str, parent: str | None, **inputs: Any
    ) -> AsyncIterator[OpenStep]:
        """Time a step and store it when the block ends (as ``failed`` if the block raised)."""
        open_step = OpenStep(self.next_id(), phase, name, parent, dict(inputs))
        seq = self.seq
        started_at = self.clock.now()
        t0 = time.perf_counter()
        try:
            yield open_step
        except BaseException as exc:
            open_step.status = "failed"
            open_step.output.setdefault("error", f"{type(exc).__name__}: {exc}")
            raise
        finally:
            step = RunStep(
                run_id=self.run.run_id, step_id=open_step.step_id, parent_step_id=parent,
                agent_id=self.run.agent_id, phase=phase, name=name, status=open_step.status,
                started_at=started_at, finished_at=self.clock.now(), input=open_step.input,
                output=open_step.output, judge=open_step.judge, llm_calls=open_step.usage.calls,
                tokens=open_step.usage.tokens,
                duration_ms=round((time.perf_counter() - t0) * 1000, 3),
                dry_run=self.run.dry_run, seq=seq,
            )
            self.taken.append(step)
            await self.runs.add_steps([step])

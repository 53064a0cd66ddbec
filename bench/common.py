"""Shared helpers of the benchmarks: machine facts, memory and load sampling, results files."""

from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
LIBRARIES = ("numpy", "qdrant-client", "faust-streaming", "aiokafka", "pymongo", "pydantic",
             "tokenizers", "pyinstrument")


def load() -> list[float]:
    """Return the 1, 5 and 15 minute load averages, rounded."""
    return [round(x, 2) for x in os.getloadavg()]


def proc_status(pid: int | str = "self") -> dict[str, int]:
    """Return the ``Vm*`` fields of /proc/PID/status in KiB (empty if the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return {m[1]: int(m[2]) for m in re.finditer(r"^(Vm\w+):\s+(\d+) kB", text, re.M)}


def mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def reset_peak_rss() -> bool:
    """Reset this process's VmHWM (Linux: write 5 to /proc/self/clear_refs)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def mem_total_gib() -> float | None:
    try:
        text = Path("/proc/meminfo").read_text()
    except OSError:
        return None
    m = re.search(r"MemTotal:\s+(\d+) kB", text)
    return round(int(m[1]) / 1024 / 1024, 1) if m else None


def versions() -> dict[str, str]:
    out = {}
    for lib in LIBRARIES:
        try:
            out[lib] = metadata.version(lib)
        except metadata.PackageNotFoundError:
            out[lib] = "not installed"
    return out


def machine() -> dict[str, Any]:
    """Return what the results were measured on."""
    nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout
    return {
        "nproc": int(nproc.strip() or os.cpu_count() or 0),
        "ram_gib": mem_total_gib(),
        "cpu_model": cpu_model(),
        "machine": platform.machine(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "libraries": versions(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average": load(),
        "commit": commit(),
    }


def commit() -> str:
    """The checked-out commit (short hash), ``+changes`` when code differs from it (results
    files and the benchmarks doc aside); ``unknown`` outside a git checkout."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=False,
                              cwd=ROOT).stdout.strip()

    head = git("rev-parse", "--short", "HEAD")
    if not head:
        return "unknown"
    changed = [line for line in git("status", "--porcelain").splitlines()
               if not line[3:].startswith(("bench/results/", "docs/benchmarks.md"))]
    return head + ("+changes" if changed else "")


def write_result(name: str, data: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
    return path


def pct(values: list[float], q: float) -> float:
    """Return the ``q`` quantile (0-1) by linear interpolation (the max for q=1)."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(sorted(values), n=100, method="inclusive")[int(q * 100) - 1] \
        if 0 < q < 1 else (min(values) if q == 0 else max(values))


def run_json(args: list[str], timeout: float, env: dict[str, str] | None = None
             ) -> dict[str, Any]:
    """Run ``python -m ...`` args in a subprocess; return the JSON it printed last.

    A timeout or a crash comes back as ``{"error": ...}`` so one benchmark cannot
    take the others down.
    """
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT, env=env, check=False)
    except subprocess.TimeoutExpired as exc:
        partial = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) \
            else (exc.stdout or "")
        found = _last_json(partial)
        out = {"error": f"timed out after {timeout:.0f} s", "wall_s": round(timeout, 1)}
        return {**found, "partial": True, **out} if found else out
    found = _last_json(proc.stdout)
    if found:
        return found
    tail = (proc.stderr or proc.stdout).strip().splitlines()[-8:]
    return {"error": f"exit {proc.returncode}: " + " | ".join(tail),
            "wall_s": round(time.perf_counter() - t0, 1)}


def hot_spots(profiler: Any, top: int = 10, prefix: str = "reverie/") -> dict[str, Any]:
    """Summarise a pyinstrument session: where the time goes.

    ``by_reverie_function`` attributes every sample's time to the innermost frame in
    Reverie's code (so a deep copy inside ``MemoryNotes._iter`` counts for ``_iter``);
    ``by_leaf`` lists the innermost functions themselves (library code included).
    """
    session = profiler.last_session
    if session is None:
        return {}
    own: dict[tuple[str, str], float] = {}
    leaf: dict[tuple[str, str], float] = {}
    Item = tuple[Any, tuple[str, str] | None, tuple[str, str]]
    stack: list[Item] = [(session.root_frame(), None, ("", ""))]
    while stack:
        frame, owner, parent = stack.pop()
        if frame is None:
            continue
        here = (frame.function, f"{frame.file_path_short}:{frame.line_no}")
        if (frame.file_path_short or "").startswith(prefix) and not frame.is_synthetic:
            owner = here
        if not frame.children:  # a leaf: its time is self time ("[self]" of its parent)
            key = owner or ("(outside reverie)", "")
            own[key] = own.get(key, 0.0) + frame.time
            lk = parent if frame.is_synthetic else here
            leaf[lk] = leaf.get(lk, 0.0) + frame.time
        stack.extend((c, owner, here) for c in frame.children)
    total = session.duration or 1.0

    def rows(d: dict[tuple[str, str], float]) -> list[dict[str, Any]]:
        return [{"function": f, "where": w, "seconds": round(t, 2), "share": round(t / total, 3)}
                for (f, w), t in sorted(d.items(), key=lambda kv: -kv[1])[:top]]

    return {"duration_s": round(total, 2), "by_reverie_function": rows(own),
            "by_leaf": rows(leaf)}


def _last_json(text: str) -> dict[str, Any]:
    """Return the last line of ``text`` that parses as a JSON object (empty if none)."""
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            try:
                return dict(json.loads(line))
            except json.JSONDecodeError:
                continue
    return {}

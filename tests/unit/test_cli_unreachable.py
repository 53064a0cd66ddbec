"""First contact without the services: one line within seconds naming the URL, setting and fix."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie.cli.main import build_parser
from reverie.cli.reach import needs
from reverie.config import Settings

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-pw"


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def silent_port() -> Iterator[int]:
    """A port that accepts connections and never answers (a hung or wrong server)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(16)
        yield int(s.getsockname()[1])


def reverie(args: list[str], tmp_path: Path, **env: str) -> tuple[int, str, float]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    clean.update({"REVERIE_ENV_FILE": str(tmp_path / "none.env"), **env})
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "reverie.cli.main", *args], cwd=tmp_path,
                          env=clean, capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, done.stdout + done.stderr, time.monotonic() - started


def one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    events = tmp_path / "events.jsonl"
    events.write_text('{"event_id": "e", "event_type": "session.ended", '
                      '"occurred_at": "2026-03-01T00:00:00Z", "data": {"agent_id": "a"}}\n')
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"id": "p", "a": "x", "b": "y", "label": "neutral"}\n')
    return {"events": str(events), "pairs": str(pairs)}


@pytest.mark.parametrize("command", [["runs"], ["notes", "show", "n-1"], ["review"],
                                     ["digest", "--agent", "a"]])
def test_mongodb_refused(command: list[str], tmp_path: Path) -> None:
    port = closed_port()
    rc, out, took = reverie(command, tmp_path,
                            REVERIE_MONGO_URL=f"mongodb://app:{SECRET}@127.0.0.1:{port}/")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert f"mongodb://app:***@127.0.0.1:{port}/" in line and SECRET not in line
    assert "REVERIE_MONGO_URL" in line and "make infra" in line and "refused" in line


def test_mongodb_silent(silent_port: int, tmp_path: Path) -> None:
    rc, out, took = reverie(["runs"], tmp_path,
                            REVERIE_MONGO_URL=f"mongodb://127.0.0.1:{silent_port}/")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert "no answer within 3 s" in line and "REVERIE_MONGO_URL" in line


@pytest.mark.parametrize("command", [["dream", "--agent", "a"], ["publish", "events"],
                                     ["worker"]])
def test_kafka_refused(command: list[str], tmp_path: Path, files: dict[str, str]) -> None:
    port = closed_port()
    args = [files.get(a, a) for a in command]
    rc, out, took = reverie(args, tmp_path, REVERIE_KAFKA_BROKER=f"kafka://127.0.0.1:{port}")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert f"Kafka at 127.0.0.1:{port}" in line and "REVERIE_KAFKA_BROKER" in line
    assert "make infra" in line and "refused" in line


def test_kafka_silent(silent_port: int, tmp_path: Path) -> None:
    rc, out, took = reverie(["dream", "--agent", "a"], tmp_path,
                            REVERIE_KAFKA_BROKER=f"kafka://127.0.0.1:{silent_port}")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert "no Kafka answer within 3 s" in line and "REVERIE_KAFKA_BROKER" in line


def test_llm_endpoint_refused(tmp_path: Path, files: dict[str, str]) -> None:
    port = closed_port()
    rc, out, took = reverie(["eval-pairs", files["pairs"], "--judge", "llm"], tmp_path,
                            REVERIE_LLM_BASE_URL=f"http://key:{SECRET}@127.0.0.1:{port}/v1")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert f"http://key:***@127.0.0.1:{port}/v1" in line and SECRET not in line
    assert "REVERIE_LLM_BASE_URL" in line and "make llm" in line


def test_llm_endpoint_silent(silent_port: int, tmp_path: Path, files: dict[str, str]) -> None:
    rc, out, took = reverie(["eval-pairs", files["pairs"], "--judge", "llm"], tmp_path,
                            REVERIE_LLM_BASE_URL=f"http://127.0.0.1:{silent_port}/v1")
    line = one_line(out)
    assert rc != 0 and took < 10, (rc, took)
    assert "no answer within 3 s" in line and "REVERIE_LLM_BASE_URL" in line


@pytest.mark.parametrize("argv,settings,wanted", [
    (["runs"], {}, ["mongo"]),
    (["worker"], {}, ["kafka"]),
    (["runs"], {"storage": "memory"}, []),
    (["schema"], {}, []),
    (["dream", "--agent", "a"], {}, ["kafka"]),
    (["dream", "--agent", "a", "--wait"], {}, ["mongo", "kafka"]),
    (["dream", "--agent", "a", "--local"], {"judge": "llm"}, ["mongo", "llm"]),
    (["rollback", "r"], {}, ["mongo", "kafka"]),
    (["review", "resolve", "p", "--keep", "n"], {}, []),
    (["tokens", "list"], {}, ["mongo"]),
    (["eval", "pyproject.toml", "pyproject.toml"], {}, []),
    (["eval", "pyproject.toml", "pyproject.toml", "--judge", "llm", "--storage", "mongo"],
     {"storage": "memory"}, ["mongo", "llm"]),
])
def test_each_command_probes_only_what_it_uses(argv: list[str], settings: dict[str, str],
                                              wanted: list[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = build_parser().parse_args(argv)
    assert needs(args, Settings(**settings)) == wanted

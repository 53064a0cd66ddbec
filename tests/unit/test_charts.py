"""The agent page's SVG charts: counts after each dream and deletion, valid and inert SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import timedelta

from reverie.domain.model import Note, Status
from reverie.domain.runs import DreamRun
from reverie.web.charts import agent_charts, dream_effects, memory_timeline, runs_chart
from tests.fakes import T0

SVG = "{http://www.w3.org/2000/svg}"


def note(note_id: str, hours: int, status: Status = Status.ACTIVE, moved: int | None = None,
         comments: str | None = None) -> Note:
    return Note(note_id=note_id, text=f"text {note_id}", agent_id="a",
                created_at=T0 + timedelta(hours=hours), status=status, comments=comments,
                updated_at=T0 + timedelta(hours=moved) if moved is not None else None)


def run(run_id: str, hours: int, **phases: dict) -> DreamRun:
    return DreamRun(run_id=run_id, agent_id="a", trigger="manual", status="completed",
                    started_at=T0 + timedelta(hours=hours),
                    finished_at=T0 + timedelta(hours=hours, minutes=1), phases=phases,
                    llm_calls=3, tokens=1200)


NOTES = [note("n1", 0), note("n2", 0, Status.REVOKED, 10), note("n3", 1, Status.REVOKED, 10),
         note("m1", 10), note("n4", 2, Status.ARCHIVED, 20, "Stale reference: user u-1 "
                                                            "deleted on 2026-03-01"),
         note("n5", 30)]
RUNS = [run("r1", 10, consolidation={"merged_notes": 1, "revoked": 2}),
        run("r2", 40, contradiction={"revoked": 1, "queued_for_review": 2},
            stale_pruning={"notes_archived": 4})]


def test_timeline_counts_after_each_dream_and_deletion() -> None:
    points = memory_timeline(NOTES, RUNS, T0 + timedelta(hours=50))
    got = [(p.label.split(" ")[0].rstrip(":"), p.counts) for p in points]
    assert got == [
        ("dream", {"Active": 3, "Revoked": 2, "Archived": 0}),     # r1: 2 merged into m1
        ("deletion", {"Active": 2, "Revoked": 2, "Archived": 1}),  # n4 archived
        ("dream", {"Active": 3, "Revoked": 2, "Archived": 1}),     # r2 (n5 arrived at 30 h)
        ("now", {"Active": 3, "Revoked": 2, "Archived": 1}),
    ]


def test_dream_effects_read_the_run_phases() -> None:
    assert dream_effects(RUNS[0]) == {"merged": 1, "revoked": 2, "archived": 0, "review": 0}
    assert dream_effects(RUNS[1]) == {"merged": 0, "revoked": 1, "archived": 4, "review": 2}


def test_charts_are_well_formed_svg_with_a_series_per_status_and_a_bar_per_effect() -> None:
    html = agent_charts(NOTES, RUNS, T0 + timedelta(hours=50))
    svgs = [ET.fromstring(s[s.index("<svg"):s.index("</svg>") + 6])
            for s in html.split("</figure>") if "<svg" in s]
    memory, bars = svgs
    assert memory.get("class") == "memory-chart" and bars.get("class") == "runs-chart"
    assert {p.get("class") for p in memory.iter(f"{SVG}path")} == {
        "series series-Active", "series series-Revoked", "series series-Archived"}
    assert len(list(memory.iter(f"{SVG}circle"))) == 4
    assert len([r for r in bars.iter(f"{SVG}rect") if "bar" in (r.get("class") or "")]) == 8
    assert "LLM calls 3, tokens 1200" in html


def test_ids_and_comments_are_escaped() -> None:
    evil = "<script>alert(1)</script>"
    html = runs_chart([run(evil, 1)]) + agent_charts(
        [note("n", 0, Status.ARCHIVED, 1, f"Stale reference: {evil}")], [], T0 + timedelta(1))
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_nothing_to_draw_gives_no_chart() -> None:
    assert agent_charts([], [], T0) == ""

"""The file formats a statement names (:mod:`reverie.text.file_formats`), and two named
apart as a merge blocker. The sentences are written for these tests."""

from __future__ import annotations

import pytest

from reverie.text.file_formats import file_formats, file_formats_apart
from tests.dreamkit import explained


@pytest.mark.parametrize(("text", "found"), [
    ("Slides go out as PowerPoint decks.", {"pptx"}),
    ("The audit log is exported as XLS.", {"xlsx"}),
    ("In a word, the client is happy.", set()),  # "Word" before no noun of a file
    ("The pipeline moved from CSV to Parquet.", {"parquet"}),  # after "from": before
    ("Share the doc with Ravi.", set()),  # "doc": a document, no format
])
def test_the_formats_a_statement_names(text: str, found: set[str]) -> None:
    assert file_formats(text) == found


def test_two_formats_in_one_text_are_none_apart() -> None:
    assert file_formats_apart("Exports are CSV and JSON.", "Exports are JSON.") is None


def test_one_format_each_keeps_two_notes_apart() -> None:
    """"as PDF" / "as Word documents": never one note (other-setting at least)."""
    outcome, _ = explained("The board pack goes out as PDF.",
                           "The board pack is shared as Word documents.")
    assert outcome != "one fact"

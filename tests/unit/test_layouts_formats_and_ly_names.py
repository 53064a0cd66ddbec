"""Names in "-ly" the tagger took for an adverb ("Molly reports to Mia"), the layout a
holder wants text in (bullet points or paragraphs), file formats said by their extension
or an online editor ("as .docx files", "in Google Docs format"), and one thing of a set
both statements speak of with no word of the set ("Always send images as PNG" / "Images
should always be JPEG"). The pairs are written for these tests (none drawn from the
exclusive-value check set, DNLI, the blind sets or the training pairs)."""

from __future__ import annotations

import pytest

from reverie.judges import lexicon
from reverie.judges.nlp import analyze
from reverie.text.options import options
from tests.dreamkit import assert_contradiction, assert_not_by, explained


@pytest.mark.parametrize("word", ["currently", "happily", "truly", "simply", "fully",
                                  "basically", "probably", "daily", "early"])
def test_an_adverb_of_an_adjective_is_an_adverb(word: str) -> None:
    assert lexicon.adverb(word)


@pytest.mark.parametrize("word", ["molly", "carly", "tilly", "willy", "elly", "fly"])
def test_a_name_in_ly_is_no_adverb(word: str) -> None:
    assert not lexicon.adverb(word)


@pytest.mark.parametrize(("text", "name"), [
    ("Molly reports to Mia on the Atlas project", "molly"),
    ("Carly uses a Mac at work", "carly"),
    ("Tilly prefers email", "tilly"),
])
def test_a_name_in_ly_the_tagger_took_for_an_adverb_is_the_subject(text: str,
                                                                    name: str) -> None:
    found = analyze(text)
    assert found.clauses[0].subject == {name}
    assert name in found.salient


def test_an_adverb_in_ly_opening_a_note_is_no_subject() -> None:
    found = analyze("Currently lives in Oslo")
    assert "currently" not in found.salient


def test_a_manager_of_one_project_beside_the_manager_is_no_contradiction() -> None:
    # before, "Molly" was no subject: the two were one unnamed holder's two managers
    assert explained("Molly reports to Mia on the Atlas project.",
                     "Molly reports to Leo.") == ("two facts", "differing-argument")


@pytest.mark.parametrize(("a", "b"), [
    ("The user likes answers as bullet points.", "The user likes answers in paragraphs."),
    ("Format replies to Dana as bulleted lists.", "Dana wants replies written as prose."),
    ("Keep status updates in bullet form for Omar.",
     "Omar likes his status updates in paragraph form."),
])
def test_two_layouts_of_one_text_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


@pytest.mark.parametrize(("a", "b"), [
    ("Raj reads long paragraphs slowly.", "Raj prefers bullet points."),  # none chosen
    ("Use numbered lists for setup steps.", "Use bullet points for the summary."),
    ("Priya likes bullet points in slides.", "Priya writes emails in full paragraphs."),
])
def test_a_layout_not_chosen_or_of_another_text_is_no_contradiction(a: str, b: str) -> None:
    assert_not_by(a, b, "other-option")


def test_a_layout_is_read_only_beside_a_word_of_choosing() -> None:
    assert "text layout" not in options("Raj reads long paragraphs slowly.")
    assert options("Raj prefers bullet points.")["text layout"].one() == "bullets"


def test_a_format_said_by_its_extension_is_read() -> None:
    assert options("All files should be sent in .docx.")["file format"].one() == "docx"


@pytest.mark.parametrize(("a", "b"), [
    ("Deliverables must be in Google Docs format.", "Deliverables must be .docx files."),
    ("Send all files as PDFs.", "All files should be sent in .docx."),
])
def test_formats_by_extension_or_editor_contradict(a: str, b: str) -> None:
    assert_contradiction(a, b, "other-option")


def test_one_thing_of_a_set_both_speak_of_is_of_the_set() -> None:
    # neither says a word of file formats ("format", "PDF"): both say the images
    assert_contradiction("Always send images as PNG.", "Images should always be JPEG.",
                         "other-option")


@pytest.mark.parametrize(("a", "b"), [
    # two things done to one thing
    ("Summaries are sent in HTML.", "Summaries are archived as plain text."),
    # the template's format, not the invoices'
    ("The invoice template is a Word document.", "Invoices are sent as PDF."),
])
def test_one_thing_named_beside_two_doings_is_not_of_the_set(a: str, b: str) -> None:
    assert_not_by(a, b, "other-option")

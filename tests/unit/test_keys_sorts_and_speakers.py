"""A key said of before ("Dana's old contact preference: phone"), a change in a clause of
when ("before she moved to Berlin"), which changes no channel, one who does a thing
that takes several values ("a native Mandarin speaker" / "an English speaker"), and a
product said by another of its names ("a Mac": macOS). The pairs
are written for these tests (none drawn from the exclusive-value check set, DNLI, the
blind sets or the training pairs)."""

from __future__ import annotations

from tests.dreamkit import assert_contradiction, explained


def test_an_old_preference_said_as_a_key_is_of_before() -> None:
    assert explained("Dana's old contact preference: phone.",
                     "Dana's contact preference: email.")[0] != "contradiction"


def test_a_preference_said_as_a_key_holds_one_value() -> None:
    assert_contradiction("Dana's contact preference: phone.",
                         "Dana's contact preference: email.", "other-value")


def test_a_move_to_a_place_changes_no_channel() -> None:
    assert explained("Dana's preferred channel was phone before she moved to Berlin.",
                     "Dana prefers WhatsApp.")[0] != "contradiction"


def test_a_move_to_a_place_changes_the_place() -> None:
    assert_contradiction("Dana moved to Berlin.", "Dana lives in Lisbon.",
                         {"changed-value", "one-value-attribute", "other-residence"})


def test_a_speaker_of_two_languages_is_no_contradiction() -> None:
    assert explained("Mei is a native Mandarin speaker.",
                     "Mei is an English speaker.") == ("two facts", "differing-argument")


def test_a_native_speaker_of_two_languages_is_one() -> None:
    assert_contradiction("Mei is a native Mandarin speaker.",
                         "Mei is a native Cantonese speaker.", "other-native-language",
                         certain=False)


def test_a_product_said_by_another_name_is_named_apart() -> None:
    # "a Mac" is macOS: two names of systems, whatever the NLI model reads (p(entailment)
    # 0.61 for this pair)
    assert_contradiction("Omar's operating system is Windows 11.", "Omar uses a Mac.",
                         "one-value-attribute")


def test_one_product_said_by_two_of_its_names_is_no_contradiction() -> None:
    assert explained("Omar uses a Mac.", "Omar's operating system is macOS.")[0] != (
        "contradiction")

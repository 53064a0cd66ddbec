"""Salient tokens: what the merge guard requires a merged note to keep of its sources."""

from __future__ import annotations

import pytest

from reverie.text.salient import covered_tokens, dropped_tokens, salient_tokens


@pytest.mark.parametrize("text, expected", [
    ("Acme pays $5,000 a month.", {"num:5000"}),
    ("Order ORD-1234 ships with code SPRING26.", {"id:ord-1234", "id:spring26"}),
    ("Write to ana@example.com or see https://example.com/help/.",
     {"email:ana@example.com", "url:https://example.com/help"}),
    ("The call is at 3 p.m. on Tuesday.", {"time:15:00", "day:tue"}),
    ("It shipped on 2026-03-01.", {"num:2026", "month:3", "num:1"}),
    ("We run Python v3.11.2 for 5k users.", {"name:python", "num:3.11.2", "num:5000"}),
    ("The invoice goes to Marta in Bergen.", {"name:marta", "name:bergen"}),
    ("The user does not want calls.", {"neg"}),
    ("Keep answers short.", set()),
    ("A 15-minute reminder for a 3-year plan.", {"num:15", "num:3"}),
    ("Due 15/09.", {"month:9", "num:15"}),  # day first where the first is no month
    ("Due 9/15.", {"month:9", "num:15"}),
    ("Costs split 50/50.", {"num:50"}),  # no date
])
def test_salient_tokens_are_normalised(text: str, expected: set[str]) -> None:
    assert salient_tokens(text) == expected


def test_a_sentences_first_word_is_not_a_name_but_a_later_capital_is() -> None:
    assert salient_tokens("Support prefers email. Then Jonas decides.") == {"name:jonas"}
    assert salient_tokens("I think we may meet.") == set()


@pytest.mark.parametrize("source, merged", [
    ("Acme pays $5,000 at 3pm.", "acme pays 5000 dollars at 3:00 PM."),
    ("Meeting on 2026-03-01.", "Meeting on March 1, 2026."),
    ("The budget is $12k.", "The budget is 12,000 USD."),
    ("Reviews within one business day.", "Reviews within 1 business day."),
    ("Send it to Marta in Bergen.", "Marta (Bergen) gets it."),
    ("The user doesn't want SMS.", "No SMS for the user."),
    ("Remind the user 15 minutes before each call.", "A 15-minute heads-up before calls."),
])
def test_paraphrases_keep_every_token(source: str, merged: str) -> None:
    assert dropped_tokens([source], merged) == []


@pytest.mark.parametrize("sources, merged, lost", [
    (["Order ORD-1234 costs 40 EUR."], "The order costs 40 EUR.", ["id:ord-1234"]),
    (["The budget is $5,000.", "The budget is $7,000."], "The budget is $7,000.",
     ["num:5000"]),
    (["Acme ships with UPS.", "Acme does not ship with UPS."], "Acme ships with UPS.",
     ["neg"]),
    (["Invoices go to Marta."], "Invoices go to the billing contact.", ["name:marta"]),
    (["Renewal on 2026-01-11."], "Renewal in March 2026.", ["month:1", "num:11"]),
])
def test_a_merge_that_drops_a_token_is_caught(sources: list[str], merged: str,
                                              lost: list[str]) -> None:
    assert dropped_tokens(sources, merged) == lost


def test_covered_tokens_take_any_word_as_a_name() -> None:
    assert "name:marta" in covered_tokens("marta gets the invoices")

"""Splitting note text into statements: sentences and ";"-clauses, by punctuation only.

Used by the offline judge and by ``reverie eval``'s fact matching, so both read a
note the same way. A period ends a sentence unless it ends a known abbreviation
("e.g.", "vs.", "Dr."); bullets ("- ", "1. ") are dropped.
"""

from __future__ import annotations

import re

from reverie.text.vocabulary.abbreviations import ABBREVIATIONS

_BREAK = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|;|\n+")
_BULLET = re.compile(r"^\s*(?:[-*•]+|\d+[.)])\s+")


def split_statements(text: str) -> list[str]:
    """Split a note into statements (sentences and ";"-clauses), trimmed, without end marks."""
    pieces: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        if m.group(0).startswith(".") and _is_abbreviation(text, m.start()):
            continue
        pieces.append(text[start : m.start()])
        start = m.end()
    pieces.append(text[start:])
    out: list[str] = []
    for piece in pieces:
        cleaned = _BULLET.sub("", piece).strip().strip(" ,:-")
        if any(ch.isalnum() for ch in cleaned):
            out.append(cleaned)
    return out


def as_written(statement: str) -> str:
    """A split statement as notes write it: with a full stop unless it ends in one of
    ".!?" (what the agent-memory model was taught on)."""
    return statement if statement[-1:] in (".", "!", "?") else f"{statement}."


def _is_abbreviation(text: str, dot: int) -> bool:
    word = re.search(r"([A-Za-z][A-Za-z.]*)$", text[:dot])
    if word is None:
        return False
    token = word.group(1).lower()
    if token == "etc":  # "etc." ends a sentence when a capital follows
        return not re.match(r"\s+[A-Z]", text[dot + 1 :])
    return token in ABBREVIATIONS


def plain_words(text: str) -> list[str]:
    """Lowercase alphanumeric words of ``text`` (apostrophes and inner dots kept)."""
    return re.findall(r"[a-z0-9]+(?:['.@/:-][a-z0-9]+)*", text.lower())


__all__ = ["plain_words", "split_statements"]

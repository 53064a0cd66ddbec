"""How positive or negative a statement's attitude is: VADER's lexicon and rules.

VADER (``vaderSentiment``, MIT; Hutto & Gilbert, ICWSM 2014) scores a short text from a
lexicon of about 7,500 rated words with rules for negation ("do not like"), boosters
("really"), contrast ("but") and punctuation. The offline judge uses its *compound*
score (-1 … 1) to tell two statements that take opposite attitudes to the same thing
("loves seafood" / "seafood is gross to them", "hates winter" / "winter is their
favorite season"), which the parse alone sees as two unrelated frames.

The analyzer is loaded once per process, lazily (no I/O at import time).
"""

from __future__ import annotations

import re
import threading
from typing import Any

__all__ = ["ATTITUDE", "is_rated", "valence"]

ATTITUDE = 0.25
"""How far from neutral a rating says an attitude: a statement's, for a contradiction
("does not like" is -0.28), or an adjective's ("happy when the summer ends")."""

_lock = threading.Lock()
_analyzer: Any = None


def _load() -> Any:
    global _analyzer
    if _analyzer is None:
        with _lock:
            if _analyzer is None:
                try:
                    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
                except ImportError as exc:
                    from reverie.errors import ConfigurationError

                    raise ConfigurationError(
                        "the offline judge needs VADER: pip install 'vaderSentiment==3.3.2'"
                    ) from exc
                _analyzer = SentimentIntensityAnalyzer()
    return _analyzer


def valence(text: str) -> float:
    """The compound attitude score of ``text``: negative below 0, positive above. A "like"
    before a quantity is a filler ("get migraines like twice a month"), no liking."""
    return float(_load().polarity_scores(_FILLER_LIKE.sub(_unless_liking, text))["compound"])


_FILLER_LIKE = re.compile(
    r"(?P<before>\S*)\s+like\s+(?=(?:\d|once\b|twice\b|half\b|every\b|(?:one|two|three|"
    r"four|five|six|seven|eight|nine|ten|twenty|a\s+hundred|a\s+dozen)\b))", re.IGNORECASE)
# words after which "like" is the verb ("i like two sugars", "would like one more")
_LIKING_AFTER = frozenset({"i", "you", "we", "they", "he", "she", "would", "i'd", "we'd",
                           "to", "really", "also", "just", "still", "not", "don't", "dont",
                           "doesn't", "never", "user", "customer"})


def _unless_liking(m: re.Match[str]) -> str:
    """The match without its "like", unless the word before makes it the verb."""
    before = m.group("before")
    return m.group(0) if before.lower() in _LIKING_AFTER else f"{before} "


def is_rated(word: str) -> bool:
    """True iff ``word`` carries an attitude of its own in the lexicon ("love", "gross")."""
    return word.lower() in _load().lexicon

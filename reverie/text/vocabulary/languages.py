"""Language words: the names of languages people ask to be addressed in, and the words of
addressing someone in one."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ABILITY_WORDS", "ADDRESS_USES", "KNOWING_WORDS", "LANGUAGE_NAMES", "NATIVE_WORDS",
           "SPEAKING_WORDS"]

_ONE = (
    "english", "spanish", "french", "german", "italian", "portuguese", "dutch", "swedish",
    "norwegian", "danish", "finnish", "icelandic", "polish", "czech", "slovak", "hungarian",
    "romanian", "bulgarian", "greek", "turkish", "russian", "ukrainian", "arabic", "hebrew",
    "persian", "urdu", "hindi", "bengali", "punjabi", "tamil", "telugu", "marathi",
    "gujarati", "thai", "vietnamese", "indonesian", "malay", "tagalog", "japanese", "korean",
    "mandarin", "cantonese", "swahili", "amharic", "catalan", "basque", "welsh",
)

LANGUAGE_NAMES: Mapping[str, frozenset[str]] = {
    **{name: frozenset({name}) for name in _ONE},
    "farsi": frozenset({"persian"}),
    "filipino": frozenset({"tagalog"}),
    "chinese": frozenset({"mandarin", "cantonese"}),
}
"""Language names (lower case), each as the languages it may be ("Farsi" is Persian,
"Chinese" Mandarin or Cantonese)."""

ADDRESS_USES: Mapping[str, str] = {
    **dict.fromkeys(("reply", "replies", "answer", "answers", "answering", "respond",
                     "responses", "message", "messages", "email", "emails", "communicate",
                     "communication", "correspondence", "chat", "chatting", "talk",
                     "talking", "messaging", "texting", "emailing", "follow", "letter",
                     "letters", "text", "texts", "chats", "ticket", "tickets"),
                    "messages"),
    **dict.fromkeys(("code", "comment", "comments", "commit", "commits"), "code"),
    **dict.fromkeys(("docs", "documentation", "document", "documents", "report", "reports",
                     "copy", "content"), "documents"),
    **dict.fromkeys(("invoice", "invoices", "invoiced"), "invoices"),
    **dict.fromkeys(("call", "calls", "meeting", "meetings"), "calls"),
    **dict.fromkeys(("dashboard", "interface", "ui", "locale", "app", "settings"),
                    "interface"),
    **dict.fromkeys(("preferred", "prefers", "language", "everything"), ""),
}
"""Words of a statement about how to address its holder, each as what is addressed
("replies in French": messages; "docs in Japanese": documents; "" for any: "preferred
language"). One language is asked for at a time for one use; two uses may take two."""

ABILITY_WORDS = frozenset({"native", "mother", "tongue", "first", "fluent", "fluently",
                           "speak", "speaks", "spoke", "bilingual", "learning", "learn"})
"""Words of which languages someone speaks ("native language is Polish", "fluent in
Dutch"): a language said with them and no use ("UI language") is no address."""

SPEAKING_WORDS = frozenset({"speak", "speaks", "speaking", "fluent", "fluently", "native",
                            "natively", "bilingual", "mother tongue", "first language"})
"""Words that say someone speaks a language now ("speaks Dutch", "fluent in Dutch", "a
native Dutch speaker"); not "learning" it nor "spoke" it once."""

KNOWING_WORDS = frozenset({"speak", "speaks", "fluent", "understand", "understands"})
"""Words whose denial says someone does not speak a language at all ("doesn't speak
Dutch", "isn't fluent in Dutch", "doesn't understand Dutch"); "doesn't read Dutch" may
still speak it."""

NATIVE_WORDS = frozenset({"native", "natively", "mother tongue", "native tongue",
                          "first language"})
"""Words of the language someone grew up speaking ("native language", "mother tongue",
"first language", "speaks Dutch natively"): most have one."""

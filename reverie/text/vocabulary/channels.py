"""Channel words: the ways to reach someone (email, a phone call, a chat app) and the words
that choose one or turn one down."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "CAPITALISED_CHANNELS",
    "CHANNEL_AFTER",
    "CHANNEL_ALIKE",
    "CHANNEL_BEFORE",
    "CHANNEL_KEYS",
    "CHANNEL_NAMES",
    "CHANNEL_USES",
    "CHOICE_WORDS",
    "COMMON_CHANNELS",
    "MESSAGE_QUALITIES",
    "OUTRIGHT_VERBS",
    "REACHABLE_WORDS",
    "REACHING_WORDS",
    "REACH_VERBS",
    "REFUSAL_WORDS",
    "TEXT_BEFORE",
    "VERB_LIKE_CHANNELS",
]

CHANNEL_NAMES: Mapping[str, str] = {
    **dict.fromkeys(("email", "emails", "emailed", "emailing", "e-mail", "e-mails",
                     "inbox"), "email"),
    **dict.fromkeys(("phone", "phones", "phoned", "phoning", "phone call", "phone calls",
                     "telephone", "ring", "mobile", "cell", "cellphone", "cell phone",
                     "landline", "desk line", "desk phone",
                     "office line", "office phone", "work phone", "work line",
                     "voice call", "voice calls"), "phone"),
    **dict.fromkeys(("call", "calls", "called", "calling"), "call"),
    **dict.fromkeys(("sms", "text", "texts", "texted", "texting", "text message",
                     "text messages"), "sms"),
    **dict.fromkeys(("slack", "slack dm", "slack dms"), "slack"),
    **dict.fromkeys(("microsoft teams", "ms teams", "teams"), "teams"),
    **dict.fromkeys(("whatsapp",), "whatsapp"),
    **dict.fromkeys(("telegram",), "telegram"),
    **dict.fromkeys(("signal",), "signal"),
    **dict.fromkeys(("zoom",), "zoom"),
    **dict.fromkeys(("google meet", "meet"), "google meet"),
    **dict.fromkeys(("discord",), "discord"),
    **dict.fromkeys(("wechat",), "wechat"),
    **dict.fromkeys(("imessage",), "imessage"),
    **dict.fromkeys(("linkedin",), "linkedin"),
    **dict.fromkeys(("fax",), "fax"),
    **dict.fromkeys(("post", "letter", "letters", "postal mail", "snail mail"), "post"),
    "mail": "mail",  # the post's or an inbox's: its own
    **dict.fromkeys(("in person", "in-person", "face to face", "face-to-face"), "in person"),
    **dict.fromkeys(("video call", "video calls"), "video"),
    **dict.fromkeys(("live chat", "chat"), "chat"),
}
"""Names of channels (lower case), each as the channel it is ("e-mail" and "inbox" are
email; "mobile" and "desk line" a phone; a "call" may be by phone or any app that calls).
Both channel readers use it: ``reverie.text.channels`` and the contact-channel attribute
of ``reverie.judges.attributes``."""

CHANNEL_ALIKE: Mapping[str, frozenset[str]] = {
    "call": frozenset({"phone", "video", "zoom", "google meet", "teams", "whatsapp", "signal",
                       "telegram", "slack", "discord"}),
    "sms": frozenset({"whatsapp", "imessage", "signal", "telegram", "wechat"}),
    "mail": frozenset({"post", "email"}),
}
"""Channels that may be the other ("a call" on Zoom, "texting" on WhatsApp, "mail" by
post or email): never two choices."""

CAPITALISED_CHANNELS = frozenset({"signal", "zoom", "meet", "teams", "telegram", "discord"})
"""Channel names that are common words too, read as a channel only capitalised."""

VERB_LIKE_CHANNELS = frozenset({"teams", "meet", "signal"})
"""Of :data:`CAPITALISED_CHANNELS`, the names capitalised first in a sentence as a common
word ("Teams meet on Mondays", "Meet her in person")."""

COMMON_CHANNELS = frozenset({"call", "calls", "called", "calling", "ring", "text", "texts",
                             "mail",
                             "cell", "mobile", "post", "letter", "letters", "chat", "meet",
                             "phone", "phones"})
"""Channel names that name something else too ("an API call", "plain text", "a blog
post"), read as a channel only beside a word of reaching someone (:data:`CHANNEL_BEFORE`,
:data:`CHANNEL_AFTER`)."""

CHANNEL_BEFORE = frozenset({"by", "via", "over", "through", "on", "a", "no", "never", "not",
                            "phone", "voice", "video", "his", "her", "their", "my", "your",
                            "than", "of", "only", "prefers", "prefer", "wants", "want",
                            "best", "any", "answer", "answers", "take", "takes", "return",
                            "returns", "or", "and"})
"""Words before a common channel name that make it one ("by phone", "on her mobile",
"only call", "email or phone"), and a colon ("Preferred contact: phone")."""

TEXT_BEFORE = frozenset({"by", "via", "over", "through", "a", "no", "never", "than", "or"})
"""The words of :data:`CHANNEL_BEFORE` that make "text" a message ("by text"; "prefers
text answers" is of a format)."""

CHANNEL_AFTER = frozenset({"him", "her", "them", "me", "us", "instead", "only"})
"""Words after a common channel name that make it one ("text him", "phone them instead")."""

CHOICE_WORDS = frozenset({
    "prefer", "prefers", "preferred", "preference", "best", "only", "exclusively",
    "primary", "favourite", "favorite", "want", "wants", "wanted", "instead", "always",
    "switched", "moved", "changed", "migrated", "switch", "move", "change", "migrate",
})
"""Words of a clause choosing a channel ("prefers", "only", "best way to reach her")."""

REACH_VERBS = frozenset({"reach", "reached", "contact", "contacted",
                         "contacting", "ping", "pinged", "message", "messaged", "send",
                         "sent"})
"""Verbs of reaching someone, which choose the channel they are said with ("reach him on
WhatsApp", "contacted by email"; not "this contact"; not "reachable on Signal", which may
be one of several)."""

CHANNEL_KEYS = frozenset({"contact", "channel", "method", "reach"})
"""Keys of a note naming its holder's channel ("Contact: phone", "Channel: Slack")."""

REFUSAL_WORDS = frozenset({"avoid", "avoids", "block", "blocks", "blocked", "hate", "hates",
                           "dislike", "dislikes", "ignore", "ignores", "stop", "without",
                           "rarely", "seldom", "hardly", "barely"})
"""Words turning a channel down before it ("blocks Teams", "ignores email", "rarely
answers phone calls")."""

CHANNEL_USES = frozenset({
    "reach", "contact", "ping", "channel",
    "answer", "check", "read", "open", "respond", "reply", "get", "send", "receive",
    "reachable", "available", "message", "note", "invite", "thread", "communication",
    "method", "support", "everything", "anything", "all", "way", "dm", "direct", "be",
    "have", "do", "go", "pick", "use", "take", "accept", "best", "prefer", "good",
})
"""Lemmas of using a channel, which say nothing of what it is chosen for ("never answers
his mobile", "never checks LinkedIn messages", "for everything")."""

REACHING_WORDS = frozenset({
    "call", "calls", "email", "emails", "text", "texts", "message", "messages", "contact",
    "reach", "ping", "use", "uses", "read", "reads", "check", "checks", "open", "opens",
    "answer", "answers", "pick", "up", "send", "sends", "like", "likes", "want", "wants",
    "have", "has", "be", "reached", "contacted", "by", "via", "on", "over", "through", "in",
    "a", "an", "the", "any", "his", "her", "their", "my", "your", "him", "them", "me", "us",
    "do", "does", "did", "should", "ever", "really", "at", "all", "to", "reachable",
    "available",
})
"""Words that may come between a denial and the channel it turns down ("never checks
his Slack", "doesn't want any calls"); any other ("don't share her email") makes the
channel something else: an address, a thing."""

MESSAGE_QUALITIES = frozenset({
    "short", "long", "brief", "concise", "detailed", "formal", "informal", "casual",
    "polite", "friendly", "plain", "frequent", "occasional", "fewer", "more", "lengthy",
    "longer", "shorter", "terse", "verbose",
})
"""Qualities of a message said right before its channel ("short emails", "detailed Slack
messages"): a preference for how to write, the channel only where."""

REACHABLE_WORDS = frozenset({"reachable", "available", "status", "active", "online", "account",
                             "profile", "handle", "also"})
"""Words of where one may be reached or has an account, several at once ("reachable on
WhatsApp" / "reachable on Signal"): no one thing gone by two channels."""

OUTRIGHT_VERBS = frozenset({"use", "be", "have", "on"})
"""Verbs whose denial turns a channel down whole ("doesn't use Slack", "isn't on WhatsApp";
"on" is the parse's verb of "Not on WhatsApp"), not one use of it ("doesn't post on
LinkedIn")."""

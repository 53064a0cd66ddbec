"""A dead letter always fits in a Kafka record, however big the refused message was.

Found by tests/reliability/test_junk_input_kafka.py: a 600 KB message (accepted by the
broker, refused by Reverie: text > 8000 chars) made a 1.4 MB DLQ record (base64 plus
text); the producer refused it, the ingest agent crashed and the partition stalled
behind the bad message. Originals over 256 KiB are now kept truncated.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime

from reverie.errors import InvalidEvent
from reverie.streams.deadletter import MAX_ORIGINAL_BYTES, RawMessage, dead_letter, encode

FAUST_MAX_REQUEST = 1_000_000  # faust's producer_max_request_size default


def test_a_huge_refused_message_makes_a_dead_letter_that_fits_in_one_record():
    value = b'{"text": "' + b"x" * 1_040_000 + b'"}'
    raw = RawMessage("reverie.notes", 2, 41, b"a-1", value)
    record = dead_letter(raw, "message is too big", InvalidEvent("too big"), datetime.now(UTC))
    assert len(encode(record)) < FAUST_MAX_REQUEST // 2
    assert record["original_truncated"] is True
    assert record["original_size"] == len(value)
    assert record["original_sha256"] == hashlib.sha256(value).hexdigest()
    assert base64.b64decode(record["original_base64"]) == value[:MAX_ORIGINAL_BYTES]
    assert (record["topic"], record["partition"], record["offset"]) == ("reverie.notes", 2, 41)


def test_a_small_refused_message_is_kept_whole():
    raw = RawMessage("reverie.notes", 0, 7, None, b"{not json")
    record = dead_letter(raw, "message is not JSON", InvalidEvent("x"), datetime.now(UTC))
    assert record["original_text"] == "{not json"
    assert base64.b64decode(record["original_base64"]) == b"{not json"
    assert "original_truncated" not in record

"""The pure side of stored-document migrations (issue #22): what an upgrade writes, where a
stopped run resumes, and the one line a worker prints on a database it cannot use."""

from __future__ import annotations

import pytest

from reverie.cli.main import main
from reverie.storage.migrations import (
    COLLECTIONS,
    MIGRATIONS,
    SCHEMA_VERSION,
    VERSION_FIELD,
    Migration,
    upgraded,
    versioned,
)
from reverie.storage.migrations.runner import _resume_point, mismatch


def rename(doc: dict) -> dict:
    doc["body"] = doc.pop("text")
    return doc


RENAME = Migration(2, "notes", "text is called body", rename)


def test_an_older_document_gets_only_what_changed_and_the_new_version():
    """$set holds the new field and the version, $unset the old field; the rest is left."""
    doc = {"_id": "n-1", "text": "Hi.", "agent_id": "a", VERSION_FIELD: 1}
    assert upgraded(RENAME, doc) == ({"body": "Hi.", VERSION_FIELD: 2}, ["text"])
    assert doc == {"_id": "n-1", "text": "Hi.", "agent_id": "a", VERSION_FIELD: 1}


def test_a_document_at_or_beyond_the_version_is_left_alone():
    """A second run (or a newer document) changes nothing."""
    assert upgraded(RENAME, {"_id": "n-1", "body": "Hi.", VERSION_FIELD: 2}) is None
    assert upgraded(RENAME, {"_id": "n-1", "body": "Hi.", VERSION_FIELD: 3}) is None


def test_a_document_without_the_field_is_at_version_zero():
    """Migration 1 stamps documents written before versions and changes nothing else."""
    notes = next(m for m in MIGRATIONS if m.collection == "notes" and m.version == 1)
    assert upgraded(notes, {"_id": "n-1", "text": "Hi."}) == ({VERSION_FIELD: 1}, [])


def test_an_upgrade_that_changes_the_id_is_refused():
    """The _id is the cursor and the filter: a migration may not change it."""
    bad = Migration(2, "notes", "bad", lambda d: {**d, "_id": "other"})
    with pytest.raises(ValueError, match="changed an _id"):
        upgraded(bad, {"_id": "n-1"})


def test_every_collection_has_migration_one_and_writes_are_stamped():
    """Migration 1 covers each collection once; versioned() adds this release's version."""
    ones = [m.collection for m in MIGRATIONS if m.version == 1]
    assert ones == list(COLLECTIONS) and len(set(ones)) == len(ones)
    assert versioned({"_id": "x"}) == {"_id": "x", VERSION_FIELD: SCHEMA_VERSION}


def test_a_stopped_run_resumes_at_its_cursor_and_skips_finished_collections():
    """Progress names the version, the collection and the last _id done."""
    first, second = (m for m in MIGRATIONS if m.version == 1 and
                     m.collection in ("notes", "examples"))
    progress = {"version": 1, "collection": "examples", "after": "e-7"}
    assert _resume_point(first, progress) is not None and _resume_point(first, progress) != "e-7"
    assert _resume_point(second, progress) == "e-7"
    assert _resume_point(second, None) is None
    assert _resume_point(second, {**progress, "version": 2}) is None


def test_the_worker_line_says_what_to_run():
    """Older: run `reverie migrate`; newer: run a newer release; equal: nothing to say."""
    assert mismatch(SCHEMA_VERSION) is None
    assert mismatch(SCHEMA_VERSION - 1) == (
        f"database schema is at {SCHEMA_VERSION - 1}, this worker needs {SCHEMA_VERSION}: "
        "run `reverie migrate`")
    assert "newer than this release understands" in (mismatch(SCHEMA_VERSION + 1) or "")
    assert "migration under way" in (mismatch(SCHEMA_VERSION, migrating=True) or "")


def test_migrate_on_memory_storage_is_one_line(monkeypatch, capsys):
    """Nothing is stored without MongoDB: one line, exit status 2."""
    monkeypatch.setenv("REVERIE_STORAGE", "memory")
    assert main(["migrate"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "reverie: error: nothing to migrate: REVERIE_STORAGE=memory keeps no documents"]

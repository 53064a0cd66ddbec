"""The runbook's backup and restore of the local stack (docs/operations.md): notes written,
deploy/local/backup, the database dropped and the vector index deleted, deploy/local/restore,
and the same notes, versions and search answers read back."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import numpy as np
import pytest
from pymongo import AsyncMongoClient

from reverie.domain.model import Note, vector_payload
from reverie.handlers.ports import SearchScope, VectorPoint
from reverie.storage.migrations import SCHEMA_VERSION, VERSION_FIELD
from reverie.storage.migrations.runner import MongoSchema
from reverie.storage.mongo import MongoNotes, ensure_indexes
from reverie.storage.vectors import QdrantIndex
from tests.builders import AT
from tests.integration.harness import ROOT

pytestmark = pytest.mark.integration

DIM = 8


def vector(i: int) -> list[float]:
    v = np.random.default_rng(i).standard_normal(DIM)
    return [float(x) for x in v / np.linalg.norm(v)]


def run(script: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ROOT / "deploy/local" / script), *args], env=env,
                          capture_output=True, text=True, timeout=300)


async def test_backup_wipe_restore_reads_back_the_same_notes_and_search(mongo: AsyncMongoClient,
                                                                        tmp_path: Path):
    """Everything comes back: documents with their versions, the schema record, indexes and
    the vector index; both commands refuse while a worker has the index open, and a restore
    into a database holding documents needs --replace."""
    name = f"reverie_backup_{uuid.uuid4().hex[:8]}"
    qdrant_path = tmp_path / "qdrant"
    env = {**os.environ, "REVERIE_MONGO_DATABASE": name,
           "REVERIE_QDRANT_PATH": str(qdrant_path), "REVERIE_PYTHON": sys.executable,
           "PYTHONPATH": str(ROOT)}
    db = mongo[name]
    try:
        await ensure_indexes(db)
        await MongoSchema(db).ensure()
        notes = [Note(note_id=f"n-{i:03d}", agent_id="a-1", text=f"Fact number {i}.",
                      created_at=AT, embedding=vector(i)) for i in range(40)]
        assert len(await MongoNotes(db).add_many(notes)) == 40
        index = QdrantIndex(path=qdrant_path, collection="reverie_notes", dimension=DIM)
        await index.upsert([VectorPoint(n.note_id, n.embedding or [], vector_payload(n))
                            for n in notes])
        stored = await MongoNotes(db).get_many([n.note_id for n in notes])
        raw = {d["_id"]: d async for d in db.notes.find({})}
        scope = SearchScope(agent_id="a-1")
        before = [h.note_id for h in await index.search(vector(7), scope, 5)]
        assert before[0] == "n-007"

        target = tmp_path / "backup"
        held = run("backup", str(target), env=env)  # the index is open: a worker runs
        assert held.returncode == 1 and "stop it first" in held.stderr
        await index.close()

        made = run("backup", str(target), env=env)
        assert made.returncode == 0, made.stderr
        manifest = json.loads((target / "manifest.json").read_text())
        assert manifest["documents"]["notes"] == 40
        assert manifest["schema_version"] == SCHEMA_VERSION

        await mongo.drop_database(name)
        shutil.rmtree(qdrant_path)
        restored = run("restore", str(target), env=env)
        assert restored.returncode == 0, restored.stderr
        assert "restored database" in restored.stdout

        got = await MongoNotes(db).get_many([n.note_id for n in notes])
        assert sorted(got, key=lambda n: n.note_id) == sorted(stored, key=lambda n: n.note_id)
        assert {d["_id"]: d async for d in db.notes.find({})} == raw
        assert all(d[VERSION_FIELD] == SCHEMA_VERSION for d in raw.values())
        assert await MongoSchema(db).ensure() == SCHEMA_VERSION
        assert "agent_id_1_status_1" in await db.notes.index_information()
        index = QdrantIndex(path=qdrant_path, collection="reverie_notes", dimension=DIM)
        try:
            assert [h.note_id for h in await index.search(vector(7), scope, 5)] == before
        finally:
            await index.close()

        again = run("restore", str(target), env=env)
        assert again.returncode == 1
        assert again.stderr.strip().splitlines() == [
            f"restore: error: database {name} holds documents (notes, reverie_meta): restore "
            "into an empty one, or pass --replace to drop it first"]
        await db.notes.delete_one({"_id": "n-000"})
        replaced = run("restore", str(target), "--replace", env=env)
        assert replaced.returncode == 0, replaced.stderr
        assert await db.notes.count_documents({}) == 40
    finally:
        await mongo.drop_database(name)

#!/usr/bin/env python3
"""Back up and restore Reverie's stores: the MongoDB database and the embedded Qdrant directory.

Usage (through deploy/local/backup and deploy/local/restore, which pick the Python and the
local stack's env):

    archive.py backup DIR              write DIR (must not exist, or be empty)
    archive.py restore DIR [--replace] refill the database (refused when it holds documents,
                                       unless --replace: dropped first) and the Qdrant directory

Where from and to: the worker's own settings (REVERIE_MONGO_URL, REVERIE_MONGO_DATABASE,
REVERIE_QDRANT_PATH or REVERIE_DATA_DIR/qdrant). Layout of DIR, the same as mongodump's for
the documents:

    manifest.json                      database, time, schema version, documents per collection
    mongo/<collection>.bson            the documents, raw BSON one after another (exact types)
    mongo/<collection>.metadata.json   the collection's indexes
    qdrant/                            a copy of the embedded vector index's directory

The embedded Qdrant directory is copied while holding its lock (the one qdrant-client takes):
a running worker holds it, so both commands refuse until the worker is stopped. With a Qdrant
server (REVERIE_QDRANT_URL) the vectors are not copied: use the server's snapshots, or rebuild
them from the restored notes with `reverie reindex`. Needs pymongo (the worker's venv).
"""

from __future__ import annotations

import fcntl
import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import bson
from bson.codec_options import CodecOptions
from bson.raw_bson import RawBSONDocument
from pymongo import MongoClient

RAW = CodecOptions(document_class=RawBSONDocument)
BATCH = 500


class Refused(Exception):
    """A one-line reason not to go on."""


def settings() -> tuple[str, str, Path | None]:
    """Return the MongoDB URL, the database and the embedded Qdrant directory (None: server)."""
    from reverie.config import Settings

    s = Settings.load()
    qdrant = None if s.qdrant_url else (s.qdrant_path or s.data_dir / "qdrant")
    return s.mongo_url.get_secret_value(), s.mongo_database, qdrant


@contextmanager
def qdrant_lock(path: Path) -> Iterator[None]:
    """Hold the embedded Qdrant's lock (refused while a worker has the index open)."""
    lock = path / ".lock"
    if not lock.exists():
        yield
        return
    with lock.open("r+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Refused(f"the vector index at {path} is open (a running worker?): stop it "
                          "first") from None
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def backup(target: Path) -> str:
    url, name, qdrant = settings()
    if target.exists() and any(target.iterdir()):
        raise Refused(f"{target} is not empty: choose a new directory")
    embedded = qdrant is not None and qdrant.is_dir()
    # the index's lock is held from the start: no worker opens it while the documents are read
    with qdrant_lock(qdrant) if embedded and qdrant else nullcontext():
        try:
            return _backup(target, url, name, qdrant if embedded else None)
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise


def _backup(target: Path, url: str, name: str, qdrant: Path | None) -> str:
    client: MongoClient[Any] = MongoClient(url, tz_aware=True)
    db = client.get_database(name, codec_options=RAW)
    (target / "mongo").mkdir(parents=True)
    counts: dict[str, int] = {}
    for coll in sorted(db.list_collection_names()):
        n = 0
        with (target / "mongo" / f"{coll}.bson").open("wb") as out:
            for doc in db[coll].find({}, batch_size=1000):
                out.write(doc.raw)
                n += 1
        counts[coll] = n
        indexes = [{"key": dict(spec["key"]), "name": name_,
                    **({"unique": True} if spec.get("unique") else {})}
                   for name_, spec in db[coll].index_information().items() if name_ != "_id_"]
        (target / "mongo" / f"{coll}.metadata.json").write_text(
            json.dumps({"collectionName": coll, "indexes": indexes}, indent=1) + "\n")
    meta = client[name]["reverie_meta"].find_one({"_id": "schema"})
    copied = None
    if qdrant is not None:
        shutil.copytree(qdrant, target / "qdrant", symlinks=True)
        copied = str(qdrant)
    manifest = {"database": name, "created_at": datetime.now(UTC).isoformat(),
                "schema_version": meta["version"] if meta else None,
                "documents": counts, "qdrant": copied}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    client.close()
    vectors = f"; vector index {copied}" if copied else "; no embedded vector index"
    return (f"backed up database {name}: {sum(counts.values())} documents in "
            f"{len(counts)} collections{vectors} → {target}")


def restore(source: Path, replace: bool) -> str:
    url, name, qdrant = settings()
    manifest_path = source / "manifest.json"
    if not manifest_path.is_file():
        raise Refused(f"{source} is not a backup (no manifest.json)")
    manifest = json.loads(manifest_path.read_text())
    client: MongoClient[Any] = MongoClient(url, tz_aware=True)
    db = client.get_database(name, codec_options=RAW)
    held = [c for c in db.list_collection_names() if db[c].estimated_document_count()]
    if held and not replace:
        raise Refused(f"database {name} holds documents ({', '.join(sorted(held))}): restore "
                      "into an empty one, or pass --replace to drop it first")
    if qdrant is not None and (source / "qdrant").is_dir() and qdrant.is_dir():
        with qdrant_lock(qdrant):  # refused before anything is dropped if a worker has it
            pass
    if replace:
        client.drop_database(name)
    for coll, expected in manifest["documents"].items():
        batch: list[RawBSONDocument] = []
        with (source / "mongo" / f"{coll}.bson").open("rb") as f:
            for doc in bson.decode_file_iter(f, RAW):
                batch.append(doc)
                if len(batch) == BATCH:
                    db[coll].insert_many(batch)
                    batch = []
        if batch:
            db[coll].insert_many(batch)
        if not expected and coll not in db.list_collection_names():
            db.create_collection(coll)
        meta = json.loads((source / "mongo" / f"{coll}.metadata.json").read_text())
        for index in meta["indexes"]:
            db[coll].create_index(list(index["key"].items()), name=index["name"],
                                  unique=index.get("unique", False))
        got = db[coll].count_documents({})
        if got != expected:
            raise Refused(f"{coll}: {got} documents after the restore, the backup has "
                          f"{expected}")
    vectors = "; no vector index in the backup"
    if (source / "qdrant").is_dir():
        if qdrant is None:
            vectors = ("; the backup's vector index was not restored (REVERIE_QDRANT_URL: "
                       "run `reverie reindex`)")
        else:
            qdrant.parent.mkdir(parents=True, exist_ok=True)
            if qdrant.exists():
                with qdrant_lock(qdrant):
                    shutil.rmtree(qdrant)
            shutil.copytree(source / "qdrant", qdrant, symlinks=True)
            vectors = f"; vector index → {qdrant}"
    client.close()
    total = sum(manifest["documents"].values())
    return (f"restored database {name}: {total} documents in {len(manifest['documents'])} "
            f"collections (schema version {manifest['schema_version']}){vectors}")


def main(argv: list[str]) -> int:
    usage = "usage: archive.py backup DIR | restore DIR [--replace]"
    if len(argv) < 2 or argv[0] not in ("backup", "restore") or (
            argv[0] == "backup" and len(argv) != 2) or (
            argv[0] == "restore" and argv[2:] not in ([], ["--replace"])):
        print(usage, file=sys.stderr)
        return 2
    try:
        if argv[0] == "backup":
            print(backup(Path(argv[1])))
        else:
            print(restore(Path(argv[1]), replace=argv[2:] == ["--replace"]))
    except Refused as exc:
        print(f"{argv[0]}: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

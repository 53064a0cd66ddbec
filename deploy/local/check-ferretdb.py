#!/usr/bin/env python3
"""Probe which MongoDB operations the local FerretDB (deploy/local/up) supports.

Usage: .venv/bin/python deploy/local/check-ferretdb.py [MONGO_URL]
MONGO_URL defaults to REVERIE_MONGO_URL from the environment or from
deploy/local/.state/env. Needs pymongo (4.9+ for the async API). Each operation
is run and its result checked; the script prints one line per operation
(OK / WRONG / FAIL with the server's error) and exits 1 if any is not OK.
Uses (and drops) the database `reverie_compat_probe`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import traceback
from pathlib import Path

import pymongo
from pymongo import (
    ASCENDING,
    DESCENDING,
    InsertOne,
    MongoClient,
    ReplaceOne,
    ReturnDocument,
    UpdateOne,
)

RESULTS: list[tuple[str, str, str]] = []


def mongo_url() -> str:
    if len(sys.argv) > 1:
        return sys.argv[1]
    if os.environ.get("REVERIE_MONGO_URL"):
        return os.environ["REVERIE_MONGO_URL"]
    state = Path(os.environ.get("REVERIE_STATE_DIR", Path(__file__).resolve().parent / ".state"))
    for line in (state / "env").read_text().splitlines():
        if line.startswith("REVERIE_MONGO_URL="):
            return line.split("=", 1)[1]
    raise SystemExit("no REVERIE_MONGO_URL; run deploy/local/up first")


def check(name: str, fn) -> None:
    try:
        got = fn()
    except Exception as e:  # noqa: BLE001 - report every failure
        failed(name, e)
    else:
        record(name, got)


def failed(name: str, e: Exception) -> None:
    RESULTS.append((name, "FAIL", f"{type(e).__name__}: {e}"))


def record(name: str, got) -> None:
    """A check's result: True or None is OK, a string or anything else is WRONG."""
    if got is True or got is None:
        RESULTS.append((name, "OK", ""))
    else:
        RESULTS.append((name, "WRONG", f"unexpected result: {got!r}"))


def expect(actual, expected):
    return True if actual == expected else f"got {actual!r}, expected {expected!r}"


def sync_checks(url: str) -> None:
    client = MongoClient(url, serverSelectionTimeoutMS=5000)
    db = client["reverie_compat_probe"]
    client.drop_database(db.name)
    c = db["items"]

    check("server_info / hello", lambda: client.server_info()["version"] and True)
    check("insert_one", lambda: expect(c.insert_one({"_id": "a", "n": 1, "tags": ["x"]}).inserted_id, "a"))
    check(
        "insert_many",
        lambda: expect(
            len(c.insert_many([{"_id": f"d{i}", "n": i, "grp": i % 2, "tags": ["t"] if i % 2 else []} for i in range(10)]).inserted_ids),
            10,
        ),
    )
    check("find_one by _id", lambda: expect(c.find_one({"_id": "a"})["n"], 1))
    check("find (filter on field)", lambda: expect(len(list(c.find({"grp": 1}))), 5))
    check("$inc", lambda: (c.update_one({"_id": "a"}, {"$inc": {"n": 2, "m": 1}}), expect(c.find_one({"_id": "a"}, {"n": 1, "m": 1}), {"_id": "a", "n": 3, "m": 1}))[1])
    check("$set (incl. dotted path)", lambda: (c.update_one({"_id": "a"}, {"$set": {"s": "v", "sub.k": 5}}), expect(c.find_one({"_id": "a"})["sub"], {"k": 5}))[1])
    check("$unset", lambda: (c.update_one({"_id": "a"}, {"$unset": {"s": ""}}), expect("s" in c.find_one({"_id": "a"}), False))[1])

    def push_each_slice():
        c.update_one({"_id": "a"}, {"$set": {"hist": [1, 2, 3]}})
        c.update_one({"_id": "a"}, {"$push": {"hist": {"$each": [4, 5, 6], "$slice": -4}}})
        return expect(c.find_one({"_id": "a"})["hist"], [3, 4, 5, 6])

    check("$push with $each + $slice", push_each_slice)

    def push_each_only():
        c.update_one({"_id": "a"}, {"$push": {"hist2": {"$each": [1, 2]}}})
        return expect(c.find_one({"_id": "a"})["hist2"], [1, 2])

    check("$push with $each (no $slice)", push_each_only)

    def push_mod(name, spec, want):
        def f():
            c.update_one({"_id": "a"}, {"$set": {"h3": [1, 2, 3]}})
            c.update_one({"_id": "a"}, {"$push": {"h3": spec}})
            return expect(c.find_one({"_id": "a"})["h3"], want)

        check(name, f)

    push_mod("$push with $each + $position", {"$each": [9], "$position": 0}, [9, 1, 2, 3])
    push_mod("$push with $each + $sort", {"$each": [0], "$sort": -1}, [3, 2, 1, 0])
    check("$push single value", lambda: (c.update_one({"_id": "a"}, {"$push": {"tags": "y"}}), expect(c.find_one({"_id": "a"})["tags"], ["x", "y"]))[1])

    def add_to_set():
        c.update_one({"_id": "a"}, {"$addToSet": {"tags": "x"}})
        c.update_one({"_id": "a"}, {"$addToSet": {"tags": {"$each": ["y", "z"]}}})
        return expect(c.find_one({"_id": "a"})["tags"], ["x", "y", "z"])

    check("$addToSet (+ $each)", add_to_set)

    def max_op():
        c.update_one({"_id": "a"}, {"$max": {"n": 2, "hi": 7}})  # n stays 3, hi created
        c.update_one({"_id": "a"}, {"$max": {"n": 10}})
        d = c.find_one({"_id": "a"})
        return expect((d["n"], d["hi"]), (10, 7))

    check("$max", max_op)
    check("$min", lambda: (c.update_one({"_id": "a"}, {"$min": {"n": 4}}), expect(c.find_one({"_id": "a"})["n"], 4))[1])
    check("$pull", lambda: (c.update_one({"_id": "a"}, {"$pull": {"tags": "z"}}), expect(c.find_one({"_id": "a"})["tags"], ["x", "y"]))[1])

    def set_on_insert_upsert():
        r = c.update_one({"_id": "u1"}, {"$setOnInsert": {"created": 1}, "$set": {"seen": 1}, "$inc": {"cnt": 1}}, upsert=True)
        r2 = c.update_one({"_id": "u1"}, {"$setOnInsert": {"created": 2}, "$set": {"seen": 2}, "$inc": {"cnt": 1}}, upsert=True)
        d = c.find_one({"_id": "u1"})
        return expect((r.upserted_id, r2.upserted_id, d["created"], d["seen"], d["cnt"]), ("u1", None, 1, 2, 2))

    check("$setOnInsert + $set + $inc with upsert=True", set_on_insert_upsert)

    def upsert_by_filter():
        r = c.update_one({"key": "k1"}, {"$setOnInsert": {"v": 1}}, upsert=True)
        d = c.find_one({"key": "k1"})
        return expect((r.upserted_id is not None, d["v"]), (True, 1))

    check("upsert with non-_id filter (filter fields copied)", upsert_by_filter)

    def fou_after():
        d = c.find_one_and_update({"_id": "a"}, {"$inc": {"n": 1}}, return_document=ReturnDocument.AFTER)
        return expect(d["n"], 5)

    check("find_one_and_update return_document=AFTER", fou_after)

    def fou_before():
        d = c.find_one_and_update({"_id": "a"}, {"$inc": {"n": 1}}, return_document=ReturnDocument.BEFORE)
        return expect(d["n"], 5)

    check("find_one_and_update return_document=BEFORE", fou_before)

    check(
        "find_one_and_update upsert (new doc, AFTER)",
        lambda: expect(c.find_one_and_update({"_id": "seq"}, {"$inc": {"v": 1}}, upsert=True, return_document=ReturnDocument.AFTER), {"_id": "seq", "v": 1}),
    )
    check(
        "find_one_and_update upsert (new doc, BEFORE -> None)",
        lambda: expect(c.find_one_and_update({"_id": "seq0"}, {"$inc": {"v": 1}}, upsert=True), None),
    )
    check(
        "find_one_and_update with projection=",
        lambda: expect(c.find_one_and_update({"_id": "seq"}, {"$inc": {"v": 1}}, projection={"v": True}, return_document=ReturnDocument.AFTER), {"_id": "seq", "v": 2}),
    )
    check("find_one_and_update sort", lambda: expect(c.find_one_and_update({"grp": 0}, {"$set": {"picked": True}}, sort=[("n", DESCENDING)], return_document=ReturnDocument.AFTER)["_id"], "d8"))
    check("find_one_and_replace", lambda: expect(c.find_one_and_replace({"_id": "u1"}, {"r": 1}, return_document=ReturnDocument.AFTER), {"_id": "u1", "r": 1}))
    check("find_one_and_delete", lambda: expect(c.find_one_and_delete({"_id": "u1"})["_id"], "u1"))

    check("create_index (single field)", lambda: expect(c.create_index([("n", ASCENDING)]), "n_1"))
    check("create_index (compound)", lambda: expect(c.create_index([("grp", ASCENDING), ("n", DESCENDING)]), "grp_1_n_-1"))
    u = db["uniq"]
    check("create_index unique=True", lambda: expect(u.create_index("email", unique=True), "email_1"))

    def unique_enforced():
        u.insert_one({"email": "a@x"})
        try:
            u.insert_one({"email": "a@x"})
        except pymongo.errors.DuplicateKeyError:
            return True
        return "second insert with the same unique key succeeded"

    check("unique index rejects duplicate (DuplicateKeyError)", unique_enforced)
    check("create_index with name= (named index)", lambda: expect(u.create_index([("k", ASCENDING)], name="my_k"), "my_k"))
    check("create_index partialFilterExpression", lambda: u.create_index([("p", ASCENDING)], partialFilterExpression={"p": {"$exists": True}}) and True)
    check("create_index sparse=True", lambda: u.create_index([("sp", ASCENDING)], sparse=True) and True)
    check("create_index expireAfterSeconds (TTL)", lambda: u.create_index([("ts", ASCENDING)], expireAfterSeconds=3600) and True)
    check("create_index text", lambda: u.create_index([("body", "text")]) and True)
    check("create_index idempotent (same spec again)", lambda: expect(u.create_index("email", unique=True), "email_1"))
    check("list_indexes / index_information", lambda: expect("email_1" in u.index_information(), True))

    check("count_documents (filter)", lambda: expect(c.count_documents({"grp": 1}), 5))
    check("count_documents ({})", lambda: c.count_documents({}) > 0 or "zero")
    check("estimated_document_count", lambda: c.estimated_document_count() > 0 or "zero")
    check("distinct", lambda: expect(sorted(c.distinct("grp")), [0, 1]))

    def agg_group():
        out = list(c.aggregate([{"$match": {"_id": {"$regex": "^d"}}}, {"$group": {"_id": "$grp", "total": {"$sum": "$n"}, "cnt": {"$sum": 1}}}, {"$sort": {"_id": 1}}]))
        return expect(out, [{"_id": 0, "total": 20, "cnt": 5}, {"_id": 1, "total": 25, "cnt": 5}])

    check("aggregate $match+$group+$sum (+$sort), two accumulators", agg_group)
    check(
        "aggregate $match+$group with one $sum accumulator",
        lambda: expect(
            list(c.aggregate([{"$match": {"_id": {"$regex": "^d"}}}, {"$group": {"_id": "$grp", "total": {"$sum": "$n"}}}, {"$sort": {"_id": 1}}])),
            [{"_id": 0, "total": 20}, {"_id": 1, "total": 25}],
        ),
    )
    check(
        "aggregate $group {$sum: 1} (count) alone",
        lambda: expect(list(c.aggregate([{"$match": {"grp": 1}}, {"$group": {"_id": "$grp", "cnt": {"$sum": 1}}}])), [{"_id": 1, "cnt": 5}]),
    )
    for acc in ("$avg", "$min", "$max", "$first", "$last", "$push", "$addToSet"):
        check(f"aggregate $group accumulator {acc}", lambda acc=acc: list(c.aggregate([{"$group": {"_id": None, "r": {acc: "$n"}}}])) and True)
    check(
        "aggregate $group _id=null $sum/$max/$avg",
        lambda: expect(
            list(c.aggregate([{"$match": {"grp": 1}}, {"$group": {"_id": None, "s": {"$sum": "$n"}, "mx": {"$max": "$n"}, "av": {"$avg": "$n"}}}])),
            [{"_id": None, "s": 25, "mx": 9, "av": 5.0}],
        ),
    )
    check("aggregate $count", lambda: expect(list(c.aggregate([{"$match": {"grp": 0}}, {"$count": "c"}])), [{"c": 5}]))
    check("aggregate $project/$limit/$skip", lambda: expect(list(c.aggregate([{"$match": {"grp": 1}}, {"$sort": {"n": 1}}, {"$skip": 1}, {"$limit": 2}, {"$project": {"_id": 0, "n": 1}}])), [{"n": 3}, {"n": 5}]))
    check("aggregate $unwind", lambda: expect(len(list(c.aggregate([{"$match": {"_id": "a"}}, {"$unwind": "$tags"}]))), 2))
    check("aggregate $lookup", lambda: list(c.aggregate([{"$match": {"_id": "a"}}, {"$lookup": {"from": "uniq", "localField": "x", "foreignField": "email", "as": "j"}}])) and True)
    check("aggregate $addFields", lambda: expect(list(c.aggregate([{"$match": {"_id": "d1"}}, {"$addFields": {"z": 1}}, {"$project": {"z": 1}}])), [{"_id": "d1", "z": 1}]))
    check("aggregate $sortByCount", lambda: list(c.aggregate([{"$sortByCount": "$grp"}])) and True)
    check("aggregate $facet", lambda: list(c.aggregate([{"$facet": {"a": [{"$limit": 1}]}}])) and True)

    def bulk():
        b = db["bulk"]
        b.insert_one({"_id": 1, "v": 0})
        r = b.bulk_write(
            [
                UpdateOne({"_id": 1}, {"$inc": {"v": 1}}),
                InsertOne({"_id": 2, "v": 10}),
                ReplaceOne({"_id": 3}, {"v": 30}, upsert=True),
                UpdateOne({"_id": 4}, {"$set": {"v": 40}}, upsert=True),
                ReplaceOne({"_id": 2}, {"v": 20}),
            ],
            ordered=True,
        )
        docs = {d["_id"]: d["v"] for d in b.find()}
        return expect(
            (r.matched_count, r.modified_count, r.inserted_count, r.upserted_count, docs),
            (2, 2, 1, 2, {1: 1, 2: 20, 3: 30, 4: 40}),
        )

    check("bulk_write UpdateOne/InsertOne/ReplaceOne (ordered, upserts)", bulk)

    def bulk_unordered_dup():
        b = db["bulk2"]
        try:
            b.bulk_write([InsertOne({"_id": 1}), InsertOne({"_id": 1}), InsertOne({"_id": 2})], ordered=False)
        except pymongo.errors.BulkWriteError as e:
            return expect((e.details["nInserted"], len(e.details["writeErrors"]), e.details["writeErrors"][0]["code"]), (2, 1, 11000))
        return "no BulkWriteError"

    check("bulk_write unordered with duplicate _id (BulkWriteError code 11000)", bulk_unordered_dup)

    check("update_many", lambda: expect(c.update_many({"grp": 1}, {"$set": {"odd": True}}).modified_count, 5))
    check("replace_one", lambda: expect(c.replace_one({"_id": "d0"}, {"n": 0, "grp": 0, "r": 1}).modified_count, 1))
    check("$in", lambda: expect(sorted(d["_id"] for d in c.find({"_id": {"$in": ["d1", "d2", "zz"]}})), ["d1", "d2"]))
    check("$nin", lambda: expect(c.count_documents({"_id": {"$regex": "^d"}, "n": {"$nin": [1, 2, 3]}}), 7))
    check("$exists true", lambda: expect(c.count_documents({"odd": {"$exists": True}}), 5))
    check("$exists false", lambda: expect(c.count_documents({"_id": {"$regex": "^d"}, "odd": {"$exists": False}}), 5))
    check("$ne on array field (element semantics)", lambda: expect(sorted(d["_id"] for d in c.find({"_id": {"$regex": "^d"}, "tags": {"$ne": "t"}})), ["d0", "d2", "d4", "d6", "d8"]))
    check("$ne on array field, doc w/o field", lambda: (c.insert_one({"_id": "nofield"}), expect(c.count_documents({"_id": "nofield", "tags": {"$ne": "t"}}), 1))[1])
    check("equality on array element", lambda: expect(c.count_documents({"tags": "t"}), 5))
    check("$all", lambda: expect(c.count_documents({"tags": {"$all": ["x", "y"]}}), 1))
    check("$elemMatch", lambda: expect(c.count_documents({"hist": {"$elemMatch": {"$gt": 5}}}), 1))
    check("$size", lambda: expect(c.count_documents({"tags": {"$size": 2}}), 1))
    check("$gt/$lte range", lambda: expect(c.count_documents({"n": {"$gt": 2, "$lte": 5}}), 3))
    check("$or", lambda: expect(c.count_documents({"$or": [{"_id": "d1"}, {"_id": "d2"}]}), 2))
    check("$and/$not", lambda: expect(c.count_documents({"$and": [{"_id": {"$regex": "^d"}}, {"n": {"$not": {"$gt": 4}}}]}), 5))
    check("$regex", lambda: expect(c.count_documents({"_id": {"$regex": "^d[0-2]$"}}), 3))
    check("dotted path query on subdocument", lambda: expect(c.count_documents({"sub.k": 5}), 1))
    check("sort + limit", lambda: expect([d["n"] for d in c.find({"_id": {"$regex": "^d"}}).sort("n", DESCENDING).limit(3)], [9, 8, 7]))
    check("sort multi-key + skip", lambda: expect([d["_id"] for d in c.find({"_id": {"$regex": "^d"}}).sort([("grp", ASCENDING), ("n", DESCENDING)]).skip(1).limit(2)], ["d6", "d4"]))
    check("projection (include / exclude)", lambda: expect(c.find_one({"_id": "d3"}, {"_id": 0, "n": 1}), {"n": 3}))
    check("batch cursor (getMore, 250 docs, batch_size=50)", lambda: (db["many"].insert_many([{"i": i} for i in range(250)]), expect(len(list(db["many"].find().batch_size(50))), 250))[1])
    check("delete_one", lambda: expect(c.delete_one({"_id": "d9"}).deleted_count, 1))
    check("delete_many", lambda: expect(c.delete_many({"grp": 1}).deleted_count, 4))
    check("list_collection_names", lambda: expect({"items", "uniq", "bulk"} <= set(db.list_collection_names()), True))
    check("drop collection", lambda: db["bulk2"].drop())

    check("$mul / $rename / $currentDate / $pop / $pullAll", lambda: c.update_one({"_id": "a"}, {"$mul": {"n": 1}, "$rename": {"m": "mm"}, "$currentDate": {"t": True}, "$pop": {"hist": 1}, "$pullAll": {"hist2": [1]}}) and True)
    check("$set array index path (h.0)", lambda: (c.update_one({"_id": "a"}, {"$set": {"hist.0": 0}}), expect(c.find_one({"_id": "a"})["hist"][0], 0))[1])
    check("positional $ update (tags.$)", lambda: (c.update_one({"_id": "a", "tags": "x"}, {"$set": {"tags.$": "X"}}), expect(c.find_one({"_id": "a"})["tags"], ["X", "y"]))[1])
    check("all-positional $[] update", lambda: c.update_one({"_id": "a"}, {"$inc": {"hist.$[]": 1}}) and True)
    check("update with aggregation pipeline", lambda: c.update_one({"_id": "a"}, [{"$set": {"pp": 1}}]) and True)

    def concurrent_inc():
        c.insert_one({"_id": "ctr", "n": 0})

        def worker():
            with MongoClient(url) as cc:
                for _ in range(20):
                    cc[db.name]["items"].update_one({"_id": "ctr"}, {"$inc": {"n": 1}})

        ts = [threading.Thread(target=worker) for _ in range(5)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return expect(c.find_one({"_id": "ctr"})["n"], 100)

    check("concurrency: 5 connections x 20 $inc on one doc", concurrent_inc)

    def txn():
        with client.start_session() as s:
            with s.start_transaction():
                c.insert_one({"_id": "txn"}, session=s)

    check("multi-document transaction", txn)

    def change_stream():
        with c.watch(max_await_time_ms=100) as cs:
            cs.try_next()

    check("change stream (watch)", change_stream)

    client.drop_database(db.name)
    client.close()


async def async_checks(url: str) -> None:
    try:
        from pymongo import AsyncMongoClient
    except ImportError as e:
        RESULTS.append(("AsyncMongoClient import", "FAIL", str(e)))
        return
    client = AsyncMongoClient(url, serverSelectionTimeoutMS=5000, maxPoolSize=20)
    db = client["reverie_compat_probe_async"]
    await client.drop_database(db.name)
    c = db["items"]

    async def acheck(name, coro_fn):
        try:
            got = await coro_fn()
        except Exception as e:  # noqa: BLE001 - report every failure
            failed(name, e)
        else:
            record(name, got)

    async def ping():
        return expect((await client.admin.command("ping"))["ok"], 1.0)

    async def ins_find():
        await c.insert_many([{"_id": i, "g": i % 3, "v": i} for i in range(9)])
        docs = await c.find({"g": 1}).sort("v", DESCENDING).limit(2).to_list()
        return expect([d["_id"] for d in docs], [7, 4])

    async def upd():
        await c.update_one({"_id": "u"}, {"$setOnInsert": {"a": 1}, "$inc": {"n": 1}, "$push": {"h": {"$each": [1, 2, 3]}}}, upsert=True)
        d = await c.find_one_and_update({"_id": "u"}, {"$max": {"n": 5}, "$addToSet": {"s": "x"}}, return_document=ReturnDocument.AFTER)
        return expect((d["a"], d["n"], d["h"], d["s"]), (1, 5, [1, 2, 3], ["x"]))

    async def agg():
        cur = await c.aggregate([{"$match": {"g": {"$in": [0, 1]}}}, {"$group": {"_id": "$g", "t": {"$sum": "$v"}}}, {"$sort": {"_id": 1}}])
        return expect(await cur.to_list(), [{"_id": 0, "t": 9}, {"_id": 1, "t": 12}])

    async def bulk():
        r = await c.bulk_write([UpdateOne({"_id": 0}, {"$set": {"b": 1}}), InsertOne({"_id": 100}), ReplaceOne({"_id": 101}, {"x": 1}, upsert=True)])
        return expect((r.modified_count, r.inserted_count, r.upserted_count), (1, 1, 1))

    async def idx():
        return expect(await c.create_index("k", unique=True, sparse=True), "k_1")

    async def cnt_del():
        n = await c.count_documents({"g": 2})
        d = await c.delete_many({"g": 2})
        return expect((n, d.deleted_count), (3, 3))

    async def iterate():
        return expect(len([d async for d in c.find({}).batch_size(2)]), 9)

    await acheck("async: ping", ping)
    await acheck("async: insert_many + find.sort.limit.to_list", ins_find)
    await acheck("async: upsert $setOnInsert/$inc/$push$each + find_one_and_update $max/$addToSet", upd)
    await acheck("async: aggregate $match+$group+$sum", agg)
    await acheck("async: bulk_write", bulk)
    await acheck("async: create_index unique+sparse", idx)
    await acheck("async: count_documents + delete_many", cnt_del)
    await acheck("async: async-for over cursor with getMore", iterate)

    async def concurrent():
        await asyncio.gather(*(c.update_one({"_id": "ctr"}, {"$inc": {"n": 1}}, upsert=True) for _ in range(50)))
        return expect((await c.find_one({"_id": "ctr"}))["n"], 50)

    await acheck("async: 50 concurrent $inc upserts on one doc", concurrent)

    async def cas():
        await c.insert_one({"_id": "cas", "ver": 0})
        wins = 0

        async def one():
            nonlocal wins
            for _ in range(200):
                d = await c.find_one({"_id": "cas"})
                r = await c.update_one({"_id": "cas", "ver": d["ver"]}, {"$set": {"ver": d["ver"] + 1}})
                if r.modified_count == 1:
                    wins += 1
                    return

        await asyncio.gather(*(one() for _ in range(20)))
        return expect((wins, (await c.find_one({"_id": "cas"}))["ver"]), (20, 20))

    await acheck("async: compare-and-set (update_one with version filter), 20 writers", cas)
    await client.drop_database(db.name)
    await client.close()


def main() -> int:
    url = mongo_url()
    print(f"pymongo {pymongo.version} against {url}")
    try:
        sync_checks(url)
    except Exception:  # noqa: BLE001
        traceback.print_exc()
    asyncio.run(async_checks(url))
    width = max(len(n) for n, _, _ in RESULTS)
    for name, status, detail in RESULTS:
        print(f"{status:5} {name:<{width}}  {detail}".rstrip())
    bad = [r for r in RESULTS if r[1] != "OK"]
    print(f"{len(RESULTS) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""``reverie dlq list|show|redrive``: what the worker dead-lettered, why and since when, and
sending it back once the cause is fixed.

Each command reads ``reverie.dlq`` from the start (or from ``--since``) with a consumer
outside every group, and sees the dead letters of this deployment (``REVERIE_APP_ID``)
unless ``--consumer-group`` names another (``'*'``: every deployment). The reading,
grouping and redrive logic is :mod:`reverie.deadletters`, shared with the dashboard.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
from datetime import UTC, datetime
from typing import Any

from reverie.cli.errors import CliError
from reverie.config import Settings
from reverie.deadletters import (
    DeadLetterEntry,
    RedriveReport,
    Selection,
    current_marks,
    group_by_reason,
    parse_position,
    parse_since,
    redrive,
    select,
)


def _since(value: str) -> datetime:
    try:
        return parse_since(value, datetime.now(UTC))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _position(value: str) -> tuple[int | None, int]:
    try:
        return parse_position(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--since", type=_since, metavar="T",
                   help="only dead letters since T: RFC 3339 (2026-03-20T00:00:00Z) or an age "
                   "(90m, 12h, 7d)")
    p.add_argument("--reason", metavar="TEXT",
                   help="only this reason class (invalid_json, unsupported_version, ...) or "
                   "reasons containing TEXT (case-insensitive)")
    p.add_argument("--topic", metavar="T", help="only messages refused on topic T")
    p.add_argument("--consumer-group", metavar="GROUP",
                   help="the deployment that refused them (default: REVERIE_APP_ID; '*': all)")


def add_dlq_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``dlq`` sub-command (list, show, redrive) to ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "dlq", help="dead letters: list them by reason, show one, send them back once fixed")
    dlq_sub = p.add_subparsers(dest="dlq_command", required=True, parser_class=type(p))
    ls = dlq_sub.add_parser("list", help="dead letters grouped by reason: count, first and "
                            "last seen, how many were sent back")
    _filters(ls)
    ls.add_argument("--json", action="store_true")
    show = dlq_sub.add_parser("show", help="one dead letter: reason, origin, original message")
    show.add_argument("position", type=_position, metavar="OFFSET",
                      help="PARTITION:OFFSET on reverie.dlq as 'dlq list' prints it (or "
                      "OFFSET alone when one partition has it)")
    show.add_argument("--json", action="store_true")
    r = dlq_sub.add_parser("redrive", help="send the originals back to their topic, in their "
                           "order (each once: --again to repeat)")
    _filters(r)
    r.add_argument("--entry", type=_position, action="append", default=[], metavar="OFFSET",
                   help="only this dead letter (PARTITION:OFFSET; repeat for more)")
    r.add_argument("--again", action="store_true",
                   help="also send those sent back before (the worker ignores events it "
                   "applied already)")
    r.add_argument("--dry-run", action="store_true", help="say what would be sent; send nothing")
    r.add_argument("--json", action="store_true")
    return p


def _group(args: argparse.Namespace, settings: Settings) -> str | None:
    group = getattr(args, "consumer_group", None) or settings.app_id
    return None if group == "*" else group


def selection(args: argparse.Namespace, settings: Settings) -> Selection:
    """The filters of a parsed ``dlq list`` or ``dlq redrive``."""
    return Selection(since=args.since, reason=args.reason, topic=args.topic,
                     consumer_group=_group(args, settings),
                     positions=frozenset(getattr(args, "entry", []) or []))


def cmd_dlq(args: argparse.Namespace, settings: Settings) -> int:
    """List, show or redrive dead letters."""
    from reverie.cli import ops

    async def go() -> int:
        app = ops.reader(settings)
        assert app.dead_letters is not None and app.redrives is not None
        try:
            if args.dlq_command == "show":
                return await _show(args, settings, app)
            chosen = await select(app.dead_letters, selection(args, settings))
            if args.dlq_command == "list":
                marks = await current_marks(app.redrives, chosen)
                _print_groups(args, settings, chosen, set(marks))
                return 0
            report = await redrive(chosen, app.dead_letters, app.redrives,
                                   now=app.clock.now(), dry_run=args.dry_run, again=args.again)
            _print_report(args, report)
            return 1 if report.count("unavailable") else 0
        finally:
            await app.close()

    return asyncio.run(go())


def _where(args: argparse.Namespace, settings: Settings) -> str:
    group = _group(args, settings)
    return "every deployment" if group is None else f"consumer group {group}"


def _print_groups(args: argparse.Namespace, settings: Settings,
                  entries: list[DeadLetterEntry], redriven: set[str]) -> None:
    groups = group_by_reason(entries, redriven)
    if args.json:
        print(json.dumps({"consumer_group": _group(args, settings), "total": len(entries),
                          "groups": [g.as_json() for g in groups]}, indent=2,
                         ensure_ascii=False))
        return
    if not groups:
        print(f"no dead letters of {_where(args, settings)} match")
        return
    print(f"{len(entries)} dead letters of {_where(args, settings)} in {len(groups)} "
          "group(s), newest first")
    print("count\tredriven\tkind\tfirst seen (UTC)\tlast seen (UTC)\tlatest\ttopics\treason")
    for g in groups:
        topics = ",".join(sorted(g.topics))
        print(f"{g.count}\t{g.redriven}\t{g.kind}\t{_at(g.first_seen)}\t{_at(g.last_seen)}\t"
              f"{g.latest}\t{topics}\t{g.reason}")
    print("one in full: reverie dlq show PARTITION:OFFSET; send back once fixed: "
          "reverie dlq redrive --reason KIND")


def _at(when: datetime | None) -> str:
    return "-" if when is None else when.strftime("%Y-%m-%d %H:%M:%S")


async def _show(args: argparse.Namespace, settings: Settings, app: Any) -> int:
    partition, offset = args.position
    found: list[DeadLetterEntry] = await app.dead_letters.at(offset, partition)
    if partition is None and len(found) > 1:
        mine = [e for e in found if e.consumer_group == settings.app_id]
        found = mine if len(mine) == 1 else found
    if not found:
        where = f"partition {partition}" if partition is not None else "any partition"
        raise CliError(f"no dead letter at offset {offset} of {where} of reverie.dlq "
                       "(see 'reverie dlq list')")
    if len(found) > 1:
        raise CliError(f"offset {offset} is on several partitions of reverie.dlq: say which, "
                       f"e.g. 'reverie dlq show {found[0].position}' (one of "
                       f"{', '.join(e.position for e in found)})")
    entry = found[0]
    mark = (await current_marks(app.redrives, [entry])).get(entry.ledger_id)
    if args.json:
        print(json.dumps({"position": entry.position, "reason_kind": entry.kind,
                          "redriven": None if mark is None else {
                              "at": mark.at.isoformat(), "to": mark.to, "times": mark.times},
                          **entry.record}, indent=2, ensure_ascii=False))
        return 0
    r = entry.record
    lines = [
        ("position", f"reverie.dlq {entry.position}"),
        ("failed at", entry.failed_at.isoformat()),
        ("refused by", f"consumer group {entry.consumer_group or '-'}"),
        ("kind", f"{entry.kind} ({entry.error or '-'})"),
        ("reason", entry.reason),
        ("field", r.get("field") or "-"),
        ("origin", entry.origin),
        ("key", r.get("key") if r.get("key") is not None else "-"),
        ("redriven", "no" if mark is None else
         f"{mark.times}x, last {mark.at:%Y-%m-%d %H:%M:%S} as {mark.to}"),
    ]
    for label, value in lines:
        print(f"{label}\t{value}")
    if entry.truncated:
        print(f"original\ttruncated: {r.get('original_size')} bytes, sha256 "
              f"{r.get('original_sha256')}; the first {len(entry.kept)} bytes follow")
    text = r.get("original_text")
    if text is None:
        print("original (base64)")
        print(base64.b64encode(entry.kept).decode("ascii"))
    else:
        print("original")
        print(text)
    return 0


_SAID = {
    "sent": "sent back", "would_send": "would send back", "redriven_before":
    "skipped: sent back before (--again repeats it)", "same_original":
    "same message as another one sent now", "unavailable":
    "skipped: the original was truncated and is no longer on its topic",
}


def _print_report(args: argparse.Namespace, report: RedriveReport) -> None:
    if args.json:
        print(json.dumps({"dry_run": args.dry_run, "outcomes": [
            {"position": o.entry.position, "origin": o.entry.origin, "status": o.status,
             "to": o.to, "reason_kind": o.entry.kind} for o in report.outcomes]}, indent=2))
        return
    for o in report.outcomes:
        to = f" as {o.to}" if o.to and o.status in ("sent", "same_original") else ""
        print(f"{o.entry.position}\t{o.entry.origin}\t{o.entry.kind}\t{_SAID[o.status]}{to}")
    sent = report.count("would_send" if args.dry_run else "sent")
    verb = "would send back" if args.dry_run else "sent back"
    skipped = report.count("redriven_before")
    tail = f"; {skipped} sent back before (--again repeats them)" if skipped else ""
    lost = report.count("unavailable")
    tail += f"; {lost} unavailable" if lost else ""
    print(f"{verb} {sent} of {len(report.outcomes)} dead letters{tail}")

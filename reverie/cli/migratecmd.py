"""``reverie migrate [--dry-run]``: bring stored documents to this release's schema version."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from reverie.cli.errors import CliError
from reverie.config import Settings


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {value!r}")
    return number


def add_migrate_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``migrate`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "migrate", help="upgrade stored documents to this release's schema version (page by "
        "page, resumable; run it before starting workers of a new release)")
    p.add_argument("--dry-run", action="store_true",
                   help="count what would change, write nothing")
    p.add_argument("--page-size", type=_positive, default=500, metavar="N",
                   help="documents per page (default 500)")
    p.add_argument("--pages", type=_positive, metavar="N",
                   help="stop after N pages (run again to continue)")
    p.add_argument("--rescan", action="store_true",
                   help="also re-run the migrations the database has, for documents workers "
                   "of the previous release wrote during a rolling upgrade")
    return p


def cmd_migrate(args: argparse.Namespace, settings: Settings) -> int:
    """Apply the pending migrations (or count them, --dry-run) and print what changed."""
    if settings.storage != "mongo":
        raise CliError("nothing to migrate: REVERIE_STORAGE=memory keeps no documents")
    from reverie.storage import mongo as mg
    from reverie.storage.migrations.runner import MongoSchema, Report

    async def go() -> Report:
        client = mg.connect(settings.mongo_url.get_secret_value(), settings.mongo_timeout_ms)
        try:
            return await MongoSchema(client[settings.mongo_database]).migrate(
                dry_run=args.dry_run, page_size=args.page_size, max_pages=args.pages,
                rescan=args.rescan)
        finally:
            await client.close()

    report = asyncio.run(go())
    verb = "would upgrade" if args.dry_run else "upgraded"
    for one in report.passes:
        if one.seen:
            print(f"{one.version}\t{one.collection}\t{verb} {one.changed} of {one.seen} "
                  f"documents read ({one.about})")
    if not report.finished:
        print(f"stopped after {args.pages} pages; database schema is at {report.after}: run "
              "`reverie migrate` again to continue")
    elif args.dry_run:
        print(f"dry run: database schema is at {report.before}; `reverie migrate` would bring "
              f"it to {report.after}")
    elif report.before == report.after and not any(p.changed for p in report.passes):
        print(f"database schema is at {report.after}: nothing to migrate")
    else:
        print(f"database schema is at {report.after} (was {report.before})")
    return 0

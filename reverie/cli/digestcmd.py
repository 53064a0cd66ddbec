"""``reverie digest --agent A [--user U] [--company C]``: print an agent's memory digest."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from reverie.config import Settings


def add_digest_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``digest`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "digest", help="print an agent's Active notes as Markdown, grouped and capped")
    p.add_argument("--agent", required=True)
    p.add_argument("--user", help="the user's digest: their notes plus their company's")
    p.add_argument("--company", help="only this company's company-wide notes")
    p.add_argument("--max-lines", type=int, default=200, help="line limit (default 200)")
    return p


def cmd_digest(args: argparse.Namespace, settings: Settings) -> int:
    """Print the digest (computed from the document store; nothing is written)."""
    from reverie.cli import ops
    from reverie.handlers.digest import build_digest

    async def load() -> str:
        async with ops.reader(settings) as app:
            return await build_digest(args.agent, notes=app.notes, user_id=args.user,
                                      company_id=args.company, max_lines=args.max_lines)

    print(asyncio.run(load()), end="")
    return 0

"""``reverie mcp --agent A [--company C] [--user U]``: memory tools over stdio for MCP clients."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from reverie.config import Settings


def add_mcp_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``mcp`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "mcp", help="serve the agent's memory as MCP tools over stdio (for MCP clients)")
    p.add_argument("--agent", required=True, help="the agent this server is bound to")
    p.add_argument("--company", help="bind it to this tenant too")
    p.add_argument("--user", help="bind it to this user too")
    return p


def cmd_mcp(args: argparse.Namespace, settings: Settings) -> int:
    """Serve until the client closes stdin."""
    from reverie.mcpserver import McpScope, serve_stdio

    scope = McpScope(agent_id=args.agent, company_id=args.company, user_id=args.user)
    asyncio.run(serve_stdio(settings, scope))
    return 0

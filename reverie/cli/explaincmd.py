"""``reverie explain "A" "B"``: what the offline judge makes of two statements, and why.

Prints one fact, two facts or contradiction; the cosine of the closest statements (each
pair's when a side holds several); and each finding: the rule of the offline judge's
table (:data:`~reverie.judges.rules.RULES`) or the model score that decided, with what it
saw; for two statements that do not contradict, also the guard that kept every
contradiction rule from being asked (``within-range``, ``link-same-amount``). ``--json``
prints the same as one object. Relative dates are read as of now (UTC).
"""

from __future__ import annotations

import argparse
import json
import os
from datetime import UTC, datetime
from typing import Any

from reverie.cli.errors import CliError
from reverie.config import Settings


def add_explain_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``explain`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "explain", help="one fact, two facts or a contradiction? the offline judge on two "
        "statements, and the rule that decided")
    p.add_argument("a", help="the first statement")
    p.add_argument("b", help="the second statement")
    p.add_argument("--json", action="store_true", help="print the explanation as JSON")
    return p


def cmd_explain(args: argparse.Namespace, settings: Settings) -> int:
    """Judge the two statements with the offline judge and print the outcome and findings."""
    for name, text in (("A", args.a), ("B", args.b)):
        if not text.strip():
            raise CliError(f"statement {name} is empty (reverie explain \"A\" \"B\")")
    from reverie import logs
    from reverie.judges.explain import NothingStated, explain
    from reverie.judges.offline import OfflineJudge

    if settings.log_level.upper() in ("INFO", "DEBUG") and "REVERIE_LOG_LEVEL" not in os.environ:
        logs.configure(settings.log_format, "WARNING")
    try:
        found = explain(OfflineJudge(), args.a, args.b, datetime.now(UTC))
    except NothingStated as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(found.as_json(), indent=2, ensure_ascii=False))
        return 0
    print(f"verdict\t{found.outcome}" + ("" if found.certain else
                                         "\tnot certain: left to a person, never revoked"))
    if len(found.cosines) == 1:
        print(f"cosine\t{found.cosine:.2f}")
    else:
        for x, y, cosine in found.cosines:
            print(f"cosine\t{cosine:.2f}\t{x!r} / {y!r}")
    for f in found.findings:
        print(f"rule\t{f.rule}\t{f.detail}" + (f"\t{f.scored()}" if f.scores else ""))
    if not found.findings:
        print(f"reason\t{found.reason}")
    return 0

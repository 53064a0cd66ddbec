"""``reverie judge check | list``: qualify the configured judge now, or show stored results.

``check`` asks the configured judge about the built-in qualification set (the LLM
judge: about 10 requests), stores its scores under the judge's identity (endpoint,
models, prompt versions) and prints them with the verdict against the configured
thresholds; it exits 0 when the judge is trusted and 1 when it is not. ``--cached``
prints the stored result instead of asking again. ``list`` prints every stored result.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from reverie.config import Settings
from reverie.domain.qualification import Qualification


def add_judge_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``judge`` sub-command to ``sub`` (the parser's sub-parsers)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "judge", help="qualify the configured judge on the built-in set, or list results")
    judge_sub = p.add_subparsers(dest="judge_command", required=True, parser_class=type(p))
    c = judge_sub.add_parser("check", help="qualify the configured judge now and store it")
    c.add_argument("--cached", action="store_true",
                   help="print the stored result for this judge (asking only if there is none)")
    c.add_argument("--json", action="store_true")
    ls = judge_sub.add_parser("list", help="every stored qualification, newest first")
    ls.add_argument("--json", action="store_true")
    return p


def _lines(q: Qualification, trusted: bool, reason: str) -> list[str]:
    out = [f"judge\t{', '.join(f'{k}={v}' for k, v in q.identity.items() if k != 'prompts')}",
           f"prompts\t{q.identity.get('prompts', '')}",
           f"checked\t{q.checked_at.isoformat()}\t{q.llm_calls} calls, {q.tokens} tokens, "
           f"{q.duration_s:.1f} s",
           *(f"{k}\t{v:g}" for k, v in q.scores.items()),
           f"verdict\t{'trusted' if trusted else 'NOT trusted'}: {reason}"]
    out += [f"wrong\t{f['id']} ({f['label']}): {f['got']}" for f in q.failures]
    return out


def cmd_judge(args: argparse.Namespace, settings: Settings) -> int:
    """Run ``judge check`` or ``judge list``; ``check`` exits 1 for an untrusted judge."""
    from reverie.bootstrap import bootstrap, prepare, trust_policy_for
    from reverie.handlers.dream.qualifying import verdict
    from reverie.handlers.dream.trust import Trust, establish_trust

    async def go() -> tuple[list[Qualification], Trust | None]:
        async with bootstrap(settings.model_copy(update={"vector_backend": "memory"})) as app:
            await prepare(app)
            if args.judge_command == "list":
                assert app.qualifications is not None
                return await app.qualifications.latest(), None
            policy = trust_policy_for(settings)
            if policy.mode != "qualified":  # check means: qualify, whatever the mode
                policy = trust_policy_for(settings.model_copy(update={"judge_trust":
                                                                      "qualified"}))
            found = await establish_trust(
                app.judge, policy=policy, store=app.qualifications,
                pair_batch=app.dream_settings.contradiction_batch_pairs,
                cluster_notes=app.dream_settings.consolidation_batch_notes,
                force=not args.cached)
            return ([found.qualification] if found.qualification else []), found

    found, trust = asyncio.run(go())
    thresholds = trust_policy_for(settings).thresholds
    if args.judge_command == "list":
        if args.json:
            print(json.dumps([q.model_dump(mode="json") | {
                "trusted": not verdict(q.scores, thresholds)} for q in found], indent=2))
            return 0
        for q in found:
            why = verdict(q.scores, thresholds)
            print("\n".join(_lines(q, not why, "; ".join(why) or "passed qualification")))
            print()
        if not found:
            print("no judge has been qualified yet (reverie judge check)")
        return 0
    assert trust is not None
    if args.json:
        print(json.dumps({**trust.summary(), "failures": found[0].failures if found else []},
                         indent=2, default=str))
    elif found:
        print("\n".join(_lines(found[0], trust.trusted, trust.reason)))
    else:
        print(f"verdict\t{'trusted' if trust.trusted else 'NOT trusted'}: {trust.reason}")
    return 0 if trust.trusted else 1

"""The ``reverie`` command: one entry point, thin sub-commands, one clear line on error."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from reverie.cli.digestcmd import add_digest_parser, cmd_digest
from reverie.cli.dlqcmd import add_dlq_parser, cmd_dlq
from reverie.cli.errors import CliError
from reverie.cli.evalcmd import add_eval_pairs_parser, add_eval_parser, cmd_eval, cmd_eval_pairs
from reverie.cli.explaincmd import add_explain_parser, cmd_explain
from reverie.cli.judgecmd import add_judge_parser, cmd_judge
from reverie.cli.mcpcmd import add_mcp_parser, cmd_mcp
from reverie.cli.migratecmd import add_migrate_parser, cmd_migrate
from reverie.cli.tokens import add_tokens_parser, cmd_tokens
from reverie.config import Settings, redact
from reverie.errors import ReverieError

T = TypeVar("T")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"reverie: error: {message} (see 'reverie --help')\n")


def _existing_file(value: str) -> Path:
    path = Path(value)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {value}")
    return path


def _now(value: str) -> Any:
    from reverie.replay import parse_now

    try:
        return parse_now(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not an RFC 3339 time: {value!r} (e.g. 2026-03-20T00:00:00Z)") from None


def _add_file_parsers(sub: Any) -> None:
    """Add ``publish`` and ``replay``: a JSONL file of events, to Kafka or the handlers."""
    p = sub.add_parser("publish", help="send each envelope of a JSONL file to its topic")
    p.add_argument("file", type=_existing_file)
    p.add_argument("--no-validate", action="store_true",
                   help="send lines even if they do not validate (to test the DLQ)")
    p.add_argument("--topic", help="send every line to this topic instead")
    p.add_argument("--shift-to-now", action="store_true",
                   help="move all timestamps so the file's last event happens now")
    p.add_argument("--only", metavar="EVENT_TYPE", help="send only events of this type")
    p.add_argument("--skip", metavar="EVENT_TYPE", help="leave out events of this type")

    p = sub.add_parser("replay", help="run a JSONL file through the handlers, no Kafka needed")
    p.add_argument("file", type=_existing_file)
    p.add_argument("--now", type=_now, required=True, help="the time the replay ends at")
    p.add_argument("--export", type=Path, required=True, help="where to write the final state")
    p.add_argument("--keep", action="store_true", help="keep the replay database and index")


def _add_dream_parsers(sub: Any) -> None:
    """Add ``dream``, ``rollback`` and ``restore``: run a dream, undo one, restore a note."""
    p = sub.add_parser("dream", help="run a dream for one agent now")
    p.add_argument("--agent", required=True)
    p.add_argument("--dry-run", action="store_true", help="compute and publish the plan only")
    p.add_argument("--wait", action="store_true", help="wait for the run and show progress")
    p.add_argument("--local", action="store_true",
                   help="run in this process instead of through the worker")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds to wait (--wait)")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("rollback", help="undo a dream run (through the worker)")
    p.add_argument("run_id")

    p = sub.add_parser("restore", help="put an archived or revoked note back to Active")
    p.add_argument("note_id")


def _add_inspect_parsers(sub: Any) -> None:
    """Add ``review``, ``runs`` and ``notes``: what dreams left to a person and decided."""
    p = sub.add_parser("review", help="list contradictions left to a person, or resolve one")
    p.add_argument("--agent")
    p.add_argument("--json", action="store_true")
    review_sub = p.add_subparsers(dest="review_command", parser_class=_Parser)
    r = review_sub.add_parser("resolve", help="keep one note of a pair, revoke the other")
    r.add_argument("pair_id")
    r.add_argument("--keep", required=True, metavar="NOTE_ID")

    p = sub.add_parser("runs", help="list dream runs, or show one")
    p.add_argument("--agent")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--json", action="store_true")
    runs_sub = p.add_subparsers(dest="runs_command", parser_class=_Parser)
    r = runs_sub.add_parser("show", help="a run's phases and decisions")
    r.add_argument("run_id")
    r.add_argument("--json", action="store_true")

    p = sub.add_parser("notes", help="inspect notes")
    notes_sub = p.add_subparsers(dest="notes_command", required=True, parser_class=_Parser)
    r = notes_sub.add_parser("show", help="a note and its history")
    r.add_argument("note_id")
    r.add_argument("--json", action="store_true")


def _add_schema_parser(sub: Any) -> None:
    """Add ``schema``: the event contract as JSON Schema or AsyncAPI."""
    p = sub.add_parser("schema", help="print the JSON Schema of the event contract")
    p.add_argument("--event", help="only this event type (e.g. note.created)")
    p.add_argument("--out", type=Path, help="write one file per event type into this folder")
    p.add_argument("--asyncapi", action="store_true",
                   help="the AsyncAPI 3.0 document of every topic instead (docs/asyncapi.yaml);"
                   " --out FILE writes it there")


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of every sub-command."""
    parser = _Parser(prog="reverie", description="Keep AI agents' long-term memory clean.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("worker", help="run the Faust worker (consumes the reverie.* topics)")

    _add_file_parsers(sub)
    _add_dream_parsers(sub)
    _add_inspect_parsers(sub)
    add_digest_parser(sub)
    add_dlq_parser(sub)
    add_judge_parser(sub)
    add_mcp_parser(sub)
    add_migrate_parser(sub)
    add_tokens_parser(sub)

    p = sub.add_parser("reindex", help="rebuild the vector index from the notes' stored "
                       "embeddings (stop the worker first when Qdrant is embedded)")
    p.add_argument("--agent", help="only this agent's notes")
    add_eval_parser(sub)
    add_eval_pairs_parser(sub)
    add_explain_parser(sub)

    _add_schema_parser(sub)
    return parser


def _settings() -> Settings:
    try:
        return Settings.load()
    except Exception as exc:  # pydantic's ValidationError names the variable
        raise CliError(f"invalid configuration: {exc}".splitlines()[0]) from exc


def run(coro_fn: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run an async command."""
    return asyncio.run(coro_fn())


def main(argv: Sequence[str] | None = None) -> int:
    """Parse arguments, run the sub-command, turn known errors into one line."""
    args = build_parser().parse_args(argv)
    from reverie import logs

    try:
        settings = _settings()
        logs.configure(settings.log_format, settings.log_level)
        handler = COMMANDS[args.command]
        from reverie.cli.reach import preflight

        preflight(args, settings)  # one line within seconds when a service it needs is down
        return handler(args, settings)
    except (CliError, ReverieError) as exc:
        print(f"reverie: error: {redact(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        print(f"reverie: error: {exc}", file=sys.stderr)
        return 1


def cmd_worker(args: argparse.Namespace, settings: Settings) -> int:
    """Run the Faust worker until interrupted."""
    from reverie.streams.worker import run_worker

    return run_worker(settings)


def cmd_publish(args: argparse.Namespace, settings: Settings) -> int:
    """Publish a JSONL file of envelopes."""
    from reverie.cli.publish import publish_file

    return run(lambda: publish_file(args.file, settings, validate=not args.no_validate,
                                    topic=args.topic, shift=args.shift_to_now,
                                    only=args.only, skip=args.skip))


def cmd_replay(args: argparse.Namespace, settings: Settings) -> int:
    """Replay a file and write the export."""
    from reverie.cli.replaycmd import replay_file

    return run(lambda: replay_file(args.file, args.now, args.export, settings, keep=args.keep))


def cmd_schema(args: argparse.Namespace, settings: Settings) -> int:
    """Print or write the contract's JSON Schemas."""
    from reverie.domain.schema import all_schemas

    if args.asyncapi:
        from reverie.domain.asyncapi import asyncapi_yaml

        if args.out:
            args.out.write_text(asyncapi_yaml())
            print(f"wrote {args.out}")
        else:
            sys.stdout.write(asyncapi_yaml())
        return 0
    schemas = all_schemas()
    if args.event:
        if args.event not in schemas:
            raise CliError(f"unknown event type {args.event!r}; one of: {', '.join(schemas)}")
        schemas = {args.event: schemas[args.event]}
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, schema in schemas.items():
            (args.out / f"{name}.schema.json").write_text(json.dumps(schema, indent=2) + "\n")
        print(f"wrote {len(schemas)} schemas to {args.out}")
    else:
        print(json.dumps(schemas if not args.event else schemas[args.event], indent=2))
    return 0


def cmd_dream(args: argparse.Namespace, settings: Settings) -> int:
    """Run a dream now (through the worker unless --local)."""
    from reverie.cli import ops, views

    show = None
    if args.wait and not args.json:
        progress = views.DreamProgress()
        show = progress.update
    result = run(lambda: _dream(ops, settings, args, show))
    if isinstance(result, str):
        print(f"dream requested for {args.agent}: run {result} (follow it with "
              f"'reverie runs show {result}')")
        return 0
    if args.json:
        views.dump(result.model_dump(mode="json"))
    else:
        print(f"run {result.run_id}: {result.status}; {views.counts(result)}")
    return 0 if result.status in ("completed", "partial") else 1


async def _dream(ops: Any, settings: Settings, args: argparse.Namespace, show: Any) -> Any:
    return await ops.run_dream_command(settings, args.agent, dry_run=args.dry_run,
                                       wait=args.wait, local=args.local,
                                       timeout_s=args.timeout, show=show)


def cmd_rollback(args: argparse.Namespace, settings: Settings) -> int:
    """Ask the worker to undo a run."""
    from reverie.cli import ops

    run(lambda: _rollback(ops, settings, args.run_id))
    print(f"rollback of {args.run_id} requested; 'reverie runs show {args.run_id}' shows it")
    return 0


async def _rollback(ops: Any, settings: Settings, run_id: str) -> int:
    await ops.rollback_command(settings, run_id)
    return 0


def cmd_restore(args: argparse.Namespace, settings: Settings) -> int:
    """Restore a note through the worker's API."""
    from reverie.cli import ops

    answer = ops.call_worker(settings, f"/api/notes/{args.note_id}/restore", {})
    print(f"note {args.note_id}: {answer.get('result', 'restored')}")
    return 0


def cmd_review(args: argparse.Namespace, settings: Settings) -> int:
    """List open review pairs, or resolve one."""
    from reverie.cli import ops, views

    if args.review_command == "resolve":
        answer = ops.call_worker(settings, f"/api/review/{args.pair_id}/resolve",
                                 {"keep": args.keep})
        print(f"pair {args.pair_id}: kept {args.keep}, revoked {answer.get('revoked')}")
        return 0

    async def pairs() -> Any:
        async with ops.reader(settings) as app:
            return await app.reviews.list(args.agent)

    found = asyncio.run(pairs())
    if args.json:
        views.dump([p.model_dump(mode="json") for p in found])
    elif not found:
        print("no contradictions waiting for a person")
    else:
        for p in found:
            print(f"{p.pair_id}\t{p.agent_id}\t{p.note_ids[0]}: {p.texts[0]}\t"
                  f"{p.note_ids[1]}: {p.texts[1]}\t{p.reason}")
    return 0


def cmd_runs(args: argparse.Namespace, settings: Settings) -> int:
    """List runs or show one."""
    from reverie.cli import ops, views

    async def load() -> Any:
        async with ops.reader(settings) as app:
            if args.runs_command == "show":
                found = await app.runs.get_run(args.run_id)
                if found is None:
                    raise CliError(f"no run {args.run_id!r} (see 'reverie runs')")
                return found, await app.runs.steps(args.run_id)
            return await app.runs.list_runs(args.agent, args.limit)

    result = asyncio.run(load())
    if args.runs_command == "show":
        found, steps = result
        if args.json:
            views.dump({"run": found.model_dump(mode="json"),
                        "steps": [s.model_dump(mode="json") for s in steps]})
        else:
            views.print_run(found, steps)
    elif args.json:
        views.dump([r.model_dump(mode="json") for r in result])
    else:
        views.print_runs(result)
    return 0


def cmd_notes(args: argparse.Namespace, settings: Settings) -> int:
    """Show a note and its history."""
    from reverie.cli import ops, views

    async def load() -> Any:
        async with ops.reader(settings) as app:
            note = await app.notes.get(args.note_id)
            if note is None:
                raise CliError(f"no note {args.note_id!r}")
            return note, await app.changes.for_record(args.note_id)

    note, history = asyncio.run(load())
    if args.json:
        views.dump({"note": note.model_dump(mode="json", exclude={"embedding"}),
                    "history": [c.model_dump(mode="json") for c in history]})
        return 0
    print(f"{note.note_id} [{note.status.value}] {note.text}")
    print(f"  agent {note.agent_id} company {note.company_id} user {note.user_id} "
          f"type {note.note_type} accessed {note.access_count}x created "
          f"{note.created_at:%Y-%m-%d}")
    if note.source_note_ids:
        print(f"  merged from: {', '.join(note.source_note_ids)}")
    if note.consolidated_into_note_id:
        print(f"  superseded by: {note.consolidated_into_note_id}")
    for c in history:
        print(f"  {c.at:%Y-%m-%d %H:%M} {c.change_type} "
              f"{c.from_status.value if c.from_status else '-'} → {c.to_status.value}: "
              f"{c.reason}" + (f" (run {c.run_id})" if c.run_id else ""))
    return 0


def cmd_reindex(args: argparse.Namespace, settings: Settings) -> int:
    """Rebuild the vector index from MongoDB."""
    from reverie.bootstrap import bootstrap, prepare
    from reverie.handlers.reindex import reindex

    async def go() -> int:
        async with bootstrap(settings) as app:
            await prepare(app)
            return await reindex(notes=app.notes, index=app.index, embedder=app.embedder,
                                 agent_id=args.agent)

    print(f"reindexed {run(go)} notes")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace, Settings], int]] = {
    "reindex": cmd_reindex,
    "dream": cmd_dream,
    "rollback": cmd_rollback,
    "restore": cmd_restore,
    "review": cmd_review,
    "runs": cmd_runs,
    "notes": cmd_notes,
    "digest": cmd_digest,
    "dlq": cmd_dlq,
    "judge": cmd_judge,
    "mcp": cmd_mcp,
    "migrate": cmd_migrate,
    "tokens": cmd_tokens,
    "eval": cmd_eval,
    "eval-pairs": cmd_eval_pairs,
    "explain": cmd_explain,
    "worker": cmd_worker,
    "publish": cmd_publish,
    "replay": cmd_replay,
    "schema": cmd_schema,
}


if __name__ == "__main__":
    sys.exit(main())

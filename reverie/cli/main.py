"""The ``reverie`` command: one entry point, thin sub-commands, one clear line on error."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, NoReturn

from reverie.config import Settings, redact
from reverie.errors import ReverieError


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


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


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of every sub-command."""
    parser = _Parser(prog="reverie", description="Keep AI agents' long-term memory clean.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("worker", help="run the Faust worker (consumes the reverie.* topics)")

    p = sub.add_parser("publish", help="send each envelope of a JSONL file to its topic")
    p.add_argument("file", type=_existing_file)
    p.add_argument("--no-validate", action="store_true",
                   help="send lines even if they do not validate (to test the DLQ)")
    p.add_argument("--topic", help="send every line to this topic instead")

    p = sub.add_parser("replay", help="run a JSONL file through the handlers, no Kafka needed")
    p.add_argument("file", type=_existing_file)
    p.add_argument("--now", type=_now, required=True, help="the time the replay ends at")
    p.add_argument("--export", type=Path, required=True, help="where to write the final state")
    p.add_argument("--keep", action="store_true", help="keep the replay database and index")

    p = sub.add_parser("schema", help="print the JSON Schema of the event contract")
    p.add_argument("--event", help="only this event type (e.g. note.created)")
    p.add_argument("--out", type=Path, help="write one file per event type into this folder")
    return parser


def _settings() -> Settings:
    try:
        return Settings.load()
    except Exception as exc:  # pydantic's ValidationError names the variable
        raise CliError(f"invalid configuration: {exc}".splitlines()[0]) from exc


def run(coro_fn: Callable[[], Coroutine[Any, Any, int]]) -> int:
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
                                    topic=args.topic))


def cmd_replay(args: argparse.Namespace, settings: Settings) -> int:
    """Replay a file and write the export."""
    from reverie.cli.replaycmd import replay_file

    return run(lambda: replay_file(args.file, args.now, args.export, settings, keep=args.keep))


def cmd_schema(args: argparse.Namespace, settings: Settings) -> int:
    """Print or write the contract's JSON Schemas."""
    from reverie.domain.schema import all_schemas

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


COMMANDS: dict[str, Callable[[argparse.Namespace, Settings], int]] = {
    "worker": cmd_worker,
    "publish": cmd_publish,
    "replay": cmd_replay,
    "schema": cmd_schema,
}


if __name__ == "__main__":
    sys.exit(main())

"""Before a command uses MongoDB, Kafka or the LLM endpoint: is it there? If not, one line, fast.

A new user who runs ``reverie runs`` before ``make infra`` should learn within a few
seconds (not after the driver's 30 s server selection) what was tried, which setting
says where, and how to fix it. :func:`preflight` probes only what the parsed command
needs, all probes at once, each within :data:`PROBE_TIMEOUT_S`, and raises the
retryable error of that service with a message of the form::

    cannot reach MongoDB at mongodb://app:***@db:27017/ (REVERIE_MONGO_URL): connection
    refused; start the local services with `make infra`, or set REVERIE_MONGO_URL
"""

from __future__ import annotations

import argparse
import asyncio
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Awaitable, Callable

from reverie.brokers import bootstrap_servers, client_options
from reverie.config import Settings, redact
from reverie.errors import (
    BrokerUnavailable,
    ConfigurationError,
    JudgeUnavailable,
    ReverieError,
    StorageUnavailable,
)

PROBE_TIMEOUT_S = 3.0
INFRA_FIX = "start the local services with `make infra`, or set {setting}"
LLM_FIX = "start a local model with `make llm`, or set {setting}"


def needs(args: argparse.Namespace, settings: Settings) -> list[str]:
    """Return the services (``mongo``, ``kafka``, ``llm``) the parsed command will use."""
    command = args.command
    mongo = settings.storage == "mongo"
    wanted: set[str] = set()
    if command in ("runs", "notes", "digest", "reindex", "replay", "mcp", "tokens",
                   "migrate"):
        wanted.add("mongo")
    elif command == "review":
        if getattr(args, "review_command", None) != "resolve":  # resolve asks the worker
            wanted.add("mongo")
    elif command == "judge":  # stores qualifications; 'check' asks the configured judge
        wanted.add("mongo")
        if getattr(args, "judge_command", None) == "check" and settings.judge == "llm":
            wanted.add("llm")
    elif command in ("rollback", "dlq"):  # dlq: the topic, and the redrive ledger
        wanted |= {"mongo", "kafka"}
    elif command in ("publish", "worker"):  # a worker waits for MongoDB, not for Kafka
        wanted.add("kafka")
    elif command == "dream":
        if args.local:
            wanted.add("mongo")
            if settings.judge == "llm":
                wanted.add("llm")
        else:
            wanted.add("kafka")
            if args.wait:
                wanted.add("mongo")
    if not mongo:  # in-memory storage (REVERIE_STORAGE=memory)
        wanted.discard("mongo")
    if command in ("eval", "eval-pairs") and getattr(args, "storage", "memory") == "mongo":
        wanted.add("mongo")  # memory unless --storage mongo
    if getattr(args, "judge", None) == "llm":  # eval, eval-pairs: --judge llm
        wanted.add("llm")
    return [s for s in ("mongo", "kafka", "llm") if s in wanted]


def _why(exc: BaseException) -> str:
    """Return a short cause: 'connection refused', 'timed out after 3 s', a DNS failure."""
    if isinstance(exc, TimeoutError):
        return f"no answer within {PROBE_TIMEOUT_S:g} s"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, urllib.error.URLError) and isinstance(exc.reason, BaseException):
        return _why(exc.reason)
    text = str(exc).split(" (configured timeouts", 1)[0].split(", Timeout:", 1)[0]
    if "Connection refused" in text or "Connect call failed" in text:
        return "connection refused"
    if "timed out" in text.lower() or text.startswith("No servers found yet"):
        return f"no answer within {PROBE_TIMEOUT_S:g} s"
    return redact(text.splitlines()[0] if text else type(exc).__name__)[:200]


def _unreachable(error: type[ReverieError], what: str, where: str, setting: str, why: str,
                 fix: str = INFRA_FIX) -> ReverieError:
    return error(f"cannot reach {what} at {redact(where)} ({setting}): {why}; "
                 + fix.format(setting=setting))


async def probe_mongo(settings: Settings, timeout_s: float = PROBE_TIMEOUT_S) -> None:
    """Ping MongoDB with a short server selection; raise ``StorageUnavailable`` if it fails."""
    from pymongo import AsyncMongoClient
    from pymongo.errors import ConfigurationError as MongoConfigError
    from pymongo.errors import InvalidURI, OperationFailure, PyMongoError

    url = settings.mongo_url.get_secret_value()
    ms = int(timeout_s * 1000)
    try:
        client: AsyncMongoClient[dict[str, object]] = AsyncMongoClient(
            url, serverSelectionTimeoutMS=ms, connectTimeoutMS=ms, socketTimeoutMS=ms)
    except (InvalidURI, MongoConfigError, ValueError) as exc:
        raise ConfigurationError(
            f"REVERIE_MONGO_URL is not a MongoDB URL ({redact(url)}): {_why(exc)}") from None
    nodes = list(client.topology_description.server_descriptions())
    if nodes and not url.startswith("mongodb+srv://"):  # a refused port fails at once
        why = await _connect([(str(h), int(p or 27017)) for h, p in nodes], timeout_s)
        if why is not None:
            await client.close()
            raise _unreachable(StorageUnavailable, "MongoDB", url, "REVERIE_MONGO_URL", why)
    try:
        await client.admin.command("ping")
    except OperationFailure as exc:  # it answered: a wrong password, a missing role
        raise StorageUnavailable(
            f"MongoDB at {redact(url)} (REVERIE_MONGO_URL) refused the connection: "
            f"{_why(exc)}; check the user and password in REVERIE_MONGO_URL") from None
    except PyMongoError as exc:
        raise _unreachable(StorageUnavailable, "MongoDB", url, "REVERIE_MONGO_URL",
                           _why(exc)) from None
    finally:
        await client.close()


async def _connect(hosts: list[tuple[str, int]], timeout_s: float) -> str | None:
    """Open a TCP connection to each host until one answers; None if one did, else why not."""
    why = "no host given"
    for host, port in hosts:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout_s)
        except (OSError, TimeoutError, ValueError) as exc:
            why = _why(exc)
            continue
        writer.close()
        return None
    return why


async def probe_kafka(settings: Settings, timeout_s: float = PROBE_TIMEOUT_S) -> None:
    """Open a TCP connection to a bootstrap server; raise ``BrokerUnavailable`` if none answers."""
    servers = bootstrap_servers(settings)
    hosts = []
    for server in filter(None, (s.strip() for s in servers.split(","))):
        host, _, port = server.rpartition(":")
        hosts.append((host.strip("[]") or "localhost", int(port) if port.isdigit() else 9092))
    why = await _connect(hosts, timeout_s)
    if why is None:  # a port answers: is it Kafka (and do TLS/SASL work)?
        why = await _kafka_metadata(settings, timeout_s)
    if why is not None:
        raise _unreachable(BrokerUnavailable, "Kafka", servers, "REVERIE_KAFKA_BROKER", why)


async def _kafka_metadata(settings: Settings, timeout_s: float) -> str | None:
    """Fetch cluster metadata with aiokafka's own client; None if it answered, else why not."""
    import logging

    from aiokafka.client import AIOKafkaClient
    from aiokafka.errors import KafkaError

    quiet = logging.getLogger("aiokafka")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its "Unable connect to ..." would be a second line
    client = AIOKafkaClient(**client_options(settings), request_timeout_ms=int(timeout_s * 1000))
    try:
        await asyncio.wait_for(client.bootstrap(), timeout_s + 1)
    except (KafkaError, OSError, TimeoutError) as exc:
        if isinstance(exc, KafkaError | TimeoutError):
            return f"no Kafka answer within {timeout_s:g} s ({type(exc).__name__})"
        return _why(exc)
    finally:
        await client.close()
        quiet.setLevel(level)
    return None


def _get(url: str, timeout_s: float) -> None:
    try:
        with urllib.request.urlopen(url, timeout=timeout_s):
            return
    except urllib.error.HTTPError:  # it answered (401 without a key, 404 on another path)
        return


async def probe_llm(settings: Settings, timeout_s: float = PROBE_TIMEOUT_S) -> None:
    """GET ``{REVERIE_LLM_BASE_URL}/models``; any HTTP answer will do, else ``JudgeUnavailable``."""
    base = (settings.llm_base_url or "https://api.openai.com/v1").rstrip("/")
    parts = urllib.parse.urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(f"REVERIE_LLM_BASE_URL is not an http(s) URL: {redact(base)}")
    bare = parts._replace(netloc=parts.netloc.rsplit("@", 1)[-1]).geturl()  # no user:password
    try:
        await asyncio.wait_for(asyncio.to_thread(_get, f"{bare}/models", timeout_s),
                               timeout_s + 0.5)
    except (OSError, TimeoutError) as exc:
        raise _unreachable(JudgeUnavailable, "the LLM endpoint", base, "REVERIE_LLM_BASE_URL",
                           _why(exc), LLM_FIX) from None


PROBES: dict[str, Callable[[Settings], Awaitable[None]]] = {
    "mongo": probe_mongo, "kafka": probe_kafka, "llm": probe_llm}


async def check(services: list[str], settings: Settings) -> None:
    """Probe ``services`` concurrently; raise the first one's error (in the given order)."""
    results = await asyncio.gather(*(PROBES[s](settings) for s in services),
                                   return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result


def preflight(args: argparse.Namespace, settings: Settings) -> None:
    """Raise one actionable error within seconds if a service the command needs is not there."""
    wanted = needs(args, settings)
    if wanted:
        asyncio.run(check(wanted, settings))

"""A scriptable OpenAI-compatible HTTP server for tests (stdlib ``http.server`` in a thread).

::

    with LLMStub() as stub:
        client = AsyncOpenAI(base_url=stub.base_url, api_key="test")
        stub.script([Reply(status=429), Reply(json={"contradicts": True, "reason": "x"})])
        ...
        assert stub.chat_requests[-1].body["model"] == "gpt-test"

Endpoints (with or without the ``/v1`` prefix):

* ``POST /v1/chat/completions`` answers with the next scripted :class:`Reply`, or, when
  the script is empty, with :attr:`LLMStub.default` (``None``: the "smart" mode, which
  answers the Reverie prompts sensibly from the fenced ``<note>`` blocks).
* ``POST /v1/embeddings`` returns deterministic unit vectors (seeded by a hash of each
  input) of :attr:`LLMStub.embedding_dimension` (or the request's ``dimensions``), as
  floats or base64 as asked.

Every request is recorded (:attr:`LLMStub.requests`). Error replies carry
``retry-after-ms`` (10 ms by default) so the openai client's retries are quick.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

__all__ = ["LLMStub", "RecordedRequest", "Reply", "contradict_all", "smart_answer"]

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_exceeded",
}


@dataclass(frozen=True)
class Reply:
    """One scripted behaviour of the chat endpoint.

    * ``json``: answer 200 with this object (serialised) as the message content;
    * ``raw``: answer 200 with this string as the message content (e.g. ``"not json"``);
    * neither: answer 200 with the smart answer;
    * ``status`` other than 200: answer that HTTP status with an OpenAI-shaped error body
      (``error_message``) and ``retry-after-ms: retry_after_ms`` (None: no header);
    * ``delay``: sleep that many seconds first (cut short when the stub stops);
    * ``usage``: ``(prompt_tokens, completion_tokens)``, else estimated (chars / 4);
    * ``finish_reason``: of the choice;
    * ``headers``: extra response headers.
    """

    json: Any = None
    raw: str | None = None
    status: int = 200
    delay: float = 0.0
    usage: tuple[int, int] | None = None
    error_message: str | None = None
    retry_after_ms: int | None = 10
    finish_reason: str = "stop"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordedRequest:
    """One request the stub received."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages of a chat completion request."""
        return list(self.body.get("messages", [])) if isinstance(self.body, dict) else []

    def text(self, role: str | None = None) -> str:
        """All message contents (of ``role``, if given), joined by newlines."""
        return "\n".join(
            str(m.get("content", "")) for m in self.messages if role is None or m["role"] == role
        )

    @property
    def response_format_type(self) -> str | None:
        fmt = self.body.get("response_format") if isinstance(self.body, dict) else None
        return fmt.get("type") if isinstance(fmt, dict) else None


class LLMStub:
    """The server; start with ``with LLMStub() as stub`` or :meth:`start` / :meth:`stop`."""

    def __init__(
        self,
        *,
        reject_json_schema: bool = False,
        embedding_dimension: int = 384,
        model_name: str = "stub-model",
    ) -> None:
        self.reject_json_schema = reject_json_schema
        """Answer 400 to any chat request whose response_format is ``json_schema``."""
        self.embedding_dimension = embedding_dimension
        self.model_name = model_name
        self.default: Reply | None = None
        """What to answer when the script is empty (``None``: smart answers)."""
        self.answer: Callable[[Sequence[dict[str, Any]]], dict[str, Any]] = smart_answer
        """The smart mode: the answer object to a request's messages (e.g. :func:`contradict_all`)."""
        self._script: deque[Reply] = deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle

    def start(self) -> LLMStub:
        """Listen on 127.0.0.1 on a free port, serving from a daemon thread."""
        stub = self

        class Handler(_Handler):
            owner = stub

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        server.block_on_close = False
        self._server = server
        self._stopping.clear()
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving (delayed replies are cut short)."""
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> LLMStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the stub is not running")
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """The ``base_url`` to give the openai client (``http://127.0.0.1:PORT/v1``)."""
        return f"http://127.0.0.1:{self.port}/v1"

    # scripting and inspection

    def script(self, replies: Iterable[Reply]) -> None:
        """Queue replies; each chat request takes the next one."""
        with self._lock:
            self._script.extend(replies)

    @property
    def pending(self) -> int:
        """Scripted replies not used yet."""
        with self._lock:
            return len(self._script)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received, in order."""
        with self._lock:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def only_request_for(self, task: Any) -> RecordedRequest:
        """Check that one chat request came, asking ``task``'s prompt (its schema name and
        version); return it."""
        (request,) = self.chat_requests
        assert request.body["response_format"]["json_schema"]["name"] == task.NAME
        assert task.VERSION in request.text("system")
        return request

    @property
    def embedding_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/embeddings")]

    def reset(self) -> None:
        """Forget recorded requests and scripted replies; back to smart answers."""
        with self._lock:
            self._script.clear()
            self._requests.clear()
        self.default = None
        self.answer = smart_answer

    # internals used by the handler

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_reply(self) -> Reply | None:
        with self._lock:
            return self._script.popleft() if self._script else self.default

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)

    def embed(self, text: str, dimension: int | None = None) -> list[float]:
        """The deterministic unit vector the stub returns for ``text``."""
        dim = dimension or self.embedding_dimension
        seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
        vector = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
        vector /= np.linalg.norm(vector)
        return [float(x) for x in vector]


class _Handler(BaseHTTPRequestHandler):
    owner: LLMStub
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are separate writes

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the default stderr access log."""

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = raw.decode("utf-8", "replace")
        path = self.path.split("?", 1)[0]
        self.owner._record(
            RecordedRequest("POST", path, {k.lower(): v for k, v in self.headers.items()}, body)
        )
        if path in ("/v1/chat/completions", "/chat/completions"):
            self._chat(body if isinstance(body, dict) else {})
        elif path in ("/v1/embeddings", "/embeddings"):
            self._embeddings(body if isinstance(body, dict) else {})
        else:
            self._error(404, f"no route for {path}", None)

    # responses

    def _send(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout); nothing to do

    def _error(
        self,
        status: int,
        message: str,
        retry_after_ms: int | None,
        extra: dict[str, str] | None = None,
    ) -> None:
        headers = dict(extra or {})
        if retry_after_ms is not None:
            headers["retry-after-ms"] = str(retry_after_ms)
        error_type = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "error")
        self._send(
            status,
            {"error": {"message": message, "type": error_type, "param": None, "code": None}},
            headers,
        )

    def _chat(self, body: dict[str, Any]) -> None:
        owner = self.owner
        fmt = body.get("response_format")
        if owner.reject_json_schema and isinstance(fmt, dict) and fmt.get("type") == "json_schema":
            self._error(
                400, "response_format type 'json_schema' is not supported by this server", None
            )
            return
        reply = owner._next_reply() or Reply()
        owner._sleep(reply.delay)
        if reply.status != 200:
            self._error(
                reply.status,
                reply.error_message or f"stub error {reply.status}",
                reply.retry_after_ms,
                reply.headers,
            )
            return
        if reply.raw is not None:
            content = reply.raw
        elif reply.json is not None:
            content = json.dumps(reply.json)
        else:
            content = json.dumps(owner.answer(body.get("messages", [])))
        prompt_text = "".join(str(m.get("content", "")) for m in body.get("messages", []))
        prompt_tokens, completion_tokens = reply.usage or (
            max(1, len(prompt_text) // 4),
            max(1, len(content) // 4),
        )
        self._send(
            200,
            {
                "id": f"chatcmpl-stub-{time.monotonic_ns()}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", owner.model_name),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": reply.finish_reason,
                        "logprobs": None,
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
            reply.headers,
        )

    def _embeddings(self, body: dict[str, Any]) -> None:
        owner = self.owner
        inputs = body.get("input", [])
        if isinstance(inputs, str) or (inputs and isinstance(inputs[0], int)):
            inputs = [inputs]
        dimension = body.get("dimensions") or owner.embedding_dimension
        data = []
        tokens = 0
        for index, item in enumerate(inputs):
            text = item if isinstance(item, str) else json.dumps(item)
            tokens += max(1, len(text) // 4)
            vector = owner.embed(text, dimension)
            embedding: Any = vector
            if body.get("encoding_format") == "base64":
                packed = np.asarray(vector, dtype="<f4").tobytes()
                embedding = base64.b64encode(packed).decode("ascii")
            data.append({"object": "embedding", "index": index, "embedding": embedding})
        self._send(
            200,
            {
                "object": "list",
                "data": data,
                "model": body.get("model", owner.model_name),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )


# smart mode

_NOTE = re.compile(r"<note\s+(?P<attrs>[^>]*)>\n(?P<text>.*?)\n</note>", re.DOTALL)
_PAIR = re.compile(r'<notes pair="(?P<label>[^"]*)">\n(?P<body>.*?)\n</notes>', re.DOTALL)
_CLUSTER = re.compile(r'<notes cluster="(?P<label>[^"]*)">\n(?P<body>.*?)\n</notes>', re.DOTALL)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_NOT = re.compile(r"\b(not|never|no longer|cannot)\b|n't\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Note:
    attrs: dict[str, str]
    text: str


def _notes(text: str) -> list[_Note]:
    return [
        _Note({k: html.unescape(v) for k, v in _ATTR.findall(m["attrs"])}, m["text"])
        for m in _NOTE.finditer(text)
    ]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def smart_answer(messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A simple, valid answer to a Reverie prompt, read from the fenced notes.

    * consolidate_notes: merge all notes into one, joining their distinct sentences
      (consolidate_clusters: the same for each cluster);
    * detect_contradictions: contradicts iff the two notes share most content words and
      exactly one contains a negation, or they differ only in their numbers
      (contradiction_pairs: the same for each pair);
    * check_coverage: adds nothing iff every sentence of the user's note is in the
      company notes.
    """
    system = "\n".join(str(m.get("content", "")) for m in messages if m.get("role") == "system")
    user = next((str(m.get("content", "")) for m in messages if m.get("role") == "user"), "")
    notes = _notes(user)
    if "contradiction_pairs" in system:
        return {"pairs": [{"pair": m["label"], **_negation(_notes(m["body"]))}
                          for m in _PAIR.finditer(user)]}
    if "detect_contradictions" in system:
        return _negation(notes)
    if "check_coverage" in system:
        scoped = [(n.attrs.get("scope"), s) for n in notes for s in _sentences(n.text)]
        company = [s for scope, s in scoped if scope == "company"]
        specific = [s for scope, s in scoped if scope == "user"]
        adds_nothing = bool(specific) and all(s in company for s in specific)
        return {
            "reason": "every sentence of the user's note is in the company notes"
            if adds_nothing
            else "the user's note has sentences the company notes lack",
            "adds_nothing": adds_nothing,
        }
    if "consolidate_clusters" in system:
        return {"clusters": [{"cluster": m["label"], **_merge_all(_notes(m["body"]))}
                             for m in _CLUSTER.finditer(user)]}
    if "consolidate_notes" in system:
        return _merge_all(notes)
    return {"reason": "unknown task", "answer": None}


_WORDS = re.compile(r"[a-z]+|\d+(?:[.:]\d+)?")
_NUMBERS = re.compile(r"\d+(?:[.:]\d+)?")
_STOP = frozenset(("a", "an", "the", "is", "are", "was", "to", "of", "in", "on", "for", "and",
                   "or", "with", "by", "at", "it", "its", "this", "that", "be", "do", "does",
                   "did", "not", "never", "no", "longer", "cannot"))


_LIKE = frozenset({"like", "likes", "prefer", "prefers", "love", "loves", "want", "wants"})


def _content(text: str) -> set[str]:
    """Content words, crudely stemmed (a trailing ``s`` dropped, liking verbs as one), numbers
    aside."""
    words = _WORDS.findall(text.lower().replace("n't", " not"))
    return {"like" if w in _LIKE else w[:-1] if w.endswith("s") and len(w) > 3 else w
            for w in words if w not in _STOP and not _NUMBERS.fullmatch(w)}


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def contradict_all(messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The smart answer, except that every pair is called a contradiction (a broken judge)."""
    answer = smart_answer(messages)
    for verdict in [answer, *answer.get("pairs", [])]:
        if "contradicts" in verdict:
            verdict.update(contradicts=True, reason="these notes contradict each other")
    return answer


def _negation(notes: list[_Note]) -> dict[str, Any]:
    """Contradicts iff the (first) two notes say nearly the same words and exactly one negates
    it, or differ only in their numbers."""
    if len(notes) < 2:
        return {"reason": "fewer than two notes", "contradicts": False}
    a, b = notes[0].text, notes[1].text
    same = _overlap(_content(a), _content(b))
    negated = bool(_NOT.search(a)) != bool(_NOT.search(b)) and same >= 0.6
    numbers = (same >= 0.8 and bool(_NUMBERS.findall(a)) and bool(_NUMBERS.findall(b))
               and set(_NUMBERS.findall(a)) != set(_NUMBERS.findall(b)))
    contradicts = negated or numbers
    return {
        "reason": ("exactly one of the notes negates the other" if negated
                   else "the notes give different numbers for the same thing" if numbers
                   else "the notes do not negate each other"),
        "contradicts": contradicts,
    }


def _merge_all(notes: list[_Note]) -> dict[str, Any]:
    """Merge all notes into one, joining their distinct sentences (two notes at least)."""
    if len(notes) < 2:
        return {"reason": "fewer than two notes", "consolidate": False, "merged": []}
    sentences = list(dict.fromkeys(s for n in notes for s in _sentences(n.text)))
    return {
        "reason": "the notes are about the same topic",
        "consolidate": True,
        "merged": [
            {
                "text": " ".join(sentences),
                "source_ids": [n.attrs["id"] for n in notes],
                "note_type": notes[0].attrs.get("type", "Context"),
            }
        ],
    }

"""The LLM judge: asks an OpenAI-compatible chat endpoint, and accepts only valid answers.

Every judgment renders a versioned prompt from :mod:`reverie_prompts` (note texts fenced
as data), asks for JSON matching the prompt's schema, validates it (pydantic, plus: every
note id referenced was given, each given id in at most one merged note) and converts it to
the verdict models of :mod:`reverie.handlers.dream.judging`.

* Retries: the openai client retries 429/5xx/timeouts itself (``max_retries``, honouring
  ``retry-after`` headers, else exponential backoff); what is still failing afterwards
  becomes :class:`~reverie.errors.JudgeUnavailable` (retryable).
* Repair: an answer that is not valid JSON or fails validation gets ONE follow-up request
  quoting the problem; a second bad answer raises
  :class:`~reverie.errors.JudgeAnswerInvalid`.
* Structured output: ``response_format=json_schema`` first; if the server answers 400 to
  it before json_schema has ever worked, the same request is retried with
  ``json_object`` and, if that works, json_object is used from then on.
* Budget: a :class:`Budget` of calls and tokens per dream run (:meth:`LLMJudge.start_run`
  or :meth:`LLMJudge.with_budget`); a request is refused with
  :class:`~reverie.errors.BudgetExhausted` before it is sent when the calls are spent or
  the tokens already used reach the limit.
* Concurrency: at most ``concurrency`` requests in flight per judge (shared by
  :meth:`LLMJudge.with_budget` copies).
* Answer length: every request asks for ``max_tokens`` sized for its batch, at most
  ``max_output_tokens`` (:func:`answer_tokens` for pairs, :func:`cluster_answer_tokens`
  for clusters: by their notes' length, at least 1,024). A batch whose answer is still
  cut off (``finish_reason=length``) is asked again in two halves, down to one item a
  request; a single item's repair request may use twice the tokens.
* Identity: :meth:`LLMJudge.identity` (endpoint, models, prompt versions) keys the
  judge's qualification (:mod:`reverie.handlers.dream.trust`).

The API key is never logged nor put into an error message.
"""

from __future__ import annotations

import asyncio
import copy
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar, cast

import openai
import structlog
from pydantic import BaseModel, SecretStr, ValidationError

from reverie.clock import Clock, SystemClock
from reverie.config import redact
from reverie.errors import (
    BudgetExhausted,
    ConfigurationError,
    JudgeAnswerInvalid,
    JudgeUnavailable,
    ReverieError,
)
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    Usage,
)
from reverie_prompts import (
    PROMPTS,
    check_coverage,
    consolidate_clusters,
    consolidate_notes,
    contradiction_pairs,
    detect_contradictions,
    render_repair,
)

if TYPE_CHECKING:
    from reverie.config import Settings

__all__ = ["Budget", "CallRecord", "LLMJudge"]

log = structlog.get_logger(__name__)

_DETAIL_MAX = 300
_RECENT_CALLS = 1000
_ANSWER_BASE = 96
"""Tokens of an answer's JSON frame."""
_PER_VERDICT = 112
"""Tokens of one pair's answer (its label, a short reason, the verdict)."""
_MIN_ANSWER = 256
_PER_CLUSTER = 150
"""Tokens of one cluster's answer besides its merged texts (label, reason, flags)."""
_PER_SOURCE_ID = 16
"""Tokens of one source note id in a merged note."""
_MIN_CLUSTER_ANSWER = 1024


def answer_tokens(verdicts: int, cap: int = 4096) -> int:
    """Return the ``max_tokens`` an answer of ``verdicts`` pair verdicts needs, at most ``cap``."""
    need = _ANSWER_BASE + _PER_VERDICT * max(1, verdicts)
    return max(min(_MIN_ANSWER, cap), min(cap, need))


def cluster_answer_tokens(clusters: int, note_chars: int, notes: int, cap: int = 4096) -> int:
    """Return the ``max_tokens`` of an answer about ``clusters`` clusters, at most ``cap``.

    A merged text may restate its sources: one token per 3 of their ``note_chars``
    characters, plus ``_PER_CLUSTER`` a cluster and the ids of the ``notes``; at least
    ``_MIN_CLUSTER_ANSWER``.
    """
    need = note_chars // 3 + _PER_CLUSTER * max(1, clusters) + _PER_SOURCE_ID * notes
    return max(min(_MIN_CLUSTER_ANSWER, cap), min(cap, need))


@dataclass
class Budget:
    """The LLM calls and tokens one dream run may spend.

    :meth:`reserve` is called before every request (the call counts even if it then
    fails, except for a json_schema rejection), :meth:`charge` after every response.
    Tokens are only known afterwards: the request that crosses ``max_tokens`` completes,
    the next one is refused.
    """

    max_calls: int
    max_tokens: int
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    largest_request: int = 0
    """The most tokens one request has used so far."""

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def headroom(self) -> int:
        """Return how many more requests surely fit: calls left, fewer if tokens run short."""
        left = max(0, self.max_calls - self.calls)
        if self.largest_request:
            left = min(left, max(0, self.max_tokens - self.tokens) // self.largest_request)
        return left

    @property
    def exhausted(self) -> bool:
        return self.calls >= self.max_calls or self.tokens >= self.max_tokens

    def reserve(self) -> None:
        """Count one more request, or raise :class:`BudgetExhausted` if none is left."""
        if self.calls >= self.max_calls:
            raise BudgetExhausted(
                f"LLM call budget spent: {self.calls} of {self.max_calls} calls used this run"
            )
        if self.tokens >= self.max_tokens:
            raise BudgetExhausted(
                f"LLM token budget spent: {self.tokens} of {self.max_tokens} tokens used this run"
            )
        self.calls += 1

    def release(self) -> None:
        """Give back a reservation for a request the server refused without doing work."""
        self.calls = max(0, self.calls - 1)

    def charge(self, prompt_tokens: int, completion_tokens: int) -> None:
        """Add the tokens a response reported."""
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.largest_request = max(self.largest_request, prompt_tokens + completion_tokens)


@dataclass(frozen=True)
class CallRecord:
    """One request to the LLM endpoint: for metrics and the dream report."""

    task: str
    prompt_version: str
    model: str
    response_format: str
    latency_s: float
    prompt_tokens: int = 0
    completion_tokens: int = 0
    outcome: str = "ok"
    """``ok``, or the openai exception's class name."""


@dataclass
class _Shared:
    """State shared by a judge and its :meth:`LLMJudge.with_budget` copies."""

    client: openai.AsyncOpenAI
    semaphore: asyncio.Semaphore
    structured: bool | None = None
    """None: json_schema not tried yet; True: it works; False: use json_object."""
    recent_calls: deque[CallRecord] = field(default_factory=lambda: deque(maxlen=_RECENT_CALLS))


class _Invalid(Exception):
    """An answer we cannot accept; the message says why (sent back for the repair)."""


class _CutOff(Exception):
    """An invalid answer of a batch that stopped at its ``max_tokens``: ask in halves."""

    def __init__(self, usage: Usage) -> None:
        super().__init__("the answer was cut off at its max_tokens")
        self.usage = usage


_Item = TypeVar("_Item")


@dataclass(frozen=True)
class _Asked:
    """One chat request: the task's prompt module, the model, the messages, the token cap."""

    task: ModuleType
    model: str
    messages: list[dict[str, str]]
    max_tokens: int | None = None


_OPENAI_ERRORS: tuple[tuple[type[Exception] | tuple[type[Exception], ...],
                            Callable[[str], ReverieError], str], ...] = (
    (openai.APITimeoutError, JudgeUnavailable,
     "the LLM endpoint {endpoint} did not answer within {timeout_s}s "
     "({where}, after {retries} retries)"),
    (openai.APIConnectionError, JudgeUnavailable,
     "cannot reach the LLM endpoint {endpoint} ({where}, after {retries} retries): {detail}"),
    (openai.RateLimitError, JudgeUnavailable,
     "the LLM endpoint is rate-limiting (429) ({where}, after {retries} retries): {detail}"),
    ((openai.AuthenticationError, openai.PermissionDeniedError), ConfigurationError,
     "the LLM endpoint {endpoint} refused the credentials ({status}); "
     "check REVERIE_LLM_API_KEY: {detail}"),
    (openai.NotFoundError, ConfigurationError,
     "the LLM endpoint {endpoint} does not know the model or path (404) ({where}); "
     "check REVERIE_LLM_BASE_URL and the REVERIE_LLM_MODEL* settings: {detail}"),
)
"""Which openai errors are which of Reverie's, first match wins (a timeout is a connection
error too), with the message each says; other status errors are decided by their code."""


class LLMJudge:
    """The :class:`~reverie.handlers.dream.judging.Judge` backed by a chat-completions endpoint."""

    name = "llm"

    def __init__(
        self,
        *,
        base_url: str | None,
        api_key: str | SecretStr | None,
        model: str,
        consolidation_model: str | None = None,
        contradiction_model: str | None = None,
        timeout_s: float = 30.0,
        max_retries: int = 3,
        concurrency: int = 4,
        max_calls: int = 200,
        max_tokens: int = 400_000,
        temperature: float | None = 0.0,
        max_output_tokens: int = 4096,
        clock: Clock | None = None,
        on_call: Callable[[CallRecord], None] | None = None,
    ) -> None:
        key = api_key.get_secret_value() if isinstance(api_key, SecretStr) else api_key
        if not base_url and not key:
            raise ConfigurationError(
                "the LLM judge needs REVERIE_LLM_BASE_URL (an OpenAI-compatible endpoint) "
                "or REVERIE_LLM_API_KEY (for api.openai.com)"
            )
        if concurrency < 1 or max_retries < 0 or timeout_s <= 0:
            raise ConfigurationError(
                "LLM settings out of range: concurrency >= 1, max_retries >= 0 and "
                "timeout_s > 0 are required"
            )
        self._secret = key or ""
        self.base_url = base_url
        self.model = model
        self.consolidation_model = consolidation_model or model
        self.contradiction_model = contradiction_model or model
        self.coverage_model = model
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.max_calls = max_calls
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.max_output_tokens = max_output_tokens
        self._clock: Clock = clock or SystemClock()
        self._on_call = on_call
        client = openai.AsyncOpenAI(
            base_url=base_url,
            # Local OpenAI-compatible servers often need no key, but the client insists.
            api_key=key or "unused",
            timeout=timeout_s,
            max_retries=max_retries,
        )
        self._shared = _Shared(client=client, semaphore=asyncio.Semaphore(concurrency))
        self.budget = Budget(max_calls, max_tokens)

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: Any) -> LLMJudge:
        """The judge ``settings`` describe (``llm_*``); ``overrides`` win (e.g. ``clock``)."""
        params: dict[str, Any] = {
            "base_url": settings.llm_base_url,
            "api_key": settings.llm_api_key,
            "model": settings.llm_model,
            "consolidation_model": settings.llm_model_consolidation,
            "contradiction_model": settings.llm_model_contradiction,
            "timeout_s": settings.llm_timeout_s,
            "max_retries": settings.llm_max_retries,
            "concurrency": settings.llm_concurrency,
            "max_calls": settings.llm_max_calls_per_run,
            "max_tokens": settings.llm_max_tokens_per_run,
            "max_output_tokens": settings.llm_max_output_tokens,
        }
        params.update(overrides)
        return cls(**params)

    def identity(self) -> dict[str, str]:
        """Return what makes this judge's answers what they are: endpoint, models, prompts."""
        return {
            "judge": self.name,
            "endpoint": redact(self.base_url) if self.base_url else "api.openai.com",
            "consolidation_model": self.consolidation_model,
            "contradiction_model": self.contradiction_model,
            "coverage_model": self.coverage_model,
            "prompts": ",".join(f"{k}={v}" for k, v in sorted(PROMPTS.items())),
        }

    def __repr__(self) -> str:
        url = redact(self.base_url) if self.base_url else "api.openai.com"
        return f"LLMJudge(base_url={url!r}, model={self.model!r})"

    # runs and budgets

    def start_run(self, budget: Budget | None = None) -> Budget:
        """Start a new budget (fresh from the settings unless ``budget`` is given) and return it."""
        self.budget = budget or Budget(self.max_calls, self.max_tokens)
        return self.budget

    def headroom(self) -> int:
        """Return how many more requests this run's budget surely allows."""
        return self.budget.headroom()

    def with_budget(self, budget: Budget | None = None) -> LLMJudge:
        """A copy of this judge with its own budget, sharing client, concurrency and fallback.

        For concurrent dream runs (one copy per run).
        """
        clone = copy.copy(self)
        clone.budget = budget or Budget(self.max_calls, self.max_tokens)
        return clone

    @property
    def recent_calls(self) -> list[CallRecord]:
        """The last requests made (latency, tokens, outcome), oldest first."""
        return list(self._shared.recent_calls)

    @property
    def structured_output(self) -> bool | None:
        """Whether json_schema works on this endpoint (None: not known yet)."""
        return self._shared.structured

    async def aclose(self) -> None:
        """Close the HTTP client."""
        await self._shared.client.close()

    async def __aenter__(self) -> LLMJudge:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # the Judge protocol

    async def consolidate(
        self, notes: Sequence[JudgedNote], now: datetime
    ) -> tuple[ConsolidationVerdict, Usage]:
        """Propose merged notes for a cluster, or answer ``consolidate=False``."""
        messages = consolidate_notes.render(notes, now)
        ids = {n.note_id for n in notes}
        verdict: ConsolidationVerdict
        verdict, usage = await self._judge(
            consolidate_notes,
            self.consolidation_model,
            messages,
            ids,
            self._cluster_tokens([notes]),
        )
        return verdict, usage

    async def consolidate_many(
        self, clusters: Sequence[Sequence[JudgedNote]], now: datetime
    ) -> tuple[list[ConsolidationVerdict], Usage]:
        """Judge several clusters in one request; one verdict per cluster, in order.

        Each cluster's answer may only name that cluster's note ids. An answer cut off
        at its ``max_tokens`` (``finish_reason=length``) is not repaired: the batch is
        asked again in two halves, down to one cluster a request.
        """

        async def ask(part: Sequence[Sequence[JudgedNote]]) -> tuple[list[Any], Usage]:
            answer: tuple[list[Any], Usage] = await self._judge(
                consolidate_clusters,
                self.consolidation_model,
                consolidate_clusters.render(part, now),
                consolidate_clusters.given_ids(part),
                self._cluster_tokens(part),
                split=len(part) > 1,
            )
            return answer

        return await self._halving(consolidate_clusters, clusters, ask)

    async def contradicts(self, a: JudgedNote, b: JudgedNote) -> tuple[ContradictionVerdict, Usage]:
        """Say whether two notes contradict each other, and why (never who wins)."""
        messages = detect_contradictions.render(a, b, self._clock.now())
        verdict: ContradictionVerdict
        verdict, usage = await self._judge(
            detect_contradictions,
            self.contradiction_model,
            messages,
            {a.note_id, b.note_id},
            answer_tokens(1, self.max_output_tokens),
        )
        return verdict, usage

    async def contradicts_many(
        self, pairs: Sequence[tuple[JudgedNote, JudgedNote]]
    ) -> tuple[list[ContradictionVerdict], Usage]:
        """Judge several pairs in one request; one verdict per pair, in order.

        The answer must name every given pair id exactly once and no other. An answer cut
        off at its ``max_tokens`` is asked again in two halves, down to one pair a request.
        """
        now = self._clock.now()

        async def ask(part: Sequence[tuple[JudgedNote, JudgedNote]]) -> tuple[list[Any], Usage]:
            answer: tuple[list[Any], Usage] = await self._judge(
                contradiction_pairs,
                self.contradiction_model,
                contradiction_pairs.render(part, now),
                contradiction_pairs.given_ids(part),
                answer_tokens(len(part), self.max_output_tokens),
                split=len(part) > 1,
            )
            return answer

        return await self._halving(contradiction_pairs, pairs, ask)

    async def covers(
        self, general: Sequence[JudgedNote], specific: JudgedNote
    ) -> tuple[CoverageVerdict, Usage]:
        """Say whether ``specific`` (a user's note) adds nothing beyond ``general``."""
        messages = check_coverage.render(general, specific, self._clock.now())
        ids = {n.note_id for n in general} | {specific.note_id}
        verdict: CoverageVerdict
        verdict, usage = await self._judge(
            check_coverage,
            self.coverage_model,
            messages,
            ids,
            answer_tokens(1, self.max_output_tokens),
        )
        return verdict, usage

    # internals

    def _cluster_tokens(self, clusters: Sequence[Sequence[JudgedNote]]) -> int:
        """Return ``max_tokens`` for an answer about ``clusters`` (sized by their notes)."""
        chars = sum(len(n.text) for c in clusters for n in c)
        notes = sum(len(c) for c in clusters)
        return cluster_answer_tokens(len(clusters), chars, notes, self.max_output_tokens)

    async def _halving(
        self,
        task: ModuleType,
        items: Sequence[_Item],
        ask: Callable[[Sequence[_Item]], Awaitable[tuple[list[Any], Usage]]],
    ) -> tuple[list[Any], Usage]:
        """Ask about ``items`` in one request; if that answer is cut off, ask each half the same
        way. Returns one verdict per item, in order, and the usage of every request."""
        try:
            return await ask(items)
        except _CutOff as cut:
            usage = cut.usage
        half = len(items) // 2
        log.info(
            "llm_answer_cut_off_split",
            task=task.NAME,
            items=len(items),
            halves=[half, len(items) - half],
        )
        verdicts: list[Any] = []
        for part in (items[:half], items[half:]):
            try:
                got, spent = await self._halving(task, part, ask)
            except ReverieError as err:
                err.charged(usage)
                raise
            usage.add(spent)
            verdicts.extend(got)
        return verdicts, usage

    async def _judge(
        self,
        task: ModuleType,
        model: str,
        messages: list[dict[str, str]],
        given_ids: Collection[str],
        max_tokens: int | None = None,
        *,
        split: bool = False,
    ) -> tuple[Any, Usage]:
        """Ask, validate, repair once; the returned usage counts every completion received.

        An invalid answer cut off at ``max_tokens`` raises :class:`_CutOff` when ``split``
        (the caller asks again in smaller parts); otherwise its repair request may use
        twice the tokens (at most ``max_output_tokens``). Errors raised carry the usage
        spent so far in their ``usage``.
        """
        usage = Usage()
        try:
            content, finish = await self._complete(_Asked(task, model, messages, max_tokens), usage)
            try:
                return self._parse(task, content, finish, given_ids), usage
            except _Invalid as first:
                problem = str(first)
            if finish == "length" and split:
                log.info("llm_answer_cut_off", task=task.NAME, model=model, max_tokens=max_tokens)
                raise _CutOff(usage)
            log.info("llm_answer_invalid", task=task.NAME, model=model, problem=problem)
            if finish == "length" and max_tokens is not None:
                max_tokens = min(self.max_output_tokens, 2 * max_tokens)
            repair = [
                *messages,
                {"role": "assistant", "content": content or "(empty answer)"},
                render_repair(problem),
            ]
            content, finish = await self._complete(_Asked(task, model, repair, max_tokens), usage)
            try:
                return self._parse(task, content, finish, given_ids), usage
            except _Invalid as second:
                raise JudgeAnswerInvalid(
                    f"{task.VERSION} ({model}): the answer was invalid twice, the second time "
                    f"after a repair request: {second}"
                ) from None
        except ReverieError as err:
            err.charged(usage)
            raise

    async def _complete(self, asked: _Asked, usage: Usage) -> tuple[str | None, str | None]:
        """One chat completion (plus the json_object fallback): content and finish reason."""
        shared = self._shared
        task, model = asked.task, asked.model
        structured = shared.structured is not False
        try:
            response = await self._request(asked, structured)
        except openai.BadRequestError as err:
            if not (structured and shared.structured is None):
                raise self._map_error(err, task, model) from None
            # json_schema has never worked here: maybe the server does not support it.
            log.info("llm_json_schema_rejected", task=task.NAME, model=model)
            try:
                response = await self._request(asked, False)
            except openai.OpenAIError as err2:
                raise self._map_error(err2, task, model) from None
            shared.structured = False
            log.warning(
                "llm_structured_output_unsupported",
                detail="json_schema rejected with 400; using json_object from now on",
            )
        except openai.OpenAIError as err:
            raise self._map_error(err, task, model) from None
        else:
            if structured and shared.structured is None:
                shared.structured = True
        prompt_tokens = response.usage.prompt_tokens if response.usage else 0
        completion_tokens = response.usage.completion_tokens if response.usage else 0
        usage.add(Usage(1, prompt_tokens, completion_tokens))
        if not response.choices:
            return None, None
        choice = response.choices[0]
        return choice.message.content, choice.finish_reason

    async def _request(self, asked: _Asked, structured: bool) -> Any:
        """Send one request under the semaphore and the budget; record its latency."""
        shared = self._shared
        task, model, max_tokens = asked.task, asked.model, asked.max_tokens
        fmt: dict[str, Any] = task.response_format(structured)
        temperature = openai.omit if self.temperature is None else self.temperature
        async with shared.semaphore:
            self.budget.reserve()
            started = time.perf_counter()
            outcome = "ok"
            prompt_tokens = completion_tokens = 0
            try:
                response = await shared.client.chat.completions.create(
                    model=model,
                    messages=cast(Any, asked.messages),
                    response_format=cast(Any, fmt),
                    temperature=temperature,
                    max_tokens=openai.omit if max_tokens is None else max_tokens,
                )
            except openai.OpenAIError as err:
                outcome = type(err).__name__
                if isinstance(err, openai.BadRequestError):
                    self.budget.release()  # refused before any work: costs nothing
                raise
            else:
                if response.usage is not None:
                    prompt_tokens = response.usage.prompt_tokens
                    completion_tokens = response.usage.completion_tokens
                    self.budget.charge(prompt_tokens, completion_tokens)
                return response
            finally:
                self._record(
                    CallRecord(
                        task=task.NAME,
                        prompt_version=task.VERSION,
                        model=model,
                        response_format=fmt["type"],
                        latency_s=time.perf_counter() - started,
                        prompt_tokens=prompt_tokens,
                        completion_tokens=completion_tokens,
                        outcome=outcome,
                    )
                )

    def _record(self, record: CallRecord) -> None:
        self._shared.recent_calls.append(record)
        log.debug(
            "llm_call",
            task=record.task,
            model=record.model,
            latency_s=round(record.latency_s, 3),
            prompt_tokens=record.prompt_tokens,
            completion_tokens=record.completion_tokens,
            outcome=record.outcome,
        )
        if self._on_call is not None:
            try:
                self._on_call(record)
            except Exception:  # a metrics hook must never break a judgment
                log.exception("llm_on_call_hook_failed")

    def _parse(
        self,
        task: ModuleType,
        content: str | None,
        finish_reason: str | None,
        given_ids: Collection[str],
    ) -> Any:
        """The verdict in ``content``, or :class:`_Invalid` saying what is wrong."""
        cut = (
            " The answer was cut off (finish_reason=length): answer more briefly."
            if finish_reason == "length"
            else ""
        )
        if not content or not content.strip():
            raise _Invalid("the answer was empty." + cut)
        try:
            data = _load_json(content)
        except json.JSONDecodeError as err:
            raise _Invalid(
                f"the answer is not valid JSON ({err.msg} at line {err.lineno}, "
                f"column {err.colno})." + cut
            ) from None
        if not isinstance(data, dict):
            raise _Invalid("the answer must be one JSON object." + cut)
        model_cls: type[BaseModel] = task.ResponseModel
        try:
            answer: Any = model_cls.model_validate(data)
        except ValidationError as err:
            raise _Invalid(
                f"the JSON does not match the schema: {_summarise(err)}." + cut
            ) from None
        problems: list[str] = answer.problems(given_ids)
        if problems:
            raise _Invalid("; ".join(problems) + ".")
        try:
            return answer.to_verdict()
        except ValidationError as err:
            raise _Invalid(f"the answer breaks a limit: {_summarise(err)}.") from None

    def _map_error(self, err: openai.OpenAIError, task: ModuleType, model: str) -> ReverieError:
        """Reverie's error for an openai error, with a message free of credentials."""
        where = f"{task.VERSION} with model {model!r}"
        endpoint = redact(self.base_url) if self.base_url else "api.openai.com"
        detail = self._detail(err)
        for kinds, error, message in _OPENAI_ERRORS:
            if isinstance(err, kinds):
                return error(message.format(
                    endpoint=endpoint, where=where, detail=detail, timeout_s=self.timeout_s,
                    retries=self.max_retries, status=getattr(err, "status_code", None)))
        if isinstance(err, openai.APIStatusError):
            if err.status_code >= 500 or err.status_code in (408, 409):
                return JudgeUnavailable(
                    f"the LLM endpoint failed ({err.status_code}) ({where}, after "
                    f"{self.max_retries} retries): {detail}"
                )
            return JudgeAnswerInvalid(
                f"the LLM endpoint rejected the request ({err.status_code}) ({where}): {detail}"
            )
        return JudgeUnavailable(f"the LLM request failed ({where}): {detail}")

    def _detail(self, err: openai.OpenAIError) -> str:
        """The server's error message, without credentials, shortened."""
        text = ""
        body = getattr(err, "body", None)
        if isinstance(body, dict):
            inner = body.get("error", body)
            if isinstance(inner, dict) and isinstance(inner.get("message"), str):
                text = inner["message"]
        text = text or str(err) or type(err).__name__
        if self._secret:
            text = text.replace(self._secret, "***")
        text = redact(text)
        return text if len(text) <= _DETAIL_MAX else text[: _DETAIL_MAX - 1] + "…"


def _load_json(content: str) -> Any:
    """The JSON value in ``content``, tolerating Markdown fences and prose around one object.

    Raises the :class:`json.JSONDecodeError` of the whole (unfenced) text if nothing parses.
    """
    text = content.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rstrip()
        if text.endswith("```"):
            text = text[:-3]
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        start, end = text.find("{"), text.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(text[start : end + 1])
            except json.JSONDecodeError:
                pass
        raise err from None


def _summarise(err: ValidationError) -> str:
    """Pydantic's errors as ``loc: message`` pairs, without echoing the input."""
    parts = []
    for item in err.errors(include_url=False, include_input=False)[:8]:
        loc = ".".join(str(p) for p in item["loc"]) or "(root)"
        parts.append(f"{loc}: {item['msg']}")
    return "; ".join(parts)

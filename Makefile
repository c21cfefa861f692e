# Two commands do all set-up on a fresh machine: `make run` and `make test`.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export TOKENIZERS_PARALLELISM := false

.PHONY: run test setup browser lint ingest clean-store bench

$(STAMP): requirements.lock pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# torch first, pinned: it takes the local CPU build, so nothing later pulls CUDA.
	$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	$(PY) -m assistant prepare
	touch $(STAMP)

setup: $(STAMP)

# Debian's chromium for the browser tests (Playwright's own browser download cannot work here).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

ingest: setup
	$(PY) -m assistant ingest --if-empty

run: setup ingest
	$(PY) -m assistant serve

test: setup browser lint
	$(PY) -m pytest -q

# A check, never a rewrite at test time: `$(VENV)/bin/ruff format . && $(VENV)/bin/ruff check --fix .` fixes.
lint: setup
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

# Every benchmark in turn (about 1.5 h on 2 cores; the 10k and 100k stores are built first). Tables on stdout,
# JSON in bench/results/. One at a time: `$(PY) -m bench.NAME --help`.
bench: setup
	$(PY) -m bench.ingest
	$(PY) -m bench.latency
	$(PY) -m bench.answers
	$(PY) -m bench.cold_start
	$(PY) -m bench.http_load
	$(PY) -m bench.load

clean-store:
	find store -mindepth 1 ! -name .gitignore -exec rm -rf {} +

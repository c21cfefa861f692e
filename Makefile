# Two commands do all set-up on a fresh machine: `make run` and `make test`.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export TOKENIZERS_PARALLELISM := false

.PHONY: run test setup browser lint ingest clean-store bench

# One line per step, so the ~2 minutes of a first install never look like a hang (pip itself is quiet: -q).
$(STAMP): requirements.lock pyproject.toml
	@echo "[setup 1/6] Python virtual environment in $(VENV)"
	@test -x $(PY) || python3 -m venv $(VENV)
	@echo "[setup 2/6] upgrading pip"
	@$(PY) -m pip install -q --upgrade pip
	@# torch first, pinned: it takes the local CPU build, so nothing later pulls CUDA.
	@echo "[setup 3/6] installing torch (the CPU build; the longest step, about a minute on a fresh machine)"
	@$(PY) -m pip install -q torch==2.13.0
	@echo "[setup 4/6] installing the other dependencies (requirements.lock)"
	@$(PY) -m pip install -q -r requirements.lock
	@echo "[setup 5/6] installing this project (pip install -e .)"
	@$(PY) -m pip install -q --no-deps -e .
	@echo "[setup 6/6] preparing the embedding model (assistant prepare)"
	@$(PY) -m assistant prepare
	@touch $(STAMP)
	@echo "[setup] done: $(VENV) is ready"

setup: $(STAMP)

# Debian's chromium for the browser tests (Playwright's own browser download cannot work here).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

ingest: setup
	@echo "[ingest] reading seeds/ into store/ (skipped when the store already holds papers)"
	@$(PY) -m assistant ingest --if-empty

run: setup ingest
	@echo "[run] starting the server (ASSISTANT_PORT=8001 make run picks another port; Ctrl+C stops it)"
	@$(PY) -m assistant serve

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

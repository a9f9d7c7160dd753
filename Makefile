# Vitrine: the two commands a fresh machine needs are `make run` and `make test`.
# Everything else here is a step of those two.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

# One build cache outside the clone, shared by every clone and by CI.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/vitrine-target
CARGO ?= cargo
NPM ?= npm
CI ?=

POSTGRES_ADMIN_URL ?= postgres://root@127.0.0.1:5432/postgres
REDIS_TEST_URL ?= redis://127.0.0.1:6379
SERVER := $(CARGO_TARGET_DIR)/release/vitrine-server
# The end-to-end test runs the debug build (CI should not pay for a release build) in Debian's
# Chromium, which .ci/run installs when it is missing.
DEBUG_SERVER := $(CARGO_TARGET_DIR)/debug/vitrine-server
# Every debug build and test run of `make test` selects the whole workspace with all its targets,
# so cargo resolves one feature set and compiles each dependency once. `-p X`, `--bin X`,
# `--exclude X` or a build without the test targets (whose dev-dependencies add features) each
# resolve another set and recompile sqlx, reqwest, fred and the server again: minutes per step.
# Narrow what runs with a nextest filter (-E), never with the package selection.
DEBUG_BUILD := $(CARGO) build --workspace --all-targets
CHROMIUM ?= /usr/bin/chromium

# Node.js 22 (LTS; web/package.json's engines): the machine's own when it is 22 or newer, else
# one unpacked once from the npm registry into the shared cache (scripts/node-toolchain.sh) and
# put first on PATH for every recipe, so npm, Vite, Vitest and the journeys all run on it.
NODE_VERSION := 22.23.5
NODE_MAJOR := 22
NODE_DIR := $(HOME)/.cache/vitrine-node/$(NODE_VERSION)
MACHINE_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(shell [ "$(MACHINE_NODE_MAJOR)" -ge $(NODE_MAJOR) ] && echo yes),yes)
NODE_TOOLCHAIN :=
else
export PATH := $(NODE_DIR)/bin:$(PATH)
NODE_TOOLCHAIN := $(NODE_DIR)/bin/node
endif

.PHONY: run dev test build web web-deps check test-rust test-postgres test-redis test-faults test-deploy test-web test-e2e \
	test-schemathesis clean-test-dbs cluster cluster-stop bench bench-quick peers gen-api gen-texts moto

## make run: build the client and the server, migrate, seed demo data, serve on :8080.
run: web
	$(CARGO) build --release --bin vitrine-server --bin vitrine-worker
	$(SERVER) seed --demo
	@echo "Vitrine: open http://127.0.0.1:8080 (demo accounts above, password vitrine-demo)"
	@echo "Mail is not sent without VITRINE_SMTP_URL: each message, links included, is printed below."
	RUST_LOG=$${RUST_LOG:-info,vitrine_server::mail=debug} $(SERVER) serve

## make dev: the server (debug, demo data, mail printed) on :8080 and Vite with hot reload on
## :5173, which forwards every API route to it (scripts/dev.sh). Ctrl-C stops both.
dev: web-deps
	scripts/dev.sh

## make test: every suite. Under CI=true the PostgreSQL, Redis, fault and browser suites are mandatory.
## Each phase prints how long it took, and the list of times is printed at the end (also when a
## phase fails), so that a phase that grows is seen (issue #54).
TEST_PHASES := check test-deploy test-rust test-postgres test-redis test-faults test-web test-e2e test-schemathesis
test:
	@times=""; status=0; \
	for phase in $(TEST_PHASES); do \
		start=$$(date +%s); \
		$(MAKE) --no-print-directory $$phase || status=$$?; \
		took=$$(( $$(date +%s) - start )); \
		times="$$times$$(printf '  %-20s %5d s' $$phase $$took)\n"; \
		printf '== phase %s took %d s\n' $$phase $$took; \
		[ $$status -eq 0 ] || break; \
	done; \
	printf '== phase times\n%b' "$$times"; \
	exit $$status

## make cluster: the scaled topology natively on loopback (README, "Scaled deployment"): two
## nodes and a worker on the machine's PostgreSQL (database vitrine_cluster) and Redis, nginx
## in front on :8090. make cluster-stop stops it.
cluster: web moto
	$(CARGO) build --release --bin vitrine-server --bin vitrine-worker --bin vitrine-stripe-mock --bin vitrine-paypal-mock
	scripts/cluster.sh start

cluster-stop:
	scripts/cluster.sh stop

build: web
	$(CARGO) build --workspace --all-targets

$(NODE_DIR)/bin/node:
	scripts/node-toolchain.sh $(NODE_DIR) $(NODE_VERSION)

web-deps: $(NODE_TOOLCHAIN)
	@node -e 'if (+process.versions.node.split(".")[0] < $(NODE_MAJOR)) { console.error("Node " + process.version + " is older than $(NODE_MAJOR)"); process.exit(1) }'
	@if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then \
		cd web && $(NPM) ci --no-audit --no-fund; \
	fi

web: web-deps
	cd web && $(NPM) run build

# Formatting, the server's layers and one-way events (docs/architecture.md; the checks' own
# tests first), SQL only in stores (scripts/check_sql.py), every operation reachable from the web
# client or listed as API-only (scripts/check_operations.py, issue #53), the dependencies' licences,
# bans and sources (cargo-deny, deny.toml; its advisories need GitHub, out of reach here) and lints
# first: they fail fastest.
check:
	$(CARGO) fmt --all --check
	@if command -v cargo-deny >/dev/null; then \
		$(CARGO) deny check --hide-inclusion-graph licenses bans sources; \
	elif [ -n "$(CI)" ]; then \
		echo "FAILED: cargo-deny is missing (cargo install cargo-deny --locked) and CI=true makes it mandatory"; exit 1; \
	else \
		echo "SKIPPED: dependency policy (cargo install cargo-deny --locked)"; \
	fi
	python3 scripts/test_check_layers.py
	python3 scripts/check_layers.py server/src
	python3 scripts/check_sql.py server/src
	python3 scripts/test_check_operations.py
	python3 scripts/check_operations.py
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# moto's S3 server (pinned in scripts/moto-requirements.txt), which the S3 backend's tests and
# the native cluster's files speak to.
moto:
	@command -v moto_server >/dev/null || python3 -m pip install --quiet --user -r scripts/moto-requirements.txt \
		|| { echo "FAILED: cannot install moto's server (scripts/moto-requirements.txt)"; exit 1; }

# Unit tests of every crate and the API suite on SQLite. The load harness's timers smoke
# run drives real vitrine-worker processes: build that binary first.
test-rust: moto
	$(DEBUG_BUILD)
	VITRINE_WORKER_BIN=$(CARGO_TARGET_DIR)/debug/vitrine-worker \
		$(CARGO) nextest run --workspace --profile $(if $(CI),ci,default)

# The API suite again, on PostgreSQL (a fresh database per test).
test-postgres:
	@if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
		$(MAKE) --no-print-directory clean-test-dbs; \
		VITRINE_TEST_BACKEND=postgres VITRINE_TEST_POSTGRES_URL=$(POSTGRES_ADMIN_URL) \
			$(CARGO) nextest run --workspace -E 'binary(api)' --profile $(if $(CI),ci,default); \
		$(MAKE) --no-print-directory clean-test-dbs; \
	elif [ -n "$(CI)" ]; then \
		echo "FAILED: PostgreSQL is not reachable on 127.0.0.1:5432 and CI=true makes it mandatory"; exit 1; \
	else \
		echo "SKIPPED: PostgreSQL suite (nothing answers on 127.0.0.1:5432)"; \
	fi

# Tests that need a real Redis (marked #[ignore] so a plain `cargo test` passes without one).
test-redis:
	@if redis-cli -u $(REDIS_TEST_URL) ping >/dev/null 2>&1; then \
		VITRINE_TEST_REDIS_URL=$(REDIS_TEST_URL) $(CARGO) nextest run --workspace -E 'not package(vitrine-faults)' \
			--run-ignored only --profile $(if $(CI),ci,default); \
	elif [ -n "$(CI)" ]; then \
		echo "FAILED: Redis is not reachable at $(REDIS_TEST_URL) and CI=true makes it mandatory"; exit 1; \
	else \
		echo "SKIPPED: Redis suite (nothing answers at $(REDIS_TEST_URL))"; \
	fi

# The fault suite (faults/): each test starts the native cluster of scripts/cluster.sh with its
# own ports, database, private redis-server and a gate in front of PostgreSQL, then kills a
# node, restarts Redis, takes PostgreSQL away, kills the worker. Loopback only; the shared
# PostgreSQL and Redis keep running. nginx comes from Debian's packages when missing.
test-faults: moto
	@if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && command -v redis-server >/dev/null; then \
		scripts/cluster.sh ensure-nginx; \
		$(DEBUG_BUILD); \
		VITRINE_TEST_POSTGRES_URL=$(POSTGRES_ADMIN_URL) \
			$(CARGO) nextest run --workspace -E 'package(vitrine-faults)' --run-ignored only --profile $(if $(CI),ci,default); \
	elif [ -n "$(CI)" ]; then \
		echo "FAILED: the fault suite needs PostgreSQL on 127.0.0.1:5432 and redis-server, and CI=true makes it mandatory"; exit 1; \
	else \
		echo "SKIPPED: fault suite (needs PostgreSQL on 127.0.0.1:5432 and redis-server)"; \
	fi

# The deployment files (docker-compose.yml, Dockerfile, deploy/nginx, scripts/cluster.sh)
# checked against the code: no Docker engine needed. nginx -t needs nginx.
test-deploy:
	scripts/cluster.sh ensure-nginx
	python3 scripts/check-deploy.py

## make gen-api: rewrite web/openapi.json from the server's routes, then the client's REST types
## (web/src/types/api.gen.ts) from it. Tests on both sides fail while either is stale.
gen-api: web-deps
	UPDATE_OPENAPI=1 $(CARGO) nextest run --workspace -E 'test(openapi_file)'
	cd web && $(NPM) run gen:api

## make gen-texts: rewrite the lists of what the server says that the web client words itself:
## web/src/lib/errors/codes.gen.json (every error code, REST and hub, with its English message) and
## web/src/features/notifications/texts.gen.json (every notification's key and English template).
## The server's tests fail while either is stale; the web client's while a listed key lacks an
## English or Spanish text.
gen-texts:
	UPDATE_TEXTS=1 $(CARGO) nextest run --workspace -E 'test(codes_file) | test(/notifications::texts/)'

test-web: web-deps
	cd web && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test && $(NPM) run build

# The browser journeys (web/e2e/journeys), each with its own server and one headless Chromium
# with a context per person, two at a time (web/README.md, "End to end").
test-e2e: web
	@if [ -x "$(CHROMIUM)" ]; then \
		$(DEBUG_BUILD); \
		cd web && VITRINE_SERVER_BIN=$(DEBUG_SERVER) CHROMIUM_PATH=$(CHROMIUM) $(NPM) run test:e2e; \
	elif [ -n "$(CI)" ]; then \
		echo "FAILED: no Chromium at $(CHROMIUM) and CI=true makes the end-to-end test mandatory"; exit 1; \
	else \
		echo "SKIPPED: end-to-end test (no Chromium at $(CHROMIUM); apt-get install -y chromium)"; \
	fi

# The OpenAPI document against the running server (issue #38): schemathesis (pinned in
# scripts/schemathesis-requirements.txt) over /openapi.json, anonymous and as demo accounts, each
# on a fresh seeded debug server on loopback; what fails must be on scripts/schemathesis-allow.toml
# with its reason. A fixed seed (SCHEMATHESIS_SEED) and 5 examples per operation
# (SCHEMATHESIS_MAX_EXAMPLES): about five minutes. Under CI=true it is mandatory (pip installs it).
test-schemathesis:
	@if [ -n "$(CI)" ]; then \
		python3 -m pip install --quiet --user -r scripts/schemathesis-requirements.txt \
			|| { echo "FAILED: cannot install schemathesis (scripts/schemathesis-requirements.txt)"; exit 1; }; \
	fi
	@if python3 -c 'import schemathesis' 2>/dev/null; then \
		$(DEBUG_BUILD) && \
		python3 scripts/schemathesis.py --server $(DEBUG_SERVER); \
	else \
		echo "SKIPPED: schemathesis (python3 -m pip install --user -r scripts/schemathesis-requirements.txt)"; \
	fi

# Test databases are named vitrine_t_* (API suite) and vitrine_faults_* (fault suite); drop
# what earlier runs left. Each DROP DATABASE waits for a checkpoint (about 2 s here): one at a
# time, the API suite's ~400 databases took 15 minutes. Sixteen at once share checkpoints (one
# that starts after a request serves every drop waiting on it).
clean-test-dbs:
	@psql "$(POSTGRES_ADMIN_URL)" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'vitrine\_t\_%' OR datname LIKE 'vitrine\_faults\_%'" \
		| PGOPTIONS='-c client_min_messages=warning' xargs -r -P 16 -I '{}' psql "$(POSTGRES_ADMIN_URL)" -qc 'DROP DATABASE IF EXISTS "{}" WITH (FORCE)'

## make bench: our hub, the Socket.IO peer, Sockudo (when installed) and the limit peer back to
## back on this machine, each server pinned to one core and the harness to the other: capacity
## at p99 <= 50 ms (medians of three), equal load, CPU per delivery, then the other scenarios;
## writes a dated section at the top of BENCHMARKS.md (about 30 minutes; sizes are environment
## variables, see loadtest/bench.sh). Redis on 6379 for the cluster runs.
## make bench-quick: the same, small and short (a few minutes), for development.
bench:
	REDIS_URL=$(REDIS_TEST_URL) POSTGRES_ADMIN_URL=$(POSTGRES_ADMIN_URL) loadtest/bench.sh

bench-quick:
	QUICK=1 BENCHMARKS=$${BENCHMARKS:-/tmp/vitrine-bench-quick.md} REDIS_URL=$(REDIS_TEST_URL) \
		POSTGRES_ADMIN_URL=$(POSTGRES_ADMIN_URL) loadtest/bench.sh

## make peers: installs Sockudo for `make bench` (once; about 15 minutes; never part of make test).
peers:
	@if command -v sockudo >/dev/null 2>&1 || [ -x "$(HOME)/.cargo/bin/sockudo" ]; then \
		echo "Sockudo is installed"; \
	else \
		command -v protoc >/dev/null 2>&1 || apt-get install -y protobuf-compiler; \
		env -u CARGO_TARGET_DIR CARGO_TARGET_DIR=$(HOME)/.cache/sockudo-target $(CARGO) install sockudo --locked --features redis; \
	fi

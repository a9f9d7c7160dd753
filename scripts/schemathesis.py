#!/usr/bin/env python3
"""The OpenAPI document checked against the running server (issue #38): `make test-schemathesis`.

For each identity (anonymous, then demo accounts signed in with POST /oauth/token) this starts a
fresh debug `vitrine-server` on 127.0.0.1 (its own data folder, `seed --demo`, embedded SQLite,
the in-process bus, test-mode Stripe, as web/e2e/lib/server.mjs does), runs schemathesis over
`/openapi.json` with a fixed seed and a bounded number of examples per operation, stops the server
by its PID, and reads the run's NDJSON report.

It fails when any check fails that scripts/schemathesis-allow.toml does not list with a reason:
- not_a_server_error: no 5xx;
- status_code_conformance, content_type_conformance: every answer documented;
- negative_data_rejection: a request the schema forbids is rejected;
- positive_data_acceptance: a request the schema allows is accepted, unless the allow-list says
  why the schema cannot express the rule (the state of the data: an id that must exist, ...).

A fresh server per identity keeps one identity's writes (and a revoked token) from deciding the
next one's answers. Operations that would end the run's own session are excluded, with reasons,
in the same file. Allow-list entries that match nothing are reported, so the list stays small.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOW_FILE = ROOT / "scripts" / "schemathesis-allow.toml"
REQUIREMENTS = ROOT / "scripts" / "schemathesis-requirements.txt"
DEMO_PASSWORD = "vitrine-demo"
# Anonymous, then an admin, a client and a designer (seed --demo creates them).
DEFAULT_IDENTITIES = "anonymous,demo-admin,demo-client,demo-gold"

CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
]

# Environment for the server under test, over the embedded defaults.
#
# Rate limits (429 with Retry-After on sign-in, sign-up, password reset, mail-sending and
# payment-creating calls): the run sends thousands of such requests from one address, so the
# server is started with them off, as the API suite and web/e2e/lib/server.mjs do. A 429 is then
# never answered; the operations that can answer it still document it.
SERVER_ENV: dict[str, str] = {
    "VITRINE_RATE_LIMITS": "off",
}


def log(message: str) -> None:
    print(f"schemathesis: {message}", flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One seeded vitrine-server on loopback, stopped by its PID."""

    def __init__(self, binary: Path, log_path: Path) -> None:
        self.data_dir = Path(tempfile.mkdtemp(prefix="vitrine-schemathesis-"))
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.binary = binary
        self.log_path = log_path
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "STRIPE_SECRET_KEY", "PAYPAL_CLIENT_ID", "VITRINE_SMTP_URL")}
        env.update(SERVER_ENV)
        env.update(
            {
                "VITRINE_DATA_DIR": str(self.data_dir),
                "VITRINE_BIND": f"127.0.0.1:{self.port}",
                "VITRINE_PUBLIC_URL": self.base_url,
                # No client is served: the run only speaks to the API.
                "VITRINE_WEB_DIR": str(self.data_dir / "no-web"),
                "LOG_FORMAT": "json",
            }
        )
        self.env = env
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log_path, "w") as out:
            subprocess.run([self.binary, "seed", "--demo"], env=self.env, stdout=out, stderr=subprocess.STDOUT, check=True)
        self.log_file = open(self.log_path, "a")
        self.process = subprocess.Popen([self.binary, "serve"], env=self.env, stdout=self.log_file, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited at start; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise SystemExit(f"the server did not answer /healthz within 60 s; see {self.log_path}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process:
            self.log_file.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def token(self, username: str) -> str:
        body = json.dumps({"grant_type": "password", "username": username, "password": DEMO_PASSWORD}).encode()
        request = urllib.request.Request(
            f"{self.base_url}/oauth/token", data=body, headers={"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)["access_token"]


def load_allow_list() -> tuple[list[dict], list[dict]]:
    data = tomllib.loads(ALLOW_FILE.read_text())
    allows, excludes = data.get("allow", []), data.get("exclude", [])
    for entry in allows + excludes:
        if not str(entry.get("reason", "")).strip() or not entry.get("operation"):
            raise SystemExit(f"{ALLOW_FILE.name}: every entry needs an operation and a reason: {entry}")
    for entry in allows:
        if entry.get("check") not in CHECKS:
            raise SystemExit(f"{ALLOW_FILE.name}: unknown check in {entry}")
    return allows, excludes


def applies(entry: dict, identity: str) -> bool:
    who = entry.get("identities", ["all"])
    signed_in = identity != "anonymous"
    return "all" in who or identity in who or (signed_in and "signed-in" in who)


def decode(payload) -> str:
    if isinstance(payload, dict) and "$base64" in payload:
        return base64.b64decode(payload["$base64"]).decode("utf-8", "replace")
    return payload or ""


def failures(ndjson: Path) -> dict[tuple[str, str], list[dict]]:
    """(check, operation) -> the failing interactions schemathesis recorded."""
    found: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for line in ndjson.read_text().splitlines():
        event = json.loads(line)
        finished = event.get("ScenarioFinished")
        if not finished:
            continue
        recorder = finished["recorder"]
        interactions = recorder.get("interactions") or {}
        for case_id, checks in (recorder.get("checks") or {}).items():
            for check in checks:
                if check["status"] != "failure":
                    continue
                failure = check["failure_info"]["failure"]
                interaction = interactions.get(case_id) or {}
                request, response = interaction.get("request") or {}, interaction.get("response") or {}
                found[(check["name"], failure["operation"])].append(
                    {
                        "title": failure["title"],
                        "message": failure["message"],
                        "request": f"{request.get('method')} {request.get('uri')} {decode(request.get('body'))[:300]}",
                        "status": response.get("status_code"),
                        "answer": decode(response.get("content"))[:300],
                    }
                )
    return found


def run_identity(args, identity: str, excludes: list[dict], report_dir: Path) -> dict:
    log(f"--- {identity}: starting a fresh seeded server")
    server = Server(args.server, report_dir / f"server-{identity}.log")
    try:
        server.start()
        command = [
            sys.executable, "-m", "schemathesis.cli", "run", f"{server.base_url}/openapi.json",
            "--seed", str(args.seed),
            "--max-examples", str(args.max_examples),
            "--workers", str(args.workers),
            "--checks", ",".join(CHECKS),
            "--generation-database", "none",
            "--no-shrink",
            "--request-timeout", "30",
            "--no-color",
            "--report", "ndjson",
            "--report-ndjson-path", str(report_dir / f"{identity}.ndjson"),
        ]  # fmt: skip
        if args.phases:
            command += ["--phases", args.phases]
        if identity != "anonymous":
            command += ["--header", f"Authorization: Bearer {server.token(identity)}"]
        with urllib.request.urlopen(f"{server.base_url}/openapi.json", timeout=10) as answer:
            document = json.load(answer)
        operation_ids = {
            f"{method.upper()} {path}": operation["operationId"]
            for path, item in document["paths"].items()
            for method, operation in item.items()
            if isinstance(operation, dict) and "operationId" in operation
        }
        for entry in excludes:
            if applies(entry, identity):
                if entry["operation"] not in operation_ids:
                    raise SystemExit(f"{ALLOW_FILE.name}: no operation {entry['operation']} in the document")
                command += ["--exclude-operation-id", operation_ids[entry["operation"]]]
        started = time.monotonic()
        output = report_dir / f"{identity}.out"
        with open(output, "w") as out:
            # Bounded: a stuck run fails instead of holding CI.
            done = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, cwd=report_dir, timeout=args.timeout)
        elapsed = time.monotonic() - started
        log(f"{identity}: schemathesis took {elapsed:.0f} s (output in {output})")
        report = report_dir / f"{identity}.ndjson"
        # 0: nothing failed; 1: failures, read from the report. Anything else, or a run that did
        # not finish, is an error of the run itself, never a pass.
        if done.returncode not in (0, 1) or not report.exists() or '"EngineFinished"' not in report.read_text():
            raise SystemExit(f"schemathesis did not complete for {identity} (exit {done.returncode}); see {output}")
        return failures(report)
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", type=Path, default=Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/vitrine-target")) / "debug/vitrine-server")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SCHEMATHESIS_SEED", "38")))
    parser.add_argument("--max-examples", type=int, default=int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "5")))
    parser.add_argument("--workers", type=int, default=1, help="1 keeps the order of requests, hence the answers, fixed")
    parser.add_argument(
        "--parallel",
        type=int,
        default=int(os.environ.get("SCHEMATHESIS_PARALLEL", "2")),
        help="identities run at once, each against its own server (schemathesis keeps one core busy generating cases)",
    )
    parser.add_argument("--timeout", type=int, default=900, help="seconds one identity's run may take")
    parser.add_argument("--phases", default=os.environ.get("SCHEMATHESIS_PHASES", ""))
    parser.add_argument("--identities", default=os.environ.get("SCHEMATHESIS_IDENTITIES", DEFAULT_IDENTITIES))
    parser.add_argument("--report-dir", type=Path, default=Path(os.environ.get("SCHEMATHESIS_REPORT_DIR", "/tmp/vitrine-schemathesis")))
    args = parser.parse_args()

    if not args.server.exists():
        raise SystemExit(f"no server binary at {args.server}: cargo build --bin vitrine-server")
    pinned = REQUIREMENTS.read_text().split("==")[1].strip()
    installed = subprocess.run([sys.executable, "-m", "schemathesis.cli", "--version"], capture_output=True, text=True).stdout.split()[-1]
    if installed != pinned:
        # Another version generates other cases from the same seed.
        if os.environ.get("CI") == "true":
            raise SystemExit(f"schemathesis {installed} is installed, {pinned} is pinned ({REQUIREMENTS.name})")
        log(f"warning: schemathesis {installed} is installed, {pinned} is pinned ({REQUIREMENTS.name})")

    allows, excludes = load_allow_list()
    shutil.rmtree(args.report_dir, ignore_errors=True)
    args.report_dir.mkdir(parents=True)
    # The build cache is shared (other clones build into the same debug/ folder): run a copy,
    # so that the binary cannot change between identities.
    args.server = Path(shutil.copy2(args.server, args.report_dir / "vitrine-server"))
    log(f"seed {args.seed}, {args.max_examples} examples per operation, identities {args.identities}; reports in {args.report_dir}")

    started = time.monotonic()
    unexpected: list[str] = []
    used: set[int] = set()
    totals: dict[str, int] = defaultdict(int)
    identities = args.identities.split(",")
    # Each identity has its own server and report files, so they can run side by side; the
    # results are read in the listed order, so the output does not depend on which ends first.
    with ThreadPoolExecutor(max_workers=max(1, args.parallel)) as pool:
        runs = [pool.submit(run_identity, args, identity, excludes, args.report_dir) for identity in identities]
        results = [run.result() for run in runs]
    for identity, found in zip(identities, results):
        for (check, operation), cases in sorted(found.items()):
            totals[check] += 1
            matched = [
                i for i, entry in enumerate(allows)
                if entry["check"] == check and entry["operation"] == operation and applies(entry, identity)
            ]  # fmt: skip
            if matched:
                used.update(matched)
                continue
            case = cases[0]
            unexpected.append(
                f"[{identity}] {check} {operation}: {case['title']} ({len(cases)} cases)\n"
                f"    request: {case['request']}\n"
                f"    answer:  {case['status']} {case['answer']}\n"
                f"    {case['message'].replace(chr(10), ' | ')}"
            )

    log(f"failures by check (operation x identity, allowed or not): {dict(totals) or 'none'}")
    stale = [entry for i, entry in enumerate(allows) if i not in used]
    if stale:
        log(f"{len(stale)} allow-list entries matched nothing in this run (remove them after a full run?)")
        if args.identities == DEFAULT_IDENTITIES:
            for entry in stale:
                log(f"    {entry['check']} {entry['operation']}")
    log(f"took {time.monotonic() - started:.0f} s in all; seed {args.seed}")
    if unexpected:
        log(f"{len(unexpected)} failures not on {ALLOW_FILE.name}:")
        for line in unexpected:
            print(line)
        return 1
    log("the server answers as its OpenAPI document says")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# make dev: the developer's loop. The server (debug build, embedded SQLite under data/, demo
# accounts, mail printed) on 127.0.0.1:8080 and Vite's dev server with hot reload on
# http://127.0.0.1:5173, which forwards every API route to the server (web/src/config/dev-proxy.ts).
# Ctrl-C stops both. Change Rust code: stop and run again (cargo rebuilds what changed).
set -euo pipefail
cd "$(dirname "$0")/.."

: "${CARGO_TARGET_DIR:=$HOME/.cache/vitrine-target}"
SERVER_BIN="$CARGO_TARGET_DIR/debug/vitrine-server"
API_BIND="${VITRINE_BIND:-127.0.0.1:8080}"
WEB_PORT="${VITRINE_DEV_PORT:-5173}"

cargo build --bin vitrine-server
"$SERVER_BIN" seed --demo

pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

RUST_LOG="${RUST_LOG:-info,vitrine_server::mail=debug}" VITRINE_BIND="$API_BIND" "$SERVER_BIN" serve &
pids+=($!)
(cd web && VITRINE_API_ORIGIN="http://$API_BIND" npx vite --host 127.0.0.1 --port "$WEB_PORT" --strictPort) &
pids+=($!)
echo "Vitrine (dev): open http://127.0.0.1:$WEB_PORT (API on http://$API_BIND; demo password vitrine-demo)"
wait -n "${pids[@]}"

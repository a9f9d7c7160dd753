#!/usr/bin/env bash
# `make bench`: our hub, the Socket.IO peer and (when installed) Sockudo, measured back to
# back on this machine with the same harness, then a dated section at the top of
# BENCHMARKS.md. Everything listens on 127.0.0.1 and stops by itself; the JSON reports and
# SVG charts stay in $BENCH_DIR.
#
# Sizes are environment variables (defaults: the targets of issue #9 where this 2-core
# machine can run them in about 15 minutes in all). Redis at $REDIS_URL is needed for the
# cluster runs; PostgreSQL for the timers run (else SQLite, smaller).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/vitrine-target}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
POSTGRES_ADMIN_URL=${POSTGRES_ADMIN_URL:-postgres://root@127.0.0.1:5432/postgres}
BENCH_DIR=${BENCH_DIR:-/tmp/vitrine-bench-$(date -u +%Y%m%d-%H%M%S)}
BENCHMARKS=${BENCHMARKS:-$ROOT/BENCHMARKS.md}
PEERS=${PEERS:-vitrine socketio sockudo hocuspocus}
SCENARIOS=${SCENARIOS:-fanout broadcast cluster idle marketplace timers docs}

DURATION=${DURATION:-20}
FANOUT_CONNS=${FANOUT_CONNS:-10000}
FANOUT_CHANNELS=${FANOUT_CHANNELS:-100}
FANOUT_RATE=${FANOUT_RATE:-1000}
BROADCAST_CONNS=${BROADCAST_CONNS:-10000}
BROADCAST_RATE=${BROADCAST_RATE:-50}
CLUSTER_CONNS=${CLUSTER_CONNS:-10000}
CLUSTER_CHANNELS=${CLUSTER_CHANNELS:-100}
CLUSTER_RATE=${CLUSTER_RATE:-1000}
MARKET_CONTESTS=${MARKET_CONTESTS:-8}
MARKET_DESIGNERS=${MARKET_DESIGNERS:-8}
MARKET_WATCHERS=${MARKET_WATCHERS:-100}
MARKET_ROUNDS=${MARKET_ROUNDS:-3}
TIMERS_CONTESTS=${TIMERS_CONTESTS:-20000}
TIMERS_SPREAD=${TIMERS_SPREAD:-30}
# docs (issue #25): documents x editors x edits/s per editor, against our hub and Hocuspocus.
DOCS_DOCUMENTS=${DOCS_DOCUMENTS:-100}
DOCS_EDITORS=${DOCS_EDITORS:-5}
DOCS_RATE=${DOCS_RATE:-2}

API_KEY=bench-key-0123456789abcdef
PORT_A=18080 PORT_B=18081          # our nodes
SIO_A=13100 SIO_B=13101            # Socket.IO nodes
SKD_A=16011 SKD_B=16012            # Sockudo nodes
HP_A=13200                         # Hocuspocus

# Every server and the harness get the machine's hard fd limit; idle asks for what fits
# under it on both sides (the issue's 50,000 where the machine allows).
ulimit -n "$(ulimit -Hn)"
FD_LIMIT=$(ulimit -n)
IDLE_CONNS=${IDLE_CONNS:-$(( FD_LIMIT - 500 < 50000 ? FD_LIMIT - 500 : 50000 ))}

mkdir -p "$BENCH_DIR"
LOG=$BENCH_DIR/servers.log
: > "$LOG"
echo "bench: reports in $BENCH_DIR (fd limit $FD_LIMIT)"

PIDS=()
cleanup() {
    for pid in "${PIDS[@]:-}"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap cleanup EXIT

stop_all() {
    cleanup
    PIDS=()
    sleep 1
}

wait_port() {
    local port=$1
    for _ in $(seq 1 200); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "bench: nothing listens on $port after 20 s (see $LOG)"; exit 1
}

have_redis() { redis-cli -u "$REDIS_URL" ping >/dev/null 2>&1; }
want() { [[ " $SCENARIOS " == *" $1 "* ]]; }

echo "bench: building release binaries"
cargo build --release -q -p vitrine-server -p vitrine-worker -p vitrine-loadtest
BIN=$CARGO_TARGET_DIR/release
LT=$BIN/vitrine-loadtest

# One scenario against one server: <server> <scenario> <harness arguments...>
run() {
    local server=$1 scenario=$2
    shift 2
    echo "bench: $scenario on $server"
    "$LT" "$scenario" "$@" --out "$BENCH_DIR/$server-$scenario.json" | tee "$BENCH_DIR/$server-$scenario.txt" \
        || echo "bench: $scenario on $server FAILED (the other runs go on)"
}

pubsub_args() {  # <scenario>
    case $1 in
        fanout) echo "--connections $FANOUT_CONNS --channels $FANOUT_CHANNELS --rate $FANOUT_RATE --duration $DURATION" ;;
        broadcast) echo "--connections $BROADCAST_CONNS --rate $BROADCAST_RATE --duration $DURATION" ;;
        cluster) echo "--connections $CLUSTER_CONNS --channels $CLUSTER_CHANNELS --rate $CLUSTER_RATE --duration $DURATION" ;;
    esac
}

docs_args() {
    echo "--documents $DOCS_DOCUMENTS --editors $DOCS_EDITORS --rate $DOCS_RATE --duration $DURATION"
}

# --- Our hub -----------------------------------------------------------------------------
start_vitrine() {  # <port> <data dir> <database url> [redis url]
    local port=$1 dir=$2 db=$3 redis=${4:-}
    mkdir -p "$dir/web"
    # `make bench` exports REDIS_URL for the cluster runs: a single node must not inherit it,
    # or its "in-process bus" figures are Redis's (the harness checks /readyz and fails).
    env -u REDIS_URL VITRINE_BIND=127.0.0.1:$port VITRINE_DATA_DIR="$dir" VITRINE_WEB_DIR="$dir/web" DATABASE_URL="$db" \
        VITRINE_API_KEY=$API_KEY RUST_LOG=warn ${redis:+REDIS_URL=$redis} \
        "$BIN/vitrine-server" serve >>"$LOG" 2>&1 &
    PIDS+=($!)
    LAST_PID=$!
    wait_port "$port"
}

bench_vitrine() {
    local dir=$BENCH_DIR/vitrine-data db
    db="sqlite://$dir/vitrine.db?mode=rwc"
    mkdir -p "$dir"
    env VITRINE_DATA_DIR="$dir" DATABASE_URL="$db" RUST_LOG=warn "$BIN/vitrine-server" seed --demo >>"$LOG" 2>&1
    start_vitrine $PORT_A "$dir" "$db"
    local pid=$LAST_PID target=ws://127.0.0.1:$PORT_A
    # idle first, on a fresh process: memory a previous run left (allocator, GC) skews the growth.
    want idle && run vitrine idle --target $target --connections "$IDLE_CONNS" --server-pid $pid
    for scenario in fanout broadcast; do
        want $scenario || continue
        # shellcheck disable=SC2046
        run vitrine $scenario --target $target --api-key $API_KEY --server-pid $pid $(pubsub_args $scenario)
    done
    want marketplace && run vitrine marketplace --target $target --server-pid $pid --contests "$MARKET_CONTESTS" \
        --designers "$MARKET_DESIGNERS" --watchers "$MARKET_WATCHERS" --rounds "$MARKET_ROUNDS"
    # shellcheck disable=SC2046
    want docs && run vitrine docs --target $target --server-pid $pid $(docs_args)
    stop_all
    if want cluster && have_redis; then
        start_vitrine $PORT_A "$dir" "$db" "$REDIS_URL"
        local a=$LAST_PID
        mkdir -p "$dir-b"
        start_vitrine $PORT_B "$dir-b" "$db" "$REDIS_URL"
        # shellcheck disable=SC2046
        run vitrine cluster --nodes ws://127.0.0.1:$PORT_A,ws://127.0.0.1:$PORT_B --api-key $API_KEY \
            --server-pid $a,$LAST_PID $(pubsub_args cluster)
        stop_all
    fi
    if want timers; then
        if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
            run vitrine timers --database-url "$POSTGRES_ADMIN_URL" --contests "$TIMERS_CONTESTS" \
                --spread "$TIMERS_SPREAD" --workers 3
        else
            run vitrine timers --database-url sqlite --contests $(( TIMERS_CONTESTS / 4 )) --spread "$TIMERS_SPREAD" --workers 1
        fi
    fi
}

# --- The Socket.IO peer ------------------------------------------------------------------
SIO_DIR=
start_socketio() {  # <port> [redis url]
    local port=$1 redis=${2:-}
    (cd "$SIO_DIR" && exec env -u REDIS_URL PORT=$port ${redis:+REDIS_URL=$redis} node server.js >>"$LOG" 2>&1) &
    PIDS+=($!)
    LAST_PID=$!
    wait_port "$port"
}

bench_socketio() {
    local source=$ROOT/../shared/peers/socketio
    [ -f "$source/server.js" ] || source=/work/shared/peers/socketio
    if [ ! -f "$source/server.js" ] || ! command -v node >/dev/null; then
        echo "bench: SKIPPED the Socket.IO peer (no node, or no shared/peers/socketio)"; return
    fi
    SIO_DIR=$BENCH_DIR/socketio-peer
    mkdir -p "$SIO_DIR"
    cp "$source/server.js" "$source/package.json" "$source/package-lock.json" "$SIO_DIR/"
    (cd "$SIO_DIR" && npm ci --no-audit --no-fund --silent) >>"$LOG" 2>&1
    start_socketio $SIO_A
    local pid=$LAST_PID target=ws://127.0.0.1:$SIO_A
    # idle first, on a fresh process: memory a previous run left (allocator, GC) skews the growth.
    want idle && run socketio idle --peer socketio --target $target --connections "$IDLE_CONNS" --server-pid $pid
    for scenario in fanout broadcast; do
        want $scenario || continue
        # shellcheck disable=SC2046
        run socketio $scenario --peer socketio --target $target --server-pid $pid $(pubsub_args $scenario)
    done
    stop_all
    if want cluster && have_redis; then
        start_socketio $SIO_A "$REDIS_URL"
        local a=$LAST_PID
        start_socketio $SIO_B "$REDIS_URL"
        # shellcheck disable=SC2046
        run socketio cluster --peer socketio --nodes ws://127.0.0.1:$SIO_A,ws://127.0.0.1:$SIO_B \
            --server-pid $a,$LAST_PID $(pubsub_args cluster)
        stop_all
    fi
}

# --- Sockudo -----------------------------------------------------------------------------
SOCKUDO=${SOCKUDO:-$(command -v sockudo || echo "$HOME/.cargo/bin/sockudo")}
start_sockudo() {  # <port> <metrics port> [redis url]
    local port=$1 metrics=$2 redis=${3:-}
    local adapter=(ADAPTER_DRIVER=local CACHE_DRIVER=memory)
    [ -n "$redis" ] && adapter=(ADAPTER_DRIVER=redis CACHE_DRIVER=redis DATABASE_REDIS_HOST=127.0.0.1
        DATABASE_REDIS_PORT=6379 REDIS_URL="$redis")
    env -u REDIS_URL HOST=127.0.0.1 PORT=$port METRICS_ENABLED=false METRICS_HOST=127.0.0.1 METRICS_PORT=$metrics \
        QUEUE_DRIVER=none "${adapter[@]}" RATE_LIMITER_ENABLED=false \
        SOCKUDO_DEFAULT_APP_ID=app1 SOCKUDO_DEFAULT_APP_KEY=key1 SOCKUDO_DEFAULT_APP_SECRET=secret1 \
        SOCKUDO_DEFAULT_APP_ENABLED=true SOCKUDO_DEFAULT_APP_MAX_CONNECTIONS=1000000 \
        SOCKUDO_DEFAULT_APP_MAX_BACKEND_EVENTS_PER_SECOND=1000000 SOCKUDO_DEFAULT_APP_MAX_EVENT_BATCH_SIZE=100 \
        SOCKUDO_DEFAULT_APP_MAX_READ_REQUESTS_PER_SECOND=1000000 \
        "$SOCKUDO" >>"$LOG" 2>&1 &
    PIDS+=($!)
    LAST_PID=$!
    wait_port "$port"
}

bench_sockudo() {
    if [ ! -x "$SOCKUDO" ]; then
        echo "bench: SKIPPED Sockudo: not installed. Install it once with 'make peers' (about 15 minutes:"
        echo "       apt-get install -y protobuf-compiler; cargo install sockudo --locked --features redis)."
        return
    fi
    start_sockudo $SKD_A 19611
    local pid=$LAST_PID target=ws://127.0.0.1:$SKD_A
    # idle first, on a fresh process: memory a previous run left (allocator, GC) skews the growth.
    want idle && run sockudo idle --peer sockudo --target $target --connections "$IDLE_CONNS" --server-pid $pid
    for scenario in fanout broadcast; do
        want $scenario || continue
        # shellcheck disable=SC2046
        run sockudo $scenario --peer sockudo --target $target --server-pid $pid $(pubsub_args $scenario)
    done
    stop_all
    if want cluster && have_redis; then
        start_sockudo $SKD_A 19611 "$REDIS_URL"
        local a=$LAST_PID
        start_sockudo $SKD_B 19612 "$REDIS_URL"
        # shellcheck disable=SC2046
        run sockudo cluster --peer sockudo --nodes ws://127.0.0.1:$SKD_A,ws://127.0.0.1:$SKD_B \
            --server-pid $a,$LAST_PID $(pubsub_args cluster)
        stop_all
    fi
}

# --- The Hocuspocus peer (collaborative documents) ----------------------------------------
bench_hocuspocus() {
    want docs || return 0
    local source=$ROOT/../shared/peers/hocuspocus
    [ -f "$source/server.js" ] || source=/work/shared/peers/hocuspocus
    if [ ! -f "$source/server.js" ] || ! command -v node >/dev/null; then
        echo "bench: SKIPPED the Hocuspocus peer (no node, or no shared/peers/hocuspocus)"; return
    fi
    local dir=$BENCH_DIR/hocuspocus-peer
    mkdir -p "$dir"
    cp "$source/server.js" "$source/package.json" "$source/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --silent && npm rebuild better-sqlite3 --silent) >>"$LOG" 2>&1
    (cd "$dir" && exec env -u REDIS_URL PORT=$HP_A SQLITE_PATH="$dir/hocuspocus.sqlite" node server.js >>"$LOG" 2>&1) &
    PIDS+=($!)
    local pid=$!
    wait_port $HP_A
    # shellcheck disable=SC2046
    run hocuspocus docs --peer hocuspocus --target ws://127.0.0.1:$HP_A --server-pid $pid $(docs_args)
    stop_all
}

have_redis || echo "bench: Redis does not answer at $REDIS_URL: the cluster runs are skipped"
started=$(date +%s)
for server in $PEERS; do
    "bench_$server"
done
echo "bench: measured in $(( $(date +%s) - started )) s"

COMMAND="make bench   # loadtest/bench.sh; sizes: fanout $FANOUT_CONNS conns/$FANOUT_CHANNELS ch/$FANOUT_RATE ev/s, \
broadcast $BROADCAST_CONNS conns/$BROADCAST_RATE ev/s, cluster $CLUSTER_CONNS conns/$CLUSTER_CHANNELS ch/$CLUSTER_RATE ev/s \
over 2 nodes, ${DURATION} s each; idle $IDLE_CONNS conns; marketplace $MARKET_CONTESTS contests x $MARKET_WATCHERS watchers; \
docs $DOCS_DOCUMENTS documents x $DOCS_EDITORS editors x $DOCS_RATE edits/s"
NOTES=()
[ -f "$ROOT/loadtest/bench-notes.md" ] && NOTES=(--notes "$ROOT/loadtest/bench-notes.md")
# The documents table (ours and Hocuspocus side by side, with the ratio) goes under the notes.
if [ -f "$BENCH_DIR/vitrine-docs.json" ]; then
    DOCS_REPORTS=("$BENCH_DIR/vitrine-docs.json")
    [ -f "$BENCH_DIR/hocuspocus-docs.json" ] && DOCS_REPORTS+=("$BENCH_DIR/hocuspocus-docs.json")
    {
        [ -f "$ROOT/loadtest/bench-notes.md" ] && cat "$ROOT/loadtest/bench-notes.md" && echo
        "$LT" docs-table "${DOCS_REPORTS[@]}"
    } > "$BENCH_DIR/notes.md"
    NOTES=(--notes "$BENCH_DIR/notes.md")
fi
# The charts go next to BENCHMARKS.md, one folder per day.
CHARTS=docs/benchmarks/$(date -u +%Y-%m-%d)
mkdir -p "$(dirname "$BENCHMARKS")/$CHARTS"
cp "$BENCH_DIR"/*.svg "$(dirname "$BENCHMARKS")/$CHARTS/" 2>/dev/null || true
"$LT" summarize --dir "$BENCH_DIR" --benchmarks "$BENCHMARKS" --command "$COMMAND" --charts "$CHARTS" "${NOTES[@]}" >/dev/null
echo "bench: BENCHMARKS.md updated; reports and charts in $BENCH_DIR"

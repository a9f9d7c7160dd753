#!/usr/bin/env bash
# `make bench`: our hub, the Socket.IO peer, Sockudo (when installed) and the `limit` peer,
# measured back to back on this machine with the same harness, then a dated section at the
# top of BENCHMARKS.md. Everything listens on 127.0.0.1 and stops by itself; the JSON
# reports and SVG charts stay in $BENCH_DIR.
#
# The race (issue #27): each server under test is pinned to core $SERVER_CPU and the harness
# to core $HARNESS_CPU (`taskset`). `fanout` and `broadcast` are a capacity search: the
# offered rate doubles, one fresh server process per step, until a step loses anything or
# its p99 passes 50 ms, then one step between the last that held and the first that did not;
# the search is repeated $REPEATS times (later repeats start below the first one's capacity).
# Then every server runs the same offered rate (a share of the lowest capacity) $REPEATS
# times, fresh each time. The other scenarios run once per server as before.
#
# PROFILE=cpu records `perf record -a -e cpu-clock` (every process: the servers, the harness,
# Redis) during each run into <server>-<stem>.perf.data; PROFILE=heap starts our servers under
# heaptrack (heaptrack-vitrine-<port>.*.zst). A profiled run's timings are not comparable with
# an unprofiled one's: profile to see what limits a run, measure without it. SERVER_PRELOAD
# (a shared object) is LD_PRELOADed into our servers alone: an allocator experiment.
#
# Sizes are environment variables; the defaults take about 30 minutes on this 2-core
# machine. QUICK=1 is a small run of everything for development (a few minutes). Redis at
# $REDIS_URL is needed for the cluster runs; PostgreSQL for the timers run (else SQLite).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/vitrine-target}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
POSTGRES_ADMIN_URL=${POSTGRES_ADMIN_URL:-postgres://root@127.0.0.1:5432/postgres}
BENCH_DIR=${BENCH_DIR:-/tmp/vitrine-bench-$(date -u +%Y%m%d-%H%M%S)}
BENCHMARKS=${BENCHMARKS:-$ROOT/BENCHMARKS.md}
PEERS=${PEERS:-vitrine socketio sockudo limit hocuspocus}
SCENARIOS=${SCENARIOS:-fanout broadcast cluster idle marketplace timers docs}
QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then  # development: every part, small and short
    : "${REPEATS:=1}" "${CAP_CONNS:=500}" "${CAP_BROADCAST_CONNS:=200}" "${CAP_CHANNELS:=20}" "${CAP_DURATION:=2}" "${EQ_DURATION:=2}"
    : "${DURATION:=5}" "${CLUSTER_CONNS:=500}" "${IDLE_CONNS:=1000}" "${MARKET_CONTESTS:=2}" "${MARKET_WATCHERS:=20}"
    : "${MARKET_ROUNDS:=1}" "${MARKET_THINK_MS:=200}" "${TIMERS_CONTESTS:=500}" "${TIMERS_SPREAD:=5}" "${DOCS_DOCUMENTS:=10}"
fi

# The race: cores, repeats, the capacity search's shape and the latency bound.
SERVER_CPU=${SERVER_CPU:-1}
HARNESS_CPU=${HARNESS_CPU:-0}
REPEATS=${REPEATS:-3}
P99_BOUND_MS=${P99_BOUND_MS:-50}
CAP_CONNS=${CAP_CONNS:-5000}            # fanout: subscribers in every step, over CAP_CHANNELS
# broadcast: subscribers of the one channel. One event to 5,000 sockets is 5,000 sends on
# one core: at the kernel's ~6-8 us a loopback send (the limit peer's whole cost) that is
# 30-40 ms before the harness reads any of it, so at 5,000 only the limit peer ever held
# p99 <= 50 ms and the search measured nothing else (2026-11-25 07:32). 1,000 leaves room
# for a server's own work under the bound.
CAP_BROADCAST_CONNS=${CAP_BROADCAST_CONNS:-1000}
CAP_CHANNELS=${CAP_CHANNELS:-100}
CAP_DURATION=${CAP_DURATION:-4}         # seconds of publishing per step
CAP_DRAIN=${CAP_DRAIN:-2}               # a delivery later than this counts lost (the bound is 50 ms)
CAP_FANOUT_START=${CAP_FANOUT_START:-500}      # events/s over all channels
CAP_FANOUT_MAX=${CAP_FANOUT_MAX:-64000}
CAP_BROADCAST_START=${CAP_BROADCAST_START:-10}  # events/s on the one channel
CAP_BROADCAST_MAX=${CAP_BROADCAST_MAX:-1280}
EQ_SHARE=${EQ_SHARE:-70}                # equal load: this % of the lowest median capacity
EQ_DURATION=${EQ_DURATION:-8}

DURATION=${DURATION:-15}
CLUSTER_CONNS=${CLUSTER_CONNS:-10000}
CLUSTER_CHANNELS=${CLUSTER_CHANNELS:-100}
CLUSTER_RATE=${CLUSTER_RATE:-1000}
MARKET_CONTESTS=${MARKET_CONTESTS:-50}
MARKET_DESIGNERS=${MARKET_DESIGNERS:-8}
MARKET_WATCHERS=${MARKET_WATCHERS:-200}
MARKET_ROUNDS=${MARKET_ROUNDS:-2}
# A second marketplace run where each contest's people pause about this long between
# actions (0: skip it): the first run has none, so it measures throughput, not waiting.
MARKET_THINK_MS=${MARKET_THINK_MS:-1000}
TIMERS_CONTESTS=${TIMERS_CONTESTS:-20000}
TIMERS_SPREAD=${TIMERS_SPREAD:-30}
# docs (issue #25): documents x editors x edits/s per editor, against our hub and Hocuspocus.
DOCS_DOCUMENTS=${DOCS_DOCUMENTS:-1000}
DOCS_EDITORS=${DOCS_EDITORS:-5}
DOCS_RATE=${DOCS_RATE:-2}

# A fresh secret per run: the cluster runs' nodes are on Redis, deployed, and refuse a guessable key.
API_KEY=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
PORT_A=18080 PORT_B=18081          # our nodes
SIO_A=13100 SIO_B=13101            # Socket.IO nodes
SKD_A=16011 SKD_B=16012            # Sockudo nodes
HP_A=13200                         # Hocuspocus
# The sharded run's Redis Cluster: three masters (issue #36); each bus on port + 100.
SHARD_PORTS=${SHARD_PORTS:-17300 17301 17302}
read -ra SHARD_PORTS_LIST <<<"$SHARD_PORTS"
LIM_A=17000                        # the limit peer

PROFILE_HEAP_WRAP=
if [ "${PROFILE:-}" = heap ]; then
    command -v heaptrack >/dev/null || { echo "bench: PROFILE=heap needs heaptrack (apt-get install -y heaptrack)"; exit 1; }
    PROFILE_HEAP_WRAP=1
fi
if [ "${PROFILE:-}" = cpu ]; then
    command -v perf >/dev/null || { echo "bench: PROFILE=cpu needs perf (apt-get install -y linux-perf)"; exit 1; }
fi

# Pinning: `taskset` when present and both cores exist; otherwise the run says so.
PIN_SERVER=() PIN_HARNESS=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt "$SERVER_CPU" ] && [ "$(nproc)" -gt "$HARNESS_CPU" ]; then
    PIN_SERVER=(taskset -c "$SERVER_CPU") PIN_HARNESS=(taskset -c "$HARNESS_CPU")
else
    echo "bench: NOT pinned (no taskset, or fewer cores than SERVER_CPU/HARNESS_CPU)"
fi

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

if [ "${BENCH_NO_BUILD:-0}" = 1 ]; then  # the release binaries in $CARGO_TARGET_DIR as they are
    echo "bench: using the release binaries in $CARGO_TARGET_DIR/release as built"
else
    echo "bench: building release binaries"
    cargo build --release -q -p vitrine-server -p vitrine-worker -p vitrine-loadtest
fi
BIN=$CARGO_TARGET_DIR/release
LT=$BIN/vitrine-loadtest

# One run against one server: <server> <stem> <harness arguments...>. The report is
# $BENCH_DIR/<server>-<stem>.json; the scenario is the stem up to its first '-'. The harness
# runs on its own core. QUIET=1 keeps the table out of the console (search steps). A failed
# run is said and the others go on (the capacity search reads the verdict from the report).
run() {
    local server=$1 stem=$2
    shift 2
    local scenario=${stem%%-*} txt=$BENCH_DIR/$server-$stem.txt
    [ "${QUIET:-0}" = 1 ] || echo "bench: $stem on $server (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    local perf_pid=
    if [ "${PROFILE:-}" = cpu ]; then
        perf record -a -e cpu-clock -F "${PROFILE_HZ:-499}" -o "$BENCH_DIR/$server-$stem.perf.data" -q \
            >>"$BENCH_DIR/perf.log" 2>&1 &
        perf_pid=$!
    fi
    if [ "${QUIET:-0}" = 1 ]; then
        "${PIN_HARNESS[@]}" "$LT" "$scenario" "$@" --out "$BENCH_DIR/$server-$stem.json" >"$txt" 2>>"$BENCH_DIR/harness.log"
    else
        "${PIN_HARNESS[@]}" "$LT" "$scenario" "$@" --out "$BENCH_DIR/$server-$stem.json" | tee "$txt"
    fi || echo "bench: $stem on $server FAILED (the other runs go on; see $BENCH_DIR/harness.log)"
    if [ -n "$perf_pid" ]; then kill -INT "$perf_pid" && wait "$perf_pid" || true; fi
}

# Redis's own CPU seconds (user + system, from `INFO cpu`) summed over host:port addresses.
redis_cpu() {
    local total=0 addr used
    for addr in "$@"; do
        used=$(redis-cli -h "${addr%:*}" -p "${addr##*:}" info cpu | tr -d '\r' \
            | awk -F: '/^used_cpu_(sys|user):/ { s += $2 } END { printf "%.3f", s }')
        total=$(awk "BEGIN { printf \"%.3f\", $total + $used }")
    done
    echo "$total"
}

# The single Redis's host:port, from $REDIS_URL (redis://[user@]host:port[/db]).
REDIS_ADDR=$(echo "$REDIS_URL" | sed -E 's#^redis://([^@/]*@)?##; s#/.*$##')

# A cross-node run, and what it cost the Redis servers: <comma-separated host:port> then
# run()'s arguments. Writes <server>-<stem>.redis.json beside the report (summarize reads it).
run_on_redis() {
    local addrs=$1 server=$2 stem=$3 before after list
    shift 3
    IFS=, read -ra list <<<"$addrs"
    before=$(redis_cpu "${list[@]}")
    run "$server" "$stem" "$@"
    after=$(redis_cpu "${list[@]}")
    printf '{"redis_cpu_s": %s, "redis_servers": %d}\n' "$(awk "BEGIN { print $after - $before }")" "${#list[@]}" \
        >"$BENCH_DIR/$server-$stem.redis.json"
}

# A 3-master Redis Cluster on loopback for the sharded run; sets SHARD_URL (REDIS_URL's
# cluster form) and SHARD_ADDRS. Its servers are in PIDS: stop_all ends them with the nodes.
start_redis_cluster() {
    local dir=$BENCH_DIR/redis-cluster port nodes=()
    rm -rf "$dir" && mkdir -p "$dir"
    for port in $SHARD_PORTS; do
        (cd "$dir" && exec redis-server --bind 127.0.0.1 --port "$port" --cluster-enabled yes \
            --cluster-port $(( port + 100 )) --cluster-config-file "nodes-$port.conf" --save "" \
            --appendonly no --logfile "$dir/redis-$port.log") &
        PIDS+=($!)
        nodes+=("127.0.0.1:$port")
    done
    for port in $SHARD_PORTS; do wait_port "$port"; done
    redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >>"$LOG" 2>&1 \
        || { echo "bench: the Redis Cluster did not form (see $LOG)"; return 1; }
    for _ in $(seq 1 100); do
        local ok=0
        for port in $SHARD_PORTS; do
            redis-cli -p "$port" cluster info | grep -q '^cluster_state:ok' && ok=$(( ok + 1 ))
        done
        [ "$ok" = "$(echo $SHARD_PORTS | wc -w)" ] && break
        sleep 0.2
    done
    SHARD_URL="redis-cluster://${nodes[0]}?$(printf 'node=%s&' "${nodes[@]:1}" | sed 's/&$//')"
    SHARD_ADDRS=$(IFS=,; echo "${nodes[*]}")
}

cluster_args() {
    echo "--connections $CLUSTER_CONNS --channels $CLUSTER_CHANNELS --rate $CLUSTER_RATE --duration $DURATION"
}

docs_args() {
    echo "--documents $DOCS_DOCUMENTS --editors $DOCS_EDITORS --rate $DOCS_RATE --duration $DURATION"
}

# Servers start pinned to $PIN_NOW (the server core; the cluster runs put one node per core).
PIN_NOW=("${PIN_SERVER[@]}")

# --- Our hub -----------------------------------------------------------------------------
VDIR=$BENCH_DIR/vitrine-data
VDB="sqlite://$VDIR/vitrine.db?mode=rwc"
prepare_vitrine() {
    mkdir -p "$VDIR"
    env VITRINE_DATA_DIR="$VDIR" DATABASE_URL="$VDB" RUST_LOG=warn "$BIN/vitrine-server" seed --demo >>"$LOG" 2>&1
}

# A node's private metrics listener (VITRINE_METRICS_BIND), where the harness reads its bus lag.
metrics_port() { echo $(( $1 + 1000 )); }

start_vitrine() {  # <port> <data dir> <database url> [redis url]
    local port=$1 dir=$2 db=$3 redis=${4:-}
    mkdir -p "$dir/web"
    # `docs` signs every socket in as the one demo admin: at 1,000 documents x 5 editors that
    # is 250 sockets, past the 32 a user may hold (the limit stays a user's, not a harness's);
    # the watchers are thousands of anonymous sockets from one address, past its 32.
    # `make bench` exports REDIS_URL for the cluster runs: a single node must not inherit it,
    # or its "in-process bus" figures are Redis's (the harness checks /readyz and fails).
    "${PIN_NOW[@]}" env -u REDIS_URL VITRINE_BIND=127.0.0.1:$port VITRINE_DATA_DIR="$dir" VITRINE_WEB_DIR="$dir/web" \
        DATABASE_URL="$db" VITRINE_API_KEY=$API_KEY VITRINE_PAYMENTS_TEST_MODE=1 VITRINE_RATE_LIMITS=off RUST_LOG=warn \
        VITRINE_METRICS_BIND=127.0.0.1:$(metrics_port $port) ${redis:+REDIS_URL=$redis} \
        VITRINE_WS_MAX_CONNECTIONS_PER_USER=100000 VITRINE_WS_MAX_ANONYMOUS_PER_ADDRESS=100000 ${SERVER_PRELOAD:+LD_PRELOAD=$SERVER_PRELOAD} \
        ${PROFILE_HEAP_WRAP:+heaptrack -o "$BENCH_DIR/heaptrack-vitrine-$port"} \
        "$BIN/vitrine-server" serve >>"$LOG" 2>&1 &
    PIDS+=($!)
    LAST_PID=$!
    wait_port "$port"
    if [ -n "${PROFILE_HEAP_WRAP:-}" ]; then
        # heaptrack runs the server as its child: the harness samples the server itself, and
        # stop_all must stop it (heaptrack writes its file when the server exits).
        LAST_PID=$(pgrep -P "$LAST_PID" -f "vitrine-server serve")
        PIDS+=("$LAST_PID")
    fi
}

bench_vitrine() {
    start_vitrine $PORT_A "$VDIR" "$VDB"
    local pid=$LAST_PID target=ws://127.0.0.1:$PORT_A
    # idle first, on a fresh process: memory a previous run left (allocator, GC) skews the growth.
    want idle && run vitrine idle --target $target --connections "$IDLE_CONNS" --server-pid $pid
    if want marketplace; then
        run vitrine marketplace --target $target --server-pid $pid --contests "$MARKET_CONTESTS" \
            --designers "$MARKET_DESIGNERS" --watchers "$MARKET_WATCHERS" --rounds "$MARKET_ROUNDS"
        # The same again in the same process (issue #36): memory the first run left behind,
        # and whether it keeps growing, shows in the second one's RSS.
        run vitrine marketplace-again --target $target --server-pid $pid --contests "$MARKET_CONTESTS" \
            --designers "$MARKET_DESIGNERS" --watchers "$MARKET_WATCHERS" --rounds "$MARKET_ROUNDS"
    fi
    stop_all
    if want marketplace && [ "$MARKET_THINK_MS" -gt 0 ]; then
        start_vitrine $PORT_A "$VDIR" "$VDB"
        run vitrine marketplace-paced --target $target --server-pid $LAST_PID --contests "$MARKET_CONTESTS" \
            --designers "$MARKET_DESIGNERS" --watchers "$MARKET_WATCHERS" --rounds "$MARKET_ROUNDS" \
            --think-ms "$MARKET_THINK_MS"
        stop_all
    fi
    if want docs; then
        start_vitrine $PORT_A "$VDIR" "$VDB"
        # shellcheck disable=SC2046
        run vitrine docs --target $target --server-pid $LAST_PID $(docs_args)
        stop_all
    fi
    if want cluster && have_redis; then
        # Two nodes, one core each; the harness has no core of its own here.
        PIN_NOW=(taskset -c 0)
        start_vitrine $PORT_A "$VDIR" "$VDB" "$REDIS_URL"
        local a=$LAST_PID
        mkdir -p "$VDIR-b"
        PIN_NOW=(taskset -c 1)
        start_vitrine $PORT_B "$VDIR-b" "$VDB" "$REDIS_URL"
        PIN_NOW=("${PIN_SERVER[@]}")
        # shellcheck disable=SC2046
        PIN_HARNESS_SAVED=("${PIN_HARNESS[@]}"); PIN_HARNESS=()
        run_on_redis "$REDIS_ADDR" vitrine cluster --nodes ws://127.0.0.1:$PORT_A,ws://127.0.0.1:$PORT_B \
            --metrics http://127.0.0.1:$(metrics_port $PORT_A),http://127.0.0.1:$(metrics_port $PORT_B) \
            --api-key $API_KEY --server-pid $a,$LAST_PID $(cluster_args)
        stop_all
        # The same two nodes on a 3-master Redis Cluster: sharded pub/sub (issue #36).
        if start_redis_cluster; then
            PIN_NOW=(taskset -c 0)
            start_vitrine $PORT_A "$VDIR" "$VDB" "$SHARD_URL"
            a=$LAST_PID
            PIN_NOW=(taskset -c 1)
            start_vitrine $PORT_B "$VDIR-b" "$VDB" "$SHARD_URL"
            PIN_NOW=("${PIN_SERVER[@]}")
            # shellcheck disable=SC2046
            run_on_redis "$SHARD_ADDRS" vitrine cluster-sharded --nodes ws://127.0.0.1:$PORT_A,ws://127.0.0.1:$PORT_B \
                --metrics http://127.0.0.1:$(metrics_port $PORT_A),http://127.0.0.1:$(metrics_port $PORT_B) \
                --api-key $API_KEY --server-pid $a,$LAST_PID $(cluster_args)
        fi
        PIN_HARNESS=("${PIN_HARNESS_SAVED[@]}")
        stop_all
    fi
    if want timers; then
        # The workers and PostgreSQL are not pinned: this one measures timers, not a core.
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
prepare_socketio() {
    local source=$ROOT/../shared/peers/socketio
    [ -f "$source/server.js" ] || source=/work/shared/peers/socketio
    if [ ! -f "$source/server.js" ] || ! command -v node >/dev/null; then
        echo "bench: SKIPPED the Socket.IO peer (no node, or no shared/peers/socketio)"; return 1
    fi
    SIO_DIR=$BENCH_DIR/socketio-peer
    mkdir -p "$SIO_DIR"
    cp "$source/server.js" "$source/package.json" "$source/package-lock.json" "$SIO_DIR/"
    (cd "$SIO_DIR" && npm ci --no-audit --no-fund --silent) >>"$LOG" 2>&1
}

start_socketio() {  # <port> [redis url]
    local port=$1 redis=${2:-}
    (cd "$SIO_DIR" && exec "${PIN_NOW[@]}" env -u REDIS_URL PORT=$port ${redis:+REDIS_URL=$redis} node server.js >>"$LOG" 2>&1) &
    PIDS+=($!)
    LAST_PID=$!
    wait_port "$port"
}

bench_socketio() {
    start_socketio $SIO_A
    local pid=$LAST_PID target=ws://127.0.0.1:$SIO_A
    want idle && run socketio idle --peer socketio --target $target --connections "$IDLE_CONNS" --server-pid $pid
    stop_all
    if want cluster && have_redis; then
        PIN_NOW=(taskset -c 0)
        start_socketio $SIO_A "$REDIS_URL"
        local a=$LAST_PID
        PIN_NOW=(taskset -c 1)
        start_socketio $SIO_B "$REDIS_URL"
        PIN_NOW=("${PIN_SERVER[@]}")
        PIN_HARNESS_SAVED=("${PIN_HARNESS[@]}"); PIN_HARNESS=()
        # shellcheck disable=SC2046
        run_on_redis "$REDIS_ADDR" socketio cluster --peer socketio --nodes ws://127.0.0.1:$SIO_A,ws://127.0.0.1:$SIO_B \
            --server-pid $a,$LAST_PID $(cluster_args)
        PIN_HARNESS=("${PIN_HARNESS_SAVED[@]}")
        stop_all
    fi
}

# --- Sockudo -----------------------------------------------------------------------------
SOCKUDO=${SOCKUDO:-$(command -v sockudo || echo "$HOME/.cargo/bin/sockudo")}
prepare_sockudo() {
    if [ ! -x "$SOCKUDO" ]; then
        echo "bench: SKIPPED Sockudo: not installed. Install it once with 'make peers' (about 15 minutes:"
        echo "       apt-get install -y protobuf-compiler; cargo install sockudo --locked --features redis)."
        return 1
    fi
}

start_sockudo() {  # <port> <metrics port> [redis url]
    local port=$1 metrics=$2 redis=${3:-}
    local adapter=(ADAPTER_DRIVER=local CACHE_DRIVER=memory)
    [ -n "$redis" ] && adapter=(ADAPTER_DRIVER=redis CACHE_DRIVER=redis DATABASE_REDIS_HOST=127.0.0.1
        DATABASE_REDIS_PORT=6379 REDIS_URL="$redis")
    "${PIN_NOW[@]}" env -u REDIS_URL HOST=127.0.0.1 PORT=$port METRICS_ENABLED=false METRICS_HOST=127.0.0.1 METRICS_PORT=$metrics \
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
    start_sockudo $SKD_A 19611
    local pid=$LAST_PID target=ws://127.0.0.1:$SKD_A
    want idle && run sockudo idle --peer sockudo --target $target --connections "$IDLE_CONNS" --server-pid $pid
    stop_all
    if want cluster && have_redis; then
        PIN_NOW=(taskset -c 0)
        start_sockudo $SKD_A 19611 "$REDIS_URL"
        local a=$LAST_PID
        PIN_NOW=(taskset -c 1)
        start_sockudo $SKD_B 19612 "$REDIS_URL"
        PIN_NOW=("${PIN_SERVER[@]}")
        PIN_HARNESS_SAVED=("${PIN_HARNESS[@]}"); PIN_HARNESS=()
        # shellcheck disable=SC2046
        run_on_redis "$REDIS_ADDR" sockudo cluster --peer sockudo --nodes ws://127.0.0.1:$SKD_A,ws://127.0.0.1:$SKD_B \
            --server-pid $a,$LAST_PID $(cluster_args)
        PIN_HARNESS=("${PIN_HARNESS_SAVED[@]}")
        stop_all
    fi
}

# --- The limit peer (issue #27): one thread over epoll, pre-encoded frames -----------------
prepare_limit() { :; }

start_limit() {
    "${PIN_NOW[@]}" "$LT" limit-server --bind 127.0.0.1:$LIM_A >>"$LOG" 2>&1 &
    PIDS+=($!)
    LAST_PID=$!
    wait_port $LIM_A
}

bench_limit() {
    want idle || return 0
    start_limit
    run limit idle --peer limit --target ws://127.0.0.1:$LIM_A --connections "$IDLE_CONNS" --server-pid $LAST_PID
    stop_all
}

# --- The Hocuspocus peer (collaborative documents) ----------------------------------------
prepare_hocuspocus() { :; }

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
    (cd "$dir" && exec "${PIN_NOW[@]}" env -u REDIS_URL PORT=$HP_A SQLITE_PATH="$dir/hocuspocus.sqlite" node server.js >>"$LOG" 2>&1) &
    PIDS+=($!)
    local pid=$!
    wait_port $HP_A
    # shellcheck disable=SC2046
    run hocuspocus docs --peer hocuspocus --target ws://127.0.0.1:$HP_A --server-pid $pid $(docs_args)
    stop_all
}

# --- The race: capacity at a bound, then equal load -----------------------------------------
# A fresh single-node server: <server>; sets LAST_PID and TARGET_ARGS.
start_one() {
    case $1 in
        vitrine) start_vitrine $PORT_A "$VDIR" "$VDB"; TARGET_ARGS=(--target ws://127.0.0.1:$PORT_A --api-key $API_KEY --metrics http://127.0.0.1:$(metrics_port $PORT_A)) ;;
        socketio) start_socketio $SIO_A; TARGET_ARGS=(--peer socketio --target ws://127.0.0.1:$SIO_A) ;;
        sockudo) start_sockudo $SKD_A 19611; TARGET_ARGS=(--peer sockudo --target ws://127.0.0.1:$SKD_A) ;;
        limit) start_limit; TARGET_ARGS=(--peer limit --target ws://127.0.0.1:$LIM_A) ;;
    esac
}

shape_args() {  # <scenario>
    case $1 in
        fanout) echo "--connections $CAP_CONNS --channels $CAP_CHANNELS" ;;
        broadcast) echo "--connections $CAP_BROADCAST_CONNS" ;;
    esac
}

# One step on a fresh process: <server> <stem> <scenario> <rate> <seconds>; true if sustained.
step() {
    local server=$1 stem=$2 scenario=$3 rate=$4 seconds=$5 verdict ok=0
    start_one "$server"
    # shellcheck disable=SC2046
    QUIET=1 run "$server" "$stem" "${TARGET_ARGS[@]}" --server-pid "$LAST_PID" $(shape_args "$scenario") \
        --rate "$rate" --duration "$seconds" --drain "$CAP_DRAIN" || true
    stop_all
    verdict=$("$LT" sustained "$BENCH_DIR/$server-$stem.json" --p99-ms "$P99_BOUND_MS" 2>&1) || ok=1
    echo "bench:   $server $stem: ${verdict%%$'\n'*} (load average $(cut -d' ' -f1 /proc/loadavg))"
    return $ok
}

declare -A FIRST_BEST=() BESTS=()
# One repeat of the capacity search: <server> <scenario> <repeat>.
search() {
    local server=$1 scenario=$2 repeat=$3 start max rate lo=0 hi=0 mid
    if [ "$scenario" = fanout ]; then start=$CAP_FANOUT_START max=$CAP_FANOUT_MAX; else start=$CAP_BROADCAST_START max=$CAP_BROADCAST_MAX; fi
    rate=$start
    # Later repeats start at half the first one's capacity: the steps below held already.
    local first=${FIRST_BEST[$server-$scenario]:-0}
    [ "$first" -gt 1 ] && rate=$(( first / 2 ))
    while :; do
        if step "$server" "$scenario-cap$repeat-$rate" "$scenario" "$rate" "$CAP_DURATION"; then
            lo=$rate
            [ "$hi" -gt 0 ] && break
            rate=$(( rate * 2 ))
            [ "$rate" -gt "$max" ] && break
        else
            hi=$rate
            [ "$lo" -gt 0 ] && break
            rate=$(( rate / 2 ))
            [ "$rate" -lt 1 ] && break
        fi
    done
    if [ "$lo" -gt 0 ] && [ "$hi" -gt 0 ]; then
        mid=$(awk "BEGIN { printf \"%d\", sqrt($lo * $hi) }")
        if [ "$mid" -gt "$lo" ] && [ "$mid" -lt "$hi" ] \
            && step "$server" "$scenario-cap$repeat-$mid" "$scenario" "$mid" "$CAP_DURATION"; then
            lo=$mid
        fi
    fi
    [ "$repeat" = 1 ] && FIRST_BEST[$server-$scenario]=$lo
    BESTS[$server-$scenario]="${BESTS[$server-$scenario]:-} $lo"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'; }

race() {  # <scenario>: every racer's capacity, repeat by repeat, then the equal-load runs
    local scenario=$1 repeat server lowest=0 eq
    for repeat in $(seq 1 "$REPEATS"); do
        for server in $RACERS; do
            echo "bench: $scenario capacity of $server, repeat $repeat of $REPEATS"
            search "$server" "$scenario" "$repeat"
        done
    done
    for server in $RACERS; do
        local m
        m=$(echo "${BESTS[$server-$scenario]}" | median)
        echo "bench: $scenario capacity of $server: median $m events/s (repeats:${BESTS[$server-$scenario]})"
        if [ "$m" -gt 0 ] && { [ "$lowest" = 0 ] || [ "$m" -lt "$lowest" ]; }; then lowest=$m; fi
    done
    [ "$lowest" -gt 0 ] || { echo "bench: no server held any $scenario step: no equal-load runs"; return; }
    eq=$(( lowest * EQ_SHARE / 100 ))
    [ "$eq" -lt 1 ] && eq=1
    echo "bench: $scenario at equal load: $eq events/s ($EQ_SHARE % of the lowest median capacity)"
    for repeat in $(seq 1 "$REPEATS"); do
        for server in $RACERS; do
            step "$server" "$scenario-eq$repeat" "$scenario" "$eq" "$EQ_DURATION" || true
        done
    done
}

have_redis || echo "bench: Redis does not answer at $REDIS_URL: the cluster runs are skipped"
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench: load average at the start: $LOAD_START"
started=$(date +%s)
READY=""
for server in $PEERS; do
    if "prepare_$server"; then READY="$READY $server"; fi
done
RACERS=""
for server in $READY; do
    case $server in vitrine | socketio | sockudo | limit) RACERS="$RACERS $server" ;; esac
done
for scenario in fanout broadcast; do
    want $scenario && race $scenario
done
for server in $READY; do
    "bench_$server"
done
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
echo "bench: measured in $(( $(date +%s) - started )) s; load average at the end: $LOAD_END"

COMMAND="make bench   # loadtest/bench.sh; capacity: fanout $CAP_CONNS subscribers over $CAP_CHANNELS channels, broadcast $CAP_BROADCAST_CONNS, \
${CAP_DURATION} s per step, p99 <= $P99_BOUND_MS ms, $REPEATS repeats; equal load ${EQ_DURATION} s x $REPEATS at $EQ_SHARE % of \
the lowest capacity; cluster $CLUSTER_CONNS conns/$CLUSTER_CHANNELS ch/$CLUSTER_RATE ev/s over 2 nodes, ${DURATION} s, \
on one Redis and on a ${#SHARD_PORTS_LIST[@]}-master Redis Cluster (ours); idle $IDLE_CONNS conns in two halves; \
marketplace $MARKET_CONTESTS contests x $MARKET_WATCHERS watchers, no pause twice in one process, then ${MARKET_THINK_MS} ms; \
docs $DOCS_DOCUMENTS documents x $DOCS_EDITORS editors x $DOCS_RATE edits/s; servers: ${READY# }; \
load average (1/5/15 min) $LOAD_START at the start, $LOAD_END at the end"
# The notes: what limited each figure, then the documents table (ours and Hocuspocus).
{
    [ -f "$ROOT/loadtest/bench-notes.md" ] && cat "$ROOT/loadtest/bench-notes.md" && echo
    if [ -f "$BENCH_DIR/vitrine-docs.json" ]; then
        DOCS_REPORTS=("$BENCH_DIR/vitrine-docs.json")
        [ -f "$BENCH_DIR/hocuspocus-docs.json" ] && DOCS_REPORTS+=("$BENCH_DIR/hocuspocus-docs.json")
        "$LT" docs-table "${DOCS_REPORTS[@]}"
    fi
} > "$BENCH_DIR/notes.md"
# The charts go next to BENCHMARKS.md, one folder per day: the median repeat's of each
# search and equal-load run would be too many, so the equal-load runs' first repeat and the
# single runs.
CHARTS=docs/benchmarks/$(date -u +%Y-%m-%d)
mkdir -p "$(dirname "$BENCHMARKS")/$CHARTS"
for svg in "$BENCH_DIR"/*.svg; do
    case $svg in *-cap[0-9]*-*.svg | *-eq[2-9].svg) continue ;; esac
    cp "$svg" "$(dirname "$BENCHMARKS")/$CHARTS/" 2>/dev/null || true
done
"$LT" summarize --dir "$BENCH_DIR" --benchmarks "$BENCHMARKS" --command "$COMMAND" --charts "$CHARTS" \
    --notes "$BENCH_DIR/notes.md" >/dev/null
echo "bench: BENCHMARKS.md updated; reports and charts in $BENCH_DIR"

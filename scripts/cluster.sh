#!/usr/bin/env bash
# The scaled topology natively on loopback: the machine's PostgreSQL and Redis, two
# vitrine-server nodes, one vitrine-worker, and nginx (Debian's package, run as a user
# process with its own config, pid and logs under the run folder; never the system
# service) in front, spreading REST and WebSocket traffic over the nodes.
#
#   scripts/cluster.sh start         start whatever part is not running (idempotent)
#   scripts/cluster.sh stop          stop every part this run folder started
#   scripts/cluster.sh status        which parts run, and where they listen
#   scripts/cluster.sh ensure-nginx  install nginx from Debian's packages when missing
#
# `make cluster` and `make cluster-stop` call it; the fault suite (faults/) calls it too,
# with its own run folder, ports, database and private Redis. Settings (environment):
#
#   CLUSTER_DIR           run folder: pids, logs, nginx config     (run/cluster)
#   CLUSTER_PROXY_PORT    nginx                                     (8090)
#   CLUSTER_TLS_PORT      nginx over TLS, with a local certificate  (8443)
#                         made in $CLUSTER_DIR/tls by scripts/local-cert.sh (trust tls/ca.pem)
#   CLUSTER_NODE_A_PORT   first node                                (8091)
#   CLUSTER_NODE_B_PORT   second node                               (8092)
#   CLUSTER_NODE_A_METRICS_PORT  first node's private /metrics      (8095)
#   CLUSTER_NODE_B_METRICS_PORT  second node's private /metrics     (8096)
#   CLUSTER_STRIPE_PORT   the local Stripe every node shares        (8093)
#   CLUSTER_STRIPE_WEBHOOK_URL  where that Stripe sends its events
#                         (the proxy's /webhooks/stripe: any node may settle)
#   CLUSTER_PAYPAL_PORT   the local PayPal every node shares        (8094)
# Browsers reach both through nginx (/sandbox/stripe/, /sandbox/paypal/).
#   CLUSTER_STORAGE       where uploaded files live: s3 (a bucket every node reads and
#                         writes, as a deployment's object store) or disk (one folder the
#                         nodes share, $CLUSTER_DIR/files)                       (s3)
#   CLUSTER_S3_ENDPOINT   an S3-compatible store to use (MinIO, ...); unset: moto's S3
#                         server (scripts/moto-requirements.txt) started on CLUSTER_S3_PORT
#   CLUSTER_S3_PORT       that local S3 server                      (8097)
#   CLUSTER_S3_BUCKET     the bucket, created when missing          (vitrine-files)
#   AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY  its keys               (testing / testing)
#   CLUSTER_DATABASE_URL  the nodes' database; unset: vitrine_cluster on the local
#                         PostgreSQL, created if missing (admin: POSTGRES_ADMIN_URL)
#   CLUSTER_REDIS_URL     the bus                                   (redis://127.0.0.1:6379)
#                         or a Redis Cluster: redis-cluster://h:p?node=h:p&node=h:p
#   CLUSTER_DEMO          1: seed the demo accounts; 0: reference data only   (1)
#   SERVER_BIN WORKER_BIN STRIPE_BIN PAYPAL_BIN  the binaries
#                         ($CARGO_TARGET_DIR/release/vitrine-{server,worker,stripe-mock,paypal-mock})
#   VITRINE_API_KEY       the publish API key of the nodes; unset: a random one made at the
#                         first start and kept in $CLUSTER_DIR/api-key (a node on PostgreSQL
#                         and Redis refuses to serve without a secret key)
#
# nginx runs on loopback, so the nodes trust 127.0.0.1's X-Forwarded-For
# (VITRINE_TRUSTED_PROXIES): the abuse limits count each client, not the proxy.
#
# Every part is started with setsid and its pid recorded; `stop` signals only those pids,
# and only when the process there is still the one started (its command line matches).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${CLUSTER_DIR:-$ROOT/run/cluster}"
PROXY_PORT="${CLUSTER_PROXY_PORT:-8090}"
TLS_PORT="${CLUSTER_TLS_PORT:-8443}"
NODE_A_PORT="${CLUSTER_NODE_A_PORT:-8091}"
NODE_B_PORT="${CLUSTER_NODE_B_PORT:-8092}"
NODE_A_METRICS_PORT="${CLUSTER_NODE_A_METRICS_PORT:-8095}"
NODE_B_METRICS_PORT="${CLUSTER_NODE_B_METRICS_PORT:-8096}"
STRIPE_PORT="${CLUSTER_STRIPE_PORT:-8093}"
STRIPE_WEBHOOK_URL="${CLUSTER_STRIPE_WEBHOOK_URL:-http://127.0.0.1:$PROXY_PORT/webhooks/stripe}"
PAYPAL_PORT="${CLUSTER_PAYPAL_PORT:-8094}"
STORAGE="${CLUSTER_STORAGE:-s3}"
S3_PORT="${CLUSTER_S3_PORT:-8097}"
S3_ENDPOINT="${CLUSTER_S3_ENDPOINT:-http://127.0.0.1:$S3_PORT}"
S3_BUCKET="${CLUSTER_S3_BUCKET:-vitrine-files}"
S3_KEY_ID="${AWS_ACCESS_KEY_ID:-testing}"
S3_SECRET="${AWS_SECRET_ACCESS_KEY:-testing}"
ADMIN_URL="${POSTGRES_ADMIN_URL:-postgres://root@127.0.0.1:5432/postgres}"
REDIS_URL_IN_FORCE="${CLUSTER_REDIS_URL:-redis://127.0.0.1:6379}"
TARGET="${CARGO_TARGET_DIR:-$HOME/.cache/vitrine-target}"
SERVER_BIN="${SERVER_BIN:-$TARGET/release/vitrine-server}"
WORKER_BIN="${WORKER_BIN:-$TARGET/release/vitrine-worker}"
STRIPE_BIN="${STRIPE_BIN:-$TARGET/release/vitrine-stripe-mock}"
PAYPAL_BIN="${PAYPAL_BIN:-$TARGET/release/vitrine-paypal-mock}"
DEMO="${CLUSTER_DEMO:-1}"
NGINX="${NGINX:-/usr/sbin/nginx}"

# `redis-cli -u` takes one server: a cluster URL (redis-cluster://h:p?node=h:p&...)
# answers when any of its nodes does (one may be down while its replica serves).
redis_ping() {
  local url="$1" rest host
  case "$url" in
    redis-cluster://*)
      rest="${url#redis-cluster://}"
      for host in "${rest%%\?*}" $(printf '%s' "${rest#*\?}" | tr '&' '\n' | sed -n 's/^node=//p'); do
        redis-cli -u "redis://$host" ping >/dev/null 2>&1 && return 0
      done
      return 1 ;;
    *) redis-cli -u "$url" ping >/dev/null 2>&1 ;;
  esac
}

say() { printf 'cluster: %s\n' "$*"; }
fail() { printf 'cluster: %s\n' "$*" >&2; exit 1; }

database_url() {
  if [ -n "${CLUSTER_DATABASE_URL:-}" ]; then
    echo "$CLUSTER_DATABASE_URL"
  else
    echo "${ADMIN_URL%/*}/vitrine_cluster"
  fi
}

# The pid of a part when that part is running, else nothing.
running_pid() {
  local name="$1" pattern="$2" pid
  [ -f "$DIR/$name.pid" ] || return 0
  pid="$(cat "$DIR/$name.pid")"
  if [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$pattern"; then
    echo "$pid"
  fi
}

ensure_nginx() {
  if [ -x "$NGINX" ]; then return 0; fi
  say "nginx is missing: installing Debian's package"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  # Debian's post-install script may try to start the system service; a policy-rc.d that
  # denies it keeps the system service stopped (the cluster runs its own nginx).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
    $sudo chmod +x /usr/sbin/policy-rc.d
    local cleanup=1
  fi
  $sudo apt-get install -y nginx >/dev/null || { $sudo apt-get update >/dev/null && $sudo apt-get install -y nginx >/dev/null; }
  [ -z "${cleanup:-}" ] || $sudo rm -f /usr/sbin/policy-rc.d
  [ -x "$NGINX" ] || fail "nginx did not install"
}

wait_ready() {
  local name="$1" port="$2"
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then return 0; fi
    if [ -z "$(running_pid "$name" vitrine-server)" ]; then
      tail -n 20 "$DIR/$name.log" >&2 || true
      fail "$name exited; see $DIR/$name.log"
    fi
    sleep 0.2
  done
  fail "$name is not ready on 127.0.0.1:$port after 30 s; see $DIR/$name.log"
}

prepare_database() {
  local url="$1"
  if [ -z "${CLUSTER_DATABASE_URL:-}" ]; then
    pg_isready -q -h 127.0.0.1 -p 5432 || fail "PostgreSQL does not answer on 127.0.0.1:5432"
    if [ -z "$(psql "$ADMIN_URL" -Atc "SELECT 1 FROM pg_database WHERE datname = 'vitrine_cluster'")" ]; then
      psql "$ADMIN_URL" -qc "CREATE DATABASE vitrine_cluster" >/dev/null
      say "created database vitrine_cluster"
    fi
  fi
  if [ "$DEMO" = 1 ]; then
    DATABASE_URL="$url" "$SERVER_BIN" seed --demo >>"$DIR/migrate.log" 2>&1 || fail "seeding failed; see $DIR/migrate.log"
  else
    DATABASE_URL="$url" "$SERVER_BIN" migrate >>"$DIR/migrate.log" 2>&1 || fail "migrations failed; see $DIR/migrate.log"
  fi
}

# The publish API key: VITRINE_API_KEY, else the run folder's own random one (made once, so
# a restarted node keeps the key its clients know; readable by this user only).
api_key() {
  if [ -n "${VITRINE_API_KEY:-}" ]; then
    echo "$VITRINE_API_KEY"
    return
  fi
  if [ ! -s "$DIR/api-key" ]; then
    mkdir -p "$DIR"
    (umask 077 && od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >"$DIR/api-key")
  fi
  cat "$DIR/api-key"
}

# The signing secret of the shared local Stripe's webhooks, made once per run folder like
# the API key (the nodes check every event's signature with it).
stripe_webhook_secret() {
  if [ ! -s "$DIR/stripe-webhook-secret" ]; then
    mkdir -p "$DIR"
    (umask 077 && printf 'whsec_%s' "$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')" >"$DIR/stripe-webhook-secret")
  fi
  cat "$DIR/stripe-webhook-secret"
}

# The environment of every node and of the worker (the README's settings), in NODE_ENV.
# Payments go to the one local Stripe and the one local PayPal of this run, as a
# deployment's nodes all reach the same providers: a payment started on one node settles
# through another. The browser loads the Stripe's stand-in Stripe.js through nginx.
node_env() {
  local port="$1" metrics_port="${2:-}" name="${3:-worker}"
  NODE_ENV=(DATABASE_URL="$(database_url)" REDIS_URL="$REDIS_URL_IN_FORCE" VITRINE_WORKER=off
    VITRINE_BIND="127.0.0.1:$port" VITRINE_API_KEY="$(api_key)" VITRINE_TRUSTED_PROXIES=127.0.0.1
    VITRINE_DATA_DIR="$DIR/data"
    VITRINE_FILES_DIR="$(files_dir "$name")" VITRINE_WEB_DIR="$ROOT/web/dist"
    VITRINE_PUBLIC_URL="http://127.0.0.1:$PROXY_PORT" LOG_FORMAT=json RUST_LOG="${RUST_LOG:-info}"
    STRIPE_SECRET_KEY=sk_test_vitrine_cluster STRIPE_WEBHOOK_SECRET="$(stripe_webhook_secret)"
    STRIPE_API_BASE="http://127.0.0.1:$STRIPE_PORT/"
    STRIPE_JS_URL="http://127.0.0.1:$PROXY_PORT/sandbox/stripe/v3/" STRIPE_PUBLISHABLE_KEY=pk_test_vitrine_cluster
    PAYPAL_CLIENT_ID=vitrine-cluster PAYPAL_CLIENT_SECRET=vitrine-cluster-secret
    PAYPAL_API_BASE="http://127.0.0.1:$PAYPAL_PORT")
  if [ -n "${VITRINE_SMTP_URL:-}" ]; then NODE_ENV+=(VITRINE_SMTP_URL="$VITRINE_SMTP_URL"); fi
  if [ "$STORAGE" = s3 ]; then
    NODE_ENV+=(VITRINE_S3_BUCKET="$S3_BUCKET" VITRINE_S3_ENDPOINT="$S3_ENDPOINT"
      AWS_ACCESS_KEY_ID="$S3_KEY_ID" AWS_SECRET_ACCESS_KEY="$S3_SECRET")
  fi
  # Each node's /metrics on a loopback port of its own, never through nginx.
  if [ -n "$metrics_port" ]; then NODE_ENV+=(VITRINE_METRICS_BIND="127.0.0.1:$metrics_port"); fi
}

# A part's files folder. On S3 each part has its own (only uploads being received pass
# through it), so that nothing a node serves can come from its disk; on disk the nodes
# share one, as they would share a volume.
files_dir() {
  if [ "$STORAGE" = s3 ]; then echo "$DIR/files-$1"; else echo "$DIR/files"; fi
}

# The local S3 server (moto's) unless CLUSTER_S3_ENDPOINT names another store, then the
# bucket (created when missing; moto keeps objects in memory, so a restarted moto starts
# empty, as a new bucket would).
start_objects() {
  [ "$STORAGE" = s3 ] || return 0
  if [ -z "${CLUSTER_S3_ENDPOINT:-}" ] && [ -z "$(running_pid objects moto_server)" ]; then
    command -v moto_server >/dev/null || fail "moto_server is missing (make moto, or set CLUSTER_S3_ENDPOINT)"
    setsid moto_server -H 127.0.0.1 -p "$S3_PORT" >>"$DIR/objects.log" 2>&1 </dev/null &
    echo $! >"$DIR/objects.pid"
    local up=""
    for _ in $(seq 1 150); do
      if curl -s -o /dev/null "$S3_ENDPOINT/" 2>/dev/null; then up=1; break; fi
      sleep 0.2
    done
    # Its own moto, not another run's on the same port.
    [ -n "$up" ] && [ -n "$(running_pid objects moto_server)" ] ||
      fail "the local S3 server does not listen on $S3_ENDPOINT; see $DIR/objects.log"
  fi
  # Path-style, as the nodes speak to it. 200: made; 409: it exists already.
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' -X PUT "$S3_ENDPOINT/$S3_BUCKET" || true)"
  case "$code" in
    200 | 409) ;;
    *) fail "cannot create the bucket $S3_BUCKET at $S3_ENDPOINT (HTTP $code); create it, or check CLUSTER_S3_*" ;;
  esac
}

start_node() {
  local name="$1" port="$2" metrics_port="$3"
  if [ -n "$(running_pid "$name" vitrine-server)" ]; then return 0; fi
  node_env "$port" "$metrics_port" "$name"
  setsid env "${NODE_ENV[@]}" "$SERVER_BIN" serve >>"$DIR/$name.log" 2>&1 </dev/null &
  echo $! >"$DIR/$name.pid"
}

# Starts a test-mode provider (a local Stripe or PayPal) unless it runs: `name` (its pid and
# log file), `bin`, `port`, then its settings as NAME=value; waits until it listens.
start_provider() {
  local name="$1" bin="$2" port="$3"
  shift 3
  if [ -n "$(running_pid "$name" "$(basename "$bin")")" ]; then return 0; fi
  setsid env "$@" "$bin" >>"$DIR/$name.log" 2>&1 </dev/null &
  echo $! >"$DIR/$name.pid"
  for _ in $(seq 1 50); do
    if curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  fail "the local $name does not listen on 127.0.0.1:$port; see $DIR/$name.log"
}

start_stripe() {
  start_provider stripe "$STRIPE_BIN" "$STRIPE_PORT" STRIPE_MOCK_BIND="127.0.0.1:$STRIPE_PORT" \
    STRIPE_MOCK_WEBHOOK_URL="$STRIPE_WEBHOOK_URL" STRIPE_MOCK_WEBHOOK_SECRET="$(stripe_webhook_secret)"
}

start_paypal() {
  start_provider paypal "$PAYPAL_BIN" "$PAYPAL_PORT" PAYPAL_MOCK_BIND="127.0.0.1:$PAYPAL_PORT" \
    PAYPAL_MOCK_PUBLIC_URL="http://127.0.0.1:$PROXY_PORT/sandbox/paypal"
}

start_worker() {
  if [ -n "$(running_pid worker vitrine-worker)" ]; then return 0; fi
  node_env 0
  setsid env "${NODE_ENV[@]}" "$WORKER_BIN" >>"$DIR/worker.log" 2>&1 </dev/null &
  echo $! >"$DIR/worker.pid"
}

write_nginx_config() {
  mkdir -p "$DIR/nginx/logs" "$DIR/nginx/temp"
  sed -e "s/\${NODE_A}/127.0.0.1:$NODE_A_PORT/" -e "s/\${NODE_B}/127.0.0.1:$NODE_B_PORT/" \
    -e "s/\${STRIPE}/127.0.0.1:$STRIPE_PORT/" -e "s/\${PAYPAL}/127.0.0.1:$PAYPAL_PORT/" \
    -e "s/\${LISTEN}/127.0.0.1:$PROXY_PORT/" -e "s/\${TLS_LISTEN}/127.0.0.1:$TLS_PORT/" \
    -e "s|\${TLS_CERT}|$DIR/tls/cert.pem|" -e "s|\${TLS_KEY}|$DIR/tls/key.pem|" \
    "$ROOT/deploy/nginx/vitrine.conf.template" >"$DIR/nginx/vitrine.conf"
  local user_line=""
  # As root, nginx's workers would switch to `nobody`, who cannot write the run folder.
  [ "$(id -u)" -ne 0 ] || user_line="user root;"
  cat >"$DIR/nginx/nginx.conf" <<EOF
# Generated by scripts/cluster.sh: a user-process nginx for the native cluster.
$user_line
daemon on;
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
    access_log $DIR/nginx/logs/access.log;
    client_body_temp_path $DIR/nginx/temp/body;
    proxy_temp_path $DIR/nginx/temp/proxy;
    fastcgi_temp_path $DIR/nginx/temp/fastcgi;
    uwsgi_temp_path $DIR/nginx/temp/uwsgi;
    scgi_temp_path $DIR/nginx/temp/scgi;
    include $DIR/nginx/vitrine.conf;
}
EOF
}

start_nginx() {
  if [ -n "$(running_pid nginx "nginx: master")" ]; then return 0; fi
  "$ROOT/scripts/local-cert.sh" "$DIR/tls" >/dev/null
  write_nginx_config
  "$NGINX" -t -q -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" || fail "nginx rejects $DIR/nginx/nginx.conf"
  "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
}

start() {
  [ -x "$SERVER_BIN" ] || fail "no server binary at $SERVER_BIN (cargo build --release first)"
  [ -x "$WORKER_BIN" ] || fail "no worker binary at $WORKER_BIN (cargo build --release first)"
  [ -x "$STRIPE_BIN" ] || fail "no local Stripe binary at $STRIPE_BIN (cargo build --release first)"
  [ -x "$PAYPAL_BIN" ] || fail "no local PayPal binary at $PAYPAL_BIN (cargo build --release first)"
  case "$STORAGE" in s3 | disk) ;; *) fail "CLUSTER_STORAGE is $STORAGE: s3 or disk" ;; esac
  ensure_nginx
  command -v curl >/dev/null || fail "curl is missing (apt-get install -y curl)"
  redis_ping "$REDIS_URL_IN_FORCE" || fail "Redis does not answer at $REDIS_URL_IN_FORCE"
  mkdir -p "$DIR/data" "$(files_dir node-a)" "$(files_dir node-b)" "$(files_dir worker)"
  local url
  url="$(database_url)"
  if [ -z "$(running_pid node-a vitrine-server)$(running_pid node-b vitrine-server)" ]; then
    prepare_database "$url"
  fi
  start_objects
  start_stripe
  start_paypal
  start_node node-a "$NODE_A_PORT" "$NODE_A_METRICS_PORT"
  start_node node-b "$NODE_B_PORT" "$NODE_B_METRICS_PORT"
  start_worker
  wait_ready node-a "$NODE_A_PORT"
  wait_ready node-b "$NODE_B_PORT"
  start_nginx
  status
}

stop_part() {
  local name="$1" pattern="$2" pid
  pid="$(running_pid "$name" "$pattern")"
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      [ -d "/proc/$pid" ] || break
      sleep 0.1
    done
    if [ -d "/proc/$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    say "stopped $name (pid $pid)"
  fi
  rm -f "$DIR/$name.pid"
}

stop() {
  # The proxy first, so no new traffic reaches nodes that are going away.
  stop_part nginx "nginx: master"
  stop_part worker vitrine-worker
  stop_part node-a vitrine-server
  stop_part node-b vitrine-server
  stop_part stripe vitrine-stripe-mock
  stop_part paypal vitrine-paypal-mock
  stop_part objects moto_server
}

status() {
  local line
  line() {
    local name="$1" pattern="$2" where="$3" pid
    pid="$(running_pid "$name" "$pattern")"
    if [ -n "$pid" ]; then
      printf '  %-7s pid %-7s %s\n' "$name" "$pid" "$where"
    else
      printf '  %-7s stopped\n' "$name"
    fi
  }
  say "run folder $DIR (logs: *.log, nginx/logs/)"
  [ -n "${VITRINE_API_KEY:-}" ] || say "publish API key: $DIR/api-key"
  line nginx "nginx: master" "http://127.0.0.1:$PROXY_PORT  (REST and ws://127.0.0.1:$PROXY_PORT/ws, spread over the nodes)"
  line nginx "nginx: master" "https://localhost:$TLS_PORT  (the same over TLS; trust $DIR/tls/ca.pem)"
  line node-a vitrine-server "http://127.0.0.1:$NODE_A_PORT  (/readyz; /metrics on its private http://127.0.0.1:$NODE_A_METRICS_PORT)"
  line node-b vitrine-server "http://127.0.0.1:$NODE_B_PORT  (/readyz; /metrics on its private http://127.0.0.1:$NODE_B_METRICS_PORT)"
  line worker vitrine-worker "no port (status timers, housekeeping)"
  line stripe vitrine-stripe-mock "http://127.0.0.1:$STRIPE_PORT  (the test-mode Stripe every node shares; events to $STRIPE_WEBHOOK_URL)"
  line paypal vitrine-paypal-mock "http://127.0.0.1:$PAYPAL_PORT  (the test-mode PayPal every node shares; approval pages at /sandbox/paypal/)"
  printf '  %-7s %s\n' database "$(database_url | sed -E 's#//([^:@/]+):[^@]*@#//\1:***@#')"
  printf '  %-7s %s\n' redis "$REDIS_URL_IN_FORCE"
  if [ "$STORAGE" = s3 ]; then
    if [ -z "${CLUSTER_S3_ENDPOINT:-}" ]; then
      line objects moto_server "$S3_ENDPOINT  (the local S3 server; files in bucket $S3_BUCKET)"
    else
      printf '  %-7s %s\n' files "bucket $S3_BUCKET at $S3_ENDPOINT"
    fi
  else
    printf '  %-7s %s\n' files "$DIR/files  (one folder the nodes share)"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  ensure-nginx) ensure_nginx ;;
  *) fail "usage: $0 start|stop|status|ensure-nginx" ;;
esac

# shellcheck shell=bash
# Shared functions for deploy/local/{up,down,restart-kafka,restart-mongo}.
#
# Starts, without Docker, the services Reverie needs for local development:
#   - Apache Kafka (single-node KRaft, broker+controller in one JVM), jars from Maven Central
#   - FerretDB v1 (MongoDB wire protocol), built from the Go module proxy, on a PostgreSQL
#     server of its own (Debian's postgresql; deploy/local/install-postgres) or, where no
#     PostgreSQL is installed, on SQLite (REVERIE_FERRETDB_BACKEND=sqlite forces it)
#   - Qdrant: nothing runs, the app uses qdrant-client's embedded local mode at a path
#
# Environment knobs:
#   REVERIE_STATE_DIR    state dir (pids, logs, data, env file); default deploy/local/.state
#   REVERIE_CACHE        download/build cache; default ~/.cache/reverie
#   REVERIE_KAFKA_PORT   Kafka client port (default: previous port if free, else a free one)
#   REVERIE_KAFKA_CONTROLLER_PORT  KRaft controller port (same rule)
#   REVERIE_MONGO_PORT   FerretDB port (same rule)
#   REVERIE_PG_PORT      port of FerretDB's PostgreSQL (same rule)
#   REVERIE_FERRETDB_BACKEND  postgresql (default when PostgreSQL is installed) or sqlite
#   REVERIE_KAFKA_HEAP   JVM heap flags for the broker; default "-Xms128m -Xmx512m"
#   REVERIE_FERRETDB_SERIALIZE  0 (default): FerretDB's own concurrent behaviour (Reverie
#                        serializes its own writes per process, see reverie/storage/mongo.py);
#                        1: run one command at a time across all clients (ferretdb/main.go).
#                        Off by default: a client holding an open cursor while another
#                        command waits on SQLite can stall every client.
#
# Sourced by the scripts; expects `set -euo pipefail` in the caller.

LOCAL_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"

KAFKA_VERSION="4.0.0"
FERRETDB_VERSION="v1.24.2"

CACHE_DIR="${REVERIE_CACHE:-$HOME/.cache/reverie}"
STATE_DIR="${REVERIE_STATE_DIR:-$LOCAL_DIR/.state}"
mkdir -p "$STATE_DIR" "$CACHE_DIR"
STATE_DIR="$(cd -- "$STATE_DIR" && pwd -P)"
CACHE_DIR="$(cd -- "$CACHE_DIR" && pwd -P)"
ENV_FILE="$STATE_DIR/env"

KAFKA_HOME="$CACHE_DIR/kafka-$KAFKA_VERSION"
KAFKA_LIBS="$KAFKA_HOME/libs"
KAFKA_STATE="$STATE_DIR/kafka"
KAFKA_LOG="$STATE_DIR/kafka.log"
KAFKA_PID="$STATE_DIR/kafka.pid"

FERRETDB_HOME="$CACHE_DIR/ferretdb-$FERRETDB_VERSION"
FERRETDB_BIN="$FERRETDB_HOME/reverie-ferretdb"
MONGO_STATE="$STATE_DIR/mongo"
MONGO_LOG="$STATE_DIR/mongo.log"
MONGO_PID="$STATE_DIR/mongo.pid"

PG_LOG="$STATE_DIR/pg.log"
PG_PID="$STATE_DIR/pg.pid"

QDRANT_PATH="$STATE_DIR/qdrant"

log() { printf '%s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Print the tail of a log file and fail.
fail_with_log() { # <message> <logfile>
  log "error: $1"
  if [[ -f "$2" ]]; then
    log "---- last lines of $2 ----"
    tail -n 40 "$2" >&2 || true
    log "----"
  fi
  exit 1
}

# Serialise up/down/restart against each other. The lock fd is closed for the
# services we start (9>&-), so they do not keep holding it.
take_lock() {
  exec 9>"$STATE_DIR/.lock"
  flock -w 600 9 || die "another deploy/local script holds $STATE_DIR/.lock"
}

# ---------------------------------------------------------------- ports & pids

port_open() { # <port>: something accepts connections on 127.0.0.1:<port>
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

port_free() { # <port>
  ! port_open "$1" && ! ss -Htln "sport = :$1" 2>/dev/null | grep -q .
}

random_free_port() {
  local p i
  for i in $(seq 1 200); do
    p=$((20000 + RANDOM % 12000)) # below the Linux ephemeral range (32768+)
    if port_free "$p"; then echo "$p"; return 0; fi
  done
  die "could not find a free port"
}

# choose_port <explicit-or-empty> <state-name> [exclude]: explicit port, else the
# port saved by a previous run if free, else a random free one.
choose_port() {
  local explicit="$1" name="$2" exclude="${3:-}" prev=""
  if [[ -n "$explicit" ]]; then echo "$explicit"; return 0; fi
  [[ -f "$STATE_DIR/$name.port" ]] && prev="$(<"$STATE_DIR/$name.port")"
  if [[ -n "$prev" && "$prev" != "$exclude" ]] && port_free "$prev"; then echo "$prev"; return 0; fi
  local p
  while :; do p="$(random_free_port)"; [[ "$p" != "$exclude" ]] && break; done
  echo "$p"
}

saved_port() { # <name>: port recorded by the last start, or nothing
  if [[ -f "$STATE_DIR/$1.port" ]]; then cat "$STATE_DIR/$1.port"; fi
}

# pid_alive <pidfile> <cmdline-marker>: the process in the pid file is alive and
# its command line contains the marker (guards against recycled pids).
pid_alive() {
  local pid
  [[ -f "$1" ]] || return 1
  pid="$(<"$1")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  local cmd="" i
  for i in 1 2 3 4 5; do  # /proc/PID/cmdline reads empty while the process execs (spawn)
    cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || true
    [[ -n "$cmd" ]] && break
    sleep 0.05
  done
  grep -qF -- "$2" <<<"$cmd"
}

# spawn <pidfile> <logfile> <cmd...>: start cmd detached (own session, stdin from
# /dev/null, output appended to logfile) and record its pid.
spawn() {
  local pidfile="$1" logfile="$2"; shift 2
  rm -f "$pidfile"
  # The inner shell writes its own pid and then execs the command, so the pid is
  # right even if setsid has to fork.
  # shellcheck disable=SC2016 # expanded by the inner shell
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$pidfile" "$@" \
    </dev/null >>"$logfile" 2>&1 9>&- &
  local i
  for i in $(seq 1 50); do [[ -s "$pidfile" ]] && return 0; sleep 0.1; done
  die "could not start $*"
}

# stop_pid <pidfile> <marker> <name> [timeout-seconds]: TERM, then KILL after timeout.
stop_pid() {
  local pidfile="$1" marker="$2" name="$3" timeout="${4:-30}" pid i
  if ! pid_alive "$pidfile" "$marker"; then
    rm -f "$pidfile"
    return 0
  fi
  pid="$(<"$pidfile")"
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 $((timeout * 10))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name (pid $pid) did not stop after ${timeout}s; sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$pidfile"
  log "$name stopped (pid $pid)"
}

# ---------------------------------------------------------------------- kafka

KAFKA_MARKER="kafka.Kafka $KAFKA_STATE/server.properties"

java_bin() {
  if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then echo "$JAVA_HOME/bin/java"
  elif command -v java >/dev/null; then command -v java
  else die "java (17 or newer) is needed for Kafka $KAFKA_VERSION"; fi
}

# Populate $KAFKA_LIBS once: Maven (deploy/local/kafka/pom.xml), or, without mvn,
# the official binary tarball's libs/.
kafka_fetch() {
  local stamp="$KAFKA_LIBS/.complete"
  [[ -f "$stamp" ]] && return 0
  local tmp="$KAFKA_HOME/libs.tmp.$$"
  rm -rf "$tmp"; mkdir -p "$tmp"
  if command -v mvn >/dev/null; then
    log "fetching Kafka $KAFKA_VERSION jars from Maven Central into $KAFKA_LIBS ..."
    mvn -q -B -Dstyle.color=never -f "$LOCAL_DIR/kafka/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
      dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" >&2 \
      || { rm -rf "$tmp"; die "mvn dependency:copy-dependencies failed"; }
  else
    # Fallback without Maven (not exercised in CI): the official binary tarball.
    local url="https://archive.apache.org/dist/kafka/$KAFKA_VERSION/kafka_2.13-$KAFKA_VERSION.tgz"
    log "mvn not found; downloading $url ..."
    curl -fsSL "$url" | tar -xz -C "$tmp" --strip-components=2 "kafka_2.13-$KAFKA_VERSION/libs" \
      || { rm -rf "$tmp"; die "download of $url failed"; }
  fi
  touch "$tmp/.complete"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
}

# Run a Kafka tool class from the cached jars, with quiet logging.
kafka_tool() { # <main-class> <args...>
  "$(java_bin)" -Xmx256m -XX:TieredStopAtLevel=1 \
    -Dlog4j2.configurationFile="$LOCAL_DIR/kafka/tools-log4j2.properties" \
    -cp "$KAFKA_LIBS/*" "$@"
}

kafka_write_config() { # <port> <controller-port>
  local port="$1" cport="$2"
  mkdir -p "$KAFKA_STATE/data"
  cat >"$KAFKA_STATE/server.properties" <<EOF
# Written by deploy/local/lib.sh; regenerated on every start.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$KAFKA_STATE/data
num.network.threads=2
num.io.threads=4
num.partitions=4
auto.create.topics.enable=true
delete.topic.enable=true
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# Kafka's default: a new (or emptied) group waits 3 s for more members before its first
# assignment, so workers started together share the partitions (with 0 a slow starter
# joined a settled pair and got none: tests/reliability/test_scale_out.py -k three).
group.initial.rebalance.delay.ms=3000
# After a restart the new broker incarnation cannot register until the old
# registration's session expires (default 9 s): keep that short for restarts.
broker.session.timeout.ms=3000
broker.heartbeat.interval.ms=500
log.retention.hours=24
log.segment.bytes=16777216
log.retention.check.interval.ms=10000
log.cleaner.threads=1
EOF
}

kafka_format_once() {
  [[ -f "$KAFKA_STATE/data/meta.properties" ]] && return 0
  local cluster_id
  # A Kafka cluster id is a base64url-encoded random 16-byte UUID without padding. One in
  # 64 starts with "-", which the tool's argument parser takes for an option (CI failed on
  # "-xelvSPU3cv4ICdosAkAgg"): passed as "--cluster-id=<id>", it is always the value.
  cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  log "formatting Kafka storage in $KAFKA_STATE/data (cluster id $cluster_id)"
  "$(java_bin)" -Xmx256m -Dlog4j2.configurationFile="$LOCAL_DIR/kafka/tools-log4j2.properties" \
    -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool format \
    "--cluster-id=$cluster_id" -c "$KAFKA_STATE/server.properties" >>"$KAFKA_LOG" 2>&1 \
    || fail_with_log "kafka storage format failed" "$KAFKA_LOG"
}

# A Kafka ApiVersions (v0) round trip in pure bash: true if the broker answers
# on the port with error_code 0.
kafka_api_versions_ok() { # <port>
  # shellcheck disable=SC2016 # expanded by the inner shell
  timeout 5 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    # int32 size=10 | int16 api_key=18 | int16 version=0 | int32 correlation=7 | int16 client_id len=0
    printf "\x00\x00\x00\x0a\x00\x12\x00\x00\x00\x00\x00\x07\x00\x00" >&3
    resp="$(head -c 10 <&3 | od -An -v -tx1 | tr -d " \n")"
    [[ "${resp:8:8}" == 00000007 && "${resp:16:4}" == 0000 ]]
  ' _ "$1" 2>/dev/null
}

kafka_healthy() { # [port]
  local port="${1:-$(saved_port kafka)}"
  [[ -n "$port" ]] && pid_alive "$KAFKA_PID" "$KAFKA_MARKER" && kafka_api_versions_ok "$port"
}

kafka_start() { # <port> <controller-port>
  local port="$1" cport="$2" i
  kafka_fetch
  port_free "$port" || die "kafka port $port is already in use"
  port_free "$cport" || die "kafka controller port $cport is already in use"
  kafka_write_config "$port" "$cport"
  echo "$port" >"$STATE_DIR/kafka.port"
  echo "$cport" >"$STATE_DIR/kafka-controller.port"
  kafka_format_once
  echo "=== $(date -u +%FT%TZ) starting kafka $KAFKA_VERSION on 127.0.0.1:$port ===" >>"$KAFKA_LOG"
  # shellcheck disable=SC2086 # REVERIE_KAFKA_HEAP is a list of JVM flags
  spawn "$KAFKA_PID" "$KAFKA_LOG" "$(java_bin)" ${REVERIE_KAFKA_HEAP:--Xms128m -Xmx512m} \
    -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="$LOCAL_DIR/kafka/log4j2.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_STATE/server.properties"
  # 1) the socket answers ApiVersions
  for i in $(seq 1 900); do
    pid_alive "$KAFKA_PID" "$KAFKA_MARKER" || fail_with_log "kafka exited during startup" "$KAFKA_LOG"
    kafka_api_versions_ok "$port" && break
    ((i == 900)) && fail_with_log "kafka did not open 127.0.0.1:$port within 90s" "$KAFKA_LOG"
    sleep 0.1
  done
  # 2) metadata works: list topics with the admin client
  for i in $(seq 1 10); do
    if kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$port" \
      --list >/dev/null 2>>"$KAFKA_LOG"; then
      return 0
    fi
    pid_alive "$KAFKA_PID" "$KAFKA_MARKER" || fail_with_log "kafka exited during startup" "$KAFKA_LOG"
    sleep 1
  done
  fail_with_log "kafka on 127.0.0.1:$port does not answer metadata requests" "$KAFKA_LOG"
}

kafka_stop() { stop_pid "$KAFKA_PID" "$KAFKA_MARKER" kafka 60; }

# The contract's topics, created before any worker subscribes: a consumer that
# starts before its topics exist only sees them after a metadata refresh.
REVERIE_TOPICS="reverie.notes reverie.entities reverie.commands reverie.run-steps reverie.changes reverie.dlq"

kafka_create_topics() { # <port>
  local topic
  for topic in $REVERIE_TOPICS; do
    kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$1" \
      --create --if-not-exists --topic "$topic" \
      --partitions "${REVERIE_KAFKA_PARTITIONS:-4}" --replication-factor 1 \
      >/dev/null 2>>"$KAFKA_LOG" || die "cannot create topic $topic (see $KAFKA_LOG)"
  done
}

# ------------------------------------------------------------------- ferretdb

MONGO_MARKER="$MONGO_STATE/data"

ferretdb_src_hash() {
  cat "$LOCAL_DIR/ferretdb/go.mod" "$LOCAL_DIR/ferretdb/go.sum" "$LOCAL_DIR"/ferretdb/*.go \
    | sha256sum | cut -d' ' -f1
}

# Build (or reuse) $FERRETDB_BIN. Without Go, download the release binary instead.
ferretdb_build() {
  mkdir -p "$FERRETDB_HOME"
  if ! command -v go >/dev/null && [[ -x "$FERRETDB_BIN" ]]; then return 0; fi
  if command -v go >/dev/null; then
    local want have=""
    want="$(ferretdb_src_hash)"
    [[ -f "$FERRETDB_BIN.sha256" ]] && have="$(<"$FERRETDB_BIN.sha256")"
    if [[ -x "$FERRETDB_BIN" && "$have" == "$want" ]]; then return 0; fi
    log "building FerretDB $FERRETDB_VERSION (1-2 minutes with a cold Go build cache) ..."
    (cd "$LOCAL_DIR/ferretdb" && GOFLAGS=-mod=mod CGO_ENABLED=0 \
      go build -trimpath -o "$FERRETDB_BIN.tmp" .) >&2 || die "go build of deploy/local/ferretdb failed"
    mv -f "$FERRETDB_BIN.tmp" "$FERRETDB_BIN"
    echo "$want" >"$FERRETDB_BIN.sha256"
  else
    # Fallback without Go (not exercised in CI): the official release binary,
    # which takes FerretDB's own flags (see ferretdb_cmd).
    [[ -x "$FERRETDB_HOME/ferretdb" ]] && return 0
    local arch; case "$(uname -m)" in aarch64|arm64) arch=arm64 ;; *) arch=amd64 ;; esac
    local url="https://github.com/FerretDB/FerretDB/releases/download/$FERRETDB_VERSION/ferretdb-linux-$arch"
    log "go not found; downloading $url ..."
    curl -fsSL -o "$FERRETDB_HOME/ferretdb.tmp" "$url" || die "download of $url failed"
    chmod +x "$FERRETDB_HOME/ferretdb.tmp" && mv -f "$FERRETDB_HOME/ferretdb.tmp" "$FERRETDB_HOME/ferretdb"
  fi
}

ferretdb_cmd() { # <port>: print the command, one word per line
  if [[ -x "$FERRETDB_BIN" ]]; then
    local serialize=false
    case "${REVERIE_FERRETDB_SERIALIZE:-0}" in 1|true|yes|on) serialize=true ;; esac
    local pg=""
    [[ "$(ferretdb_backend)" == postgresql ]] && pg="$(pg_url)"
    printf '%s\n' "$FERRETDB_BIN" -listen-addr "127.0.0.1:$1" -sqlite-dir "$MONGO_STATE/data" \
      -postgresql-url "$pg" -log-level info -serialize="$serialize"
  else
    printf '%s\n' "$FERRETDB_HOME/ferretdb" --handler=sqlite --sqlite-url="file:$MONGO_STATE/data/" \
      --listen-addr="127.0.0.1:$1" --state-dir="$MONGO_STATE" --telemetry=disable \
      --debug-addr=- --log-level=info
  fi
}

# ------------------------------------------------------------------ postgresql
# FerretDB's PostgreSQL backend pushes equality filters down to SQL; its SQLite backend
# pushes down only a lone _id and scans the whole collection in Go for everything else
# (24 s per query at 10,000 notes on this machine, against 2 ms with PostgreSQL).

pg_bindir() { # the newest installed PostgreSQL server's bin dir, or nothing
  local d best=""
  for d in /usr/lib/postgresql/*/bin; do [[ -x "$d/postgres" ]] && best="$d"; done
  [[ -n "$best" ]] && echo "$best"
  return 0
}

ferretdb_backend() { # postgresql or sqlite
  case "${REVERIE_FERRETDB_BACKEND:-}" in
    sqlite) echo sqlite ;;
    postgresql) [[ -n "$(pg_bindir)" ]] || die "REVERIE_FERRETDB_BACKEND=postgresql but no PostgreSQL server is installed (deploy/local/install-postgres)"; echo postgresql ;;
    "") if [[ -n "$(pg_bindir)" ]]; then echo postgresql; else echo sqlite; fi ;;
    *) die "REVERIE_FERRETDB_BACKEND must be postgresql or sqlite, not '$REVERIE_FERRETDB_BACKEND'" ;;
  esac
}

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user, so
# its data lives where that user can write (the state dir if reachable, else /var/tmp).
pg_data_dir() {
  if [[ $(id -u) -ne 0 ]]; then echo "$STATE_DIR/pg/data"; return 0; fi
  if [[ -f "$STATE_DIR/pg.dir" ]]; then cat "$STATE_DIR/pg.dir"; return 0; fi
  local dir="$STATE_DIR/pg/data"
  mkdir -p "$STATE_DIR/pg" && chown postgres "$STATE_DIR/pg"
  if ! setpriv --reuid=postgres --regid=postgres --init-groups test -w "$STATE_DIR/pg"; then
    dir="/var/tmp/reverie-pg-$(printf '%s' "$STATE_DIR" | sha256sum | cut -c1-12)/data"
    mkdir -p "${dir%/data}" && chown postgres "${dir%/data}"
  fi
  echo "$dir" >"$STATE_DIR/pg.dir"
  echo "$dir"
}

as_pg_user() { # <cmd...>
  if [[ $(id -u) -eq 0 ]]; then
    setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"
  else
    "$@"
  fi
}

# FerretDB's own pool default is 50 connections, and an `update` command holds one per
# statement until it ends: with a few bulk writes and lookups in flight the pool ran dry
# and every client waited forever. 400 (the server allows 500) leaves a wide margin.
pg_url() { echo "postgres://reverie@127.0.0.1:$(saved_port pg)/postgres?pool_max_conns=400"; }

pg_healthy() { # [port]
  local port="${1:-$(saved_port pg)}"
  [[ -n "$port" ]] || return 1
  [[ -f "$STATE_DIR/pg.dir" || $(id -u) -ne 0 ]] || return 1
  pid_alive "$PG_PID" "$(pg_data_dir)" && "$(pg_bindir)/pg_isready" -q -h 127.0.0.1 -p "$port"
}

pg_start() { # <port>
  local port="$1" bin data i
  bin="$(pg_bindir)"; data="$(pg_data_dir)"
  port_free "$port" || die "postgresql port $port is already in use"
  if [[ ! -s "$data/PG_VERSION" ]]; then
    rm -rf "$data"
    as_pg_user "$bin/initdb" -D "$data" -A trust -U reverie -E UTF8 --no-sync \
      >>"$PG_LOG" 2>&1 || fail_with_log "initdb failed" "$PG_LOG"
  fi
  echo "$port" >"$STATE_DIR/pg.port"
  echo "=== $(date -u +%FT%TZ) starting postgresql on 127.0.0.1:$port ===" >>"$PG_LOG"
  # Local development settings: no fsync (a machine crash may lose the data, a process
  # crash does not), custom plans so the GIN indexes of ferretdb/pgindex.go are used.
  local -a cmd=("$bin/postgres" -D "$data" -p "$port" -c listen_addresses=127.0.0.1
    -c unix_socket_directories= -c fsync=off -c synchronous_commit=off
    -c full_page_writes=off -c plan_cache_mode=force_custom_plan -c max_connections=500
    -c shared_buffers=128MB)
  [[ $(id -u) -eq 0 ]] && cmd=(setpriv --reuid=postgres --regid=postgres --init-groups -- "${cmd[@]}")
  spawn "$PG_PID" "$PG_LOG" "${cmd[@]}"
  for i in $(seq 1 300); do
    pid_alive "$PG_PID" "$data" || fail_with_log "postgresql exited during startup" "$PG_LOG"
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && return 0
    sleep 0.1
  done
  fail_with_log "postgresql does not accept connections on 127.0.0.1:$port within 30s" "$PG_LOG"
}

pg_stop() {
  [[ -f "$STATE_DIR/pg.dir" || $(id -u) -ne 0 ]] || { rm -f "$PG_PID"; return 0; }
  stop_pid "$PG_PID" "$(pg_data_dir)" postgresql 30
}

pg_purge() {
  local data
  [[ -f "$STATE_DIR/pg.dir" ]] && data="$(<"$STATE_DIR/pg.dir")" && rm -rf "$data" \
    && [[ "$data" == /var/tmp/reverie-pg-* ]] && rmdir "${data%/data}" 2>/dev/null
  rm -rf "$STATE_DIR/pg" "$STATE_DIR/pg.dir"
}

# A MongoDB OP_MSG {ping: 1, $db: "admin"} round trip in pure bash: true if the
# reply contains ok: 1.0.
mongo_ping_ok() { # <port>
  # shellcheck disable=SC2016 # expanded by the inner shell
  timeout 5 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    # header: len=51 reqID=1 respTo=0 opCode=2013 | flags=0 | kind 0 | BSON {ping:1,$db:"admin"}
    printf "\x33\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\xdd\x07\x00\x00\x00\x00\x00\x00\x00" >&3
    printf "\x1e\x00\x00\x00\x10ping\x00\x01\x00\x00\x00\x02\$db\x00\x06\x00\x00\x00admin\x00\x00" >&3
    len_hex="$(head -c 4 <&3 | od -An -v -tx1 | tr -d " \n")"
    len=$((16#${len_hex:6:2}${len_hex:4:2}${len_hex:2:2}${len_hex:0:2}))
    ((len > 4 && len < 65536)) || exit 1
    body="$(head -c $((len - 4)) <&3 | od -An -v -tx1 | tr -d " \n")"
    # element: type 0x01 (double) "ok\0" 1.0
    [[ "$body" == *016f6b00000000000000f03f* ]]
  ' _ "$1" 2>/dev/null
}

mongo_healthy() { # [port]
  local port="${1:-$(saved_port mongo)}"
  [[ -n "$port" ]] && pid_alive "$MONGO_PID" "$MONGO_MARKER" && mongo_ping_ok "$port"
}

mongo_backend_current() { # the running FerretDB uses the backend (and server) up would choose
  local pg=""
  [[ "$(ferretdb_backend)" == postgresql ]] && pg="$(pg_url)"
  tr '\0' ' ' <"/proc/$(<"$MONGO_PID")/cmdline" 2>/dev/null | grep -qF -- "-postgresql-url $pg -"
}

mongo_start() { # <port>
  local port="$1" i
  ferretdb_build
  port_free "$port" || die "mongo port $port is already in use"
  mkdir -p "$MONGO_STATE/data"
  echo "$port" >"$STATE_DIR/mongo.port"
  local -a cmd
  mapfile -t cmd < <(ferretdb_cmd "$port")
  echo "=== $(date -u +%FT%TZ) starting ferretdb $FERRETDB_VERSION on 127.0.0.1:$port ===" >>"$MONGO_LOG"
  spawn "$MONGO_PID" "$MONGO_LOG" "${cmd[@]}"
  for i in $(seq 1 300); do
    pid_alive "$MONGO_PID" "$MONGO_MARKER" || fail_with_log "ferretdb exited during startup" "$MONGO_LOG"
    mongo_ping_ok "$port" && return 0
    sleep 0.1
  done
  fail_with_log "ferretdb does not answer ping on 127.0.0.1:$port within 30s" "$MONGO_LOG"
}

mongo_stop() { stop_pid "$MONGO_PID" "$MONGO_MARKER" ferretdb 20; }

# ------------------------------------------------------------------ env file

write_env() {
  local kport mport tmp="$ENV_FILE.tmp.$$"
  kport="$(saved_port kafka)"; mport="$(saved_port mongo)"
  mkdir -p "$QDRANT_PATH"
  cat >"$tmp" <<EOF
# Written by deploy/local/up; services started by it. KEY=value lines, no quotes.
REVERIE_KAFKA_BROKER=kafka://127.0.0.1:$kport
REVERIE_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:$kport
REVERIE_KAFKA_VERSION=$KAFKA_VERSION
REVERIE_MONGO_URL=mongodb://127.0.0.1:$mport/
REVERIE_FERRETDB_VERSION=$FERRETDB_VERSION
REVERIE_FERRETDB_BACKEND=$(ferretdb_backend)
REVERIE_QDRANT_PATH=$QDRANT_PATH
EOF
  mv -f "$tmp" "$ENV_FILE"
}

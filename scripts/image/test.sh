#!/usr/bin/env bash
# `npm run image:test`: builds the container image with scripts/image/build.sh, inspects it
# (user, entry point, health check, stop signal, data volume, what it holds, its size) and
# starts it to prove that the portal answers /health, that its root filesystem can be read-only
# apart from /data, and that SIGTERM drains through /ready before the process ends
# (decision 0048, docs/operations/container-image.md).
#
# The container runs under podman with runc (this machine's crun refuses its cgroup layout).
# Where no container can be started at all, the same proof runs in a chroot of the image's root
# filesystem (unshare: own mount and PID namespaces, the root bind-mounted read-only) and the
# report says so. IMAGE_TEST_PORT (default 3190) is the port it listens on; IMAGE_SIZE_BUDGET_MB
# (default 450) the size the image may reach before the test fails.
set -uo pipefail
cd "$(dirname "$0")/../.."

tag=localhost/skolportalen:image-test
port=${IMAGE_TEST_PORT:-3190}
budget_mb=${IMAGE_SIZE_BUDGET_MB:-450}
drain_ms=4000
name=skolportalen-image-test-$$
passed=0
failed=0
check() {
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "  ✓ $what"
  else
    failed=$((failed + 1))
    echo "  ✗ $what"
  fi
}
finish() {
  echo
  echo "image: $passed passed, $failed failed"
  [ "$failed" = 0 ] && [ "$passed" -gt 0 ]
  exit $?
}

started=$SECONDS
echo "▶ Building $tag"
if ! bash scripts/image/build.sh "$tag"; then
  failed=$((failed + 1))
  echo "  ✗ the image builds"
  finish
fi
build_seconds=$((SECONDS - started))
check "the image builds ($build_seconds s)" true

echo "▶ Inspecting it"
inspect() { podman image inspect --format "$1" "$tag"; }
check "runs as the unprivileged user 10001:10001" [ "$(inspect '{{.Config.User}}')" = 10001:10001 ]
check "its entry point is node --max-semi-space-size=64 apps/server/dist/main.js" \
  [ "$(inspect '{{json .Config.Entrypoint}}')" = '["node","--max-semi-space-size=64","apps/server/dist/main.js"]' ]
check "stops on SIGTERM" [ "$(inspect '{{.Config.StopSignal}}')" = SIGTERM ]
check "its health check asks /health" grep -q '/health' <<<"$(inspect '{{json .HealthCheck}}')"
check "/data is its volume" grep -q '"/data"' <<<"$(inspect '{{json .Config.Volumes}}')"
check "NODE_ENV=production and DATA_DIR=/data" \
  grep -qz 'NODE_ENV=production.*DATA_DIR=/data' <<<"$(inspect '{{json .Config.Env}}')"
size=$(podman image inspect --format '{{.Size}}' "$tag")
size_mb=$((size / 1000000))
layers=$(podman history --format '{{.Size}}' "$tag" | grep -vc '^0 B$')
echo "  image size: $size_mb MB uncompressed ($size bytes, $layers layers with content)"
check "its size ($size_mb MB) is within the budget of $budget_mb MB" [ "$size_mb" -le "$budget_mb" ]

container=$(buildah from --pull=never "$tag")
root=$(buildah mount "$container")
check "holds the compiled server, the migration command and the built web app" \
  test -f "$root/app/apps/server/dist/main.js" -a -f "$root/app/apps/server/dist/migrate.js" \
  -a -f "$root/app/apps/web/dist/index.html" -a -d "$root/app/apps/server/dist/migrations"
check "holds no npm, no TypeScript sources and no development packages" \
  test ! -e "$root/usr/local/bin/npm" -a ! -e "$root/app/apps/server/src" \
  -a ! -e "$root/app/node_modules/vitest" -a ! -e "$root/app/node_modules/typescript"
check "Node is the pinned LTS line (24)" grep -q '^v24\.' <<<"$(chroot "$root" /usr/local/bin/node --version)"
check "/data belongs to the portal's user" [ "$(stat -c %u:%g "$root/data")" = 10001:10001 ]

url=http://127.0.0.1:$port
get() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url$1"; }
wait_for_health() {
  for _ in $(seq 1 180); do
    [ "$(get /health)" = 200 ] && return 0
    sleep 1
  done
  return 1
}
data=$(mktemp -d)
chown 10001:10001 "$data"
chmod 0750 "$data"
environment=(NODE_ENV=production DATA_DIR=/data HOST=127.0.0.1 PORT="$port"
  SHUTDOWN_DRAIN_MS="$drain_ms" COOKIE_SECURE=true LOG_LEVEL=warn)

# The container, with the settings a production instance has: read-only root, /data writable.
# The limits are set explicitly (podman would raise them past what this machine's runc may set)
# and the health check is run on demand below rather than by a systemd timer.
container_args() {
  local runtime=runc
  command -v runc >/dev/null 2>&1 || runtime=crun
  printf '%s\n' --runtime "$runtime" --network host --read-only \
    "--ulimit=nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit=nproc=4096:4096 \
    --volume "$data:/data"
  for pair in "${environment[@]}" "$@"; do printf '%s\n' --env "$pair"; done
}
# The chroot: the image's root filesystem bind-mounted read-only with /data writable and a
# fresh /tmp, in mount and PID namespaces of its own, the process as user 10001 and the first
# of its namespace, as in a container.
in_chroot() {
  local command=$1
  shift
  unshare --mount --pid --fork --propagation private sh -c '
    root=$1; data=$2; command=$3; shift 3
    mount --bind "$root" "$root" && mount -o remount,bind,ro "$root" "$root" &&
      mount --bind "$data" "$root/data" && mount -t proc proc "$root/proc" &&
      mount -t tmpfs tmpfs "$root/tmp" && mount --rbind /dev "$root/dev" &&
      exec chroot --userspec=10001:10001 "$root" \
        env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/nonexistent "$@" \
        sh -c "cd /app && exec $command"
  ' chroot-proof "$root" "$data" "$command" "${environment[@]}" "$@"
}
# A command of the image run to its end (the migration job, an instance that refuses to start).
run_once() {
  local script=$1
  shift
  if [ "$how" = container ]; then
    mapfile -t args < <(container_args "$@")
    podman run --rm "${args[@]}" --entrypoint node "$tag" "$script"
  else
    in_chroot "node $script" "$@"
  fi
}
# The portal, in the background, until /health answers.
chroot_pid=
start_portal() {
  if [ "$how" = container ]; then
    mapfile -t args < <(container_args "$@")
    podman run --detach --name "$name" "${args[@]}" --health-interval disable "$tag" \
      >/dev/null 2>"$data.podman" || {
      cat "$data.podman"
      return 1
    }
  else
    in_chroot "$(inspect '{{join .Config.Entrypoint " "}}')" "$@" >"$data.log" 2>&1 &
    chroot_pid=$!
  fi
  wait_for_health
}

# The portal's process in the chroot: the first node of the chain subshell → unshare → node
# (with PORTAL_PROCESSES its workers are below it).
portal_pid() {
  local pid=$chroot_pid child
  while [[ "$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline")" != node\ * ]] &&
    child=$(pgrep -P "$pid" | head -n 1) && [ -n "$child" ]; do pid=$child; done
  echo "$pid"
}

# Whatever happens, nothing started here is left running or mounted.
cleanup() {
  podman rm --force "$name" >/dev/null 2>&1
  if [ -n "$chroot_pid" ] && kill -0 "$chroot_pid" 2>/dev/null; then
    kill -KILL "$(portal_pid)" 2>/dev/null
    kill -KILL "$chroot_pid" 2>/dev/null
  fi
  buildah umount "$container" >/dev/null 2>&1
  buildah rm "$container" >/dev/null 2>&1
  rm -rf "$data" "$data.log" "$data.podman"
  [ -n "${database:-}" ] &&
    psql "$TEST_DATABASE_URL" -qc "drop database if exists $database with (force)" >/dev/null 2>&1
}
trap cleanup EXIT

echo "▶ The migration job, then the portal on port $port"
if [ "$(get /health)" != 000 ]; then
  echo "  ✗ port $port is taken (IMAGE_TEST_PORT moves the test)"
  failed=$((failed + 1))
  finish
fi
how=container
# IMAGE_TEST_HOW=chroot takes the chroot's path on a machine that could run the container.
if [ "${IMAGE_TEST_HOW:-container}" = chroot ]; then
  how=chroot
elif ! mapfile -t probe_args < <(container_args) ||
  ! podman run --rm "${probe_args[@]}" --entrypoint node "$tag" --version >/dev/null 2>"$data.podman"; then
  cat "$data.podman"
  echo "  This machine could not run the container: the proof runs in a chroot instead."
  how=chroot
fi
# An instance that leaves migrating to the job refuses an unmigrated database…
refusal=$(run_once apps/server/dist/main.js MIGRATE_AT_START=false 2>&1)
check "an instance with MIGRATE_AT_START=false refuses the unmigrated database ($how)" \
  grep -q 'lacks .* migration' <<<"$refusal"
# …the job migrates it and stops…
migrated=$(run_once apps/server/dist/migrate.js 2>&1)
check "the migration job (migrate.js) migrates and ends: $(grep -o "^Migrated [0-9]*" <<<"$migrated")" \
  grep -q '^Migrated [0-9]' <<<"$migrated"
# …and the instance starts on what it migrated.
started_portal=$SECONDS
start_portal MIGRATE_AT_START=false
start_seconds=$((SECONDS - started_portal))
check "answers /health ($how, $start_seconds s from start to healthy)" [ "$(get /health)" = 200 ]
check "answers /ready once its database answers" [ "$(get /ready)" = 200 ]
check "serves the web app" [ "$(get /)" = 200 ]
check "answers /metrics only when METRICS_TOKEN is set (404 here)" [ "$(get /metrics)" = 404 ]
# In production the portal logs a start without its node flags (decision 0058).
check "node runs with the portal's flags (its log has no warning of them)" \
  sh -c "! { podman logs '$name' 2>&1; cat '$data.log' 2>/dev/null; } | grep -q 'node was started without'"
if [ "$how" = container ]; then
  check "the image's own health check passes" podman healthcheck run "$name"
  check "the process runs as uid 10001" [ "$(podman exec "$name" id -u)" = 10001 ]
  check "the root filesystem is read-only" \
    sh -c "! podman exec '$name' touch /app/written 2>/dev/null"
  check "/data is writable and holds the database" \
    sh -c "podman exec '$name' touch /data/written && test -d '$data/pglite'"
  podman kill --signal TERM "$name" >/dev/null
else
  check "the process runs as uid 10001" \
    [ "$(stat -c %u "/proc/$(portal_pid)" 2>/dev/null)" = 10001 ]
  check "/data holds the database" test -d "$data/pglite"
  # node is the namespace's first process, as in a container: it gets SIGTERM through its handler.
  kill -TERM "$(portal_pid)"
fi

echo "▶ SIGTERM: /ready answers 503 while it drains, then it stops"
sleep 1
check "/ready answers 503 while draining" [ "$(get /ready)" = 503 ]
check "/health still answers while draining" [ "$(get /health)" = 200 ]
if [ "$how" = container ]; then
  code=$(timeout $((drain_ms / 1000 + 20)) podman wait "$name")
  check "the process ended by itself with exit code 0 (was $code)" [ "$code" = 0 ]
  podman logs "$name" 2>&1 | tail -n 5
  podman rm --force "$name" >/dev/null 2>&1
else
  if timeout $((drain_ms / 1000 + 20)) sh -c "while kill -0 $chroot_pid 2>/dev/null; do sleep 0.5; done"; then
    wait "$chroot_pid"
    code=$?
  else
    code="still running"
  fi
  check "the process ended by itself with exit code 0 (was $code)" [ "$code" = 0 ]
  tail -n 5 "$data.log"
fi
check "it no longer answers" [ "$(get /health)" = 000 ]

# Several processes in one container (PORTAL_PROCESSES, decision 0056): they need PostgreSQL
# and Redis, here the suite's own (TEST_DATABASE_URL names the server, TEST_REDIS_URL Redis;
# .ci/run sets both), on a database of their own.
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${TEST_REDIS_URL:-}" ] && command -v psql >/dev/null; then
  echo "▶ Two processes (PORTAL_PROCESSES=2) on PostgreSQL and Redis"
  database=skolportalen_image_test_$$
  database_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' \
    "$TEST_DATABASE_URL" "$database")
  metrics_port=$((port + 1))
  metrics_token=image-test-metrics-token-$$-0123456789abcdef
  metrics() {
    curl -s --max-time 5 -H "authorization: Bearer $metrics_token" "http://127.0.0.1:$metrics_port/metrics" |
      awk '/^skolportalen_http_requests_total\{.*route="\/health".*status_code="200"/ { sum += $2 } END { print sum + 0 }'
  }
  if psql "$TEST_DATABASE_URL" -qc "create database $database" >/dev/null &&
    start_portal PORTAL_PROCESSES=2 DATABASE_URL="$database_url" REDIS_URL="$TEST_REDIS_URL" \
      METRICS_PORT="$metrics_port" METRICS_TOKEN="$metrics_token"; then
    check "two processes answer /health, the first having migrated the database" \
      [ "$(get /health)" = 200 ]
    before=$(metrics)
    for _ in $(seq 1 10); do get /health >/dev/null; done
    after=$(metrics)
    check "/metrics on METRICS_PORT adds up every process's answers (10 of 10: $before → $after)" \
      [ "$((after - before))" = 10 ]
    if [ "$how" = container ]; then
      podman kill --signal TERM "$name" >/dev/null
      code=$(timeout $((drain_ms / 1000 + 30)) podman wait "$name")
      podman rm --force "$name" >/dev/null 2>&1
    else
      kill -TERM "$(portal_pid)"
      if timeout $((drain_ms / 1000 + 30)) sh -c "while kill -0 $chroot_pid 2>/dev/null; do sleep 0.5; done"; then
        wait "$chroot_pid"
        code=$?
      else
        code="still running"
      fi
    fi
    check "SIGTERM drains both and ends with exit code 0 (was $code)" [ "$code" = 0 ]
  else
    [ "$how" = container ] && cat "$data.podman" && podman logs "$name" 2>&1 | tail -n 20
    [ "$how" = chroot ] && tail -n 20 "$data.log"
    check "two processes start on PostgreSQL and Redis" false
    podman rm --force "$name" >/dev/null 2>&1
  fi
  psql "$TEST_DATABASE_URL" -qc "drop database if exists $database with (force)" >/dev/null
else
  echo "  (two processes not tried: TEST_DATABASE_URL, TEST_REDIS_URL and psql are needed)"
fi
echo "  ($how; $((SECONDS - started)) s in all)"
finish

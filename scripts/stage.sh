# Stage timing for scripts/test (sourced, not run): `stage NAME COMMAND [ARG ...]` prints
# "== NAME", runs the command, then prints its wall time; when the script ends, passed or not,
# `stage_table` (an EXIT trap) prints every stage that ran with its time and status, and the
# total. A failed stage ends the run (set -e) with its status, and the table names it.
# The table's lines start with "stage:" so that a log can be grepped for them.
#
# Stages that can share the two cores run side by side: `stage_start NAME COMMAND [ARG ...]`
# starts one in the background with its output kept in a file, and `stage_wait` waits for all
# those started, printing each one's output and time as it ends; it fails (after all have
# ended) if any failed.

stage_names=()
stage_times=()
stage_results=()
stage_run_start=$SECONDS

# stage NAME COMMAND [ARG ...]: runs COMMAND as the stage NAME, timed.
stage() {
  local name=$1 start status
  shift
  echo "== $name"
  start=${EPOCHREALTIME/./}
  set +e
  "$@"
  status=$?
  set -e
  stage_record "$name" $(((${EPOCHREALTIME/./} - start) / 100000)) "$status"
  return "$status"
}

# stage_record NAME TENTHS STATUS: adds a stage that ended to the table and prints its time.
stage_record() {
  local name=$1 took=$2 status=$3
  stage_names+=("$name")
  stage_times+=("$took")
  if [ "$status" -eq 0 ]; then stage_results+=("ok"); else stage_results+=("FAILED ($status)"); fi
  printf '== %s: %d.%d s%s\n' "$name" "$((took / 10))" "$((took % 10))" \
    "$([ "$status" -eq 0 ] || echo ", failed ($status)")"
}

stage_logs=$(mktemp -d)
stage_pending=()

# stage_start NAME COMMAND [ARG ...]: starts COMMAND as the stage NAME in the background.
stage_start() {
  local name=$1 n=${#stage_pending[@]}
  shift
  echo "== $name (started; its output follows when it ends)"
  (
    start=${EPOCHREALTIME/./}
    set +e
    "$@" >"$stage_logs/$n.log" 2>&1 </dev/null
    status=$?
    echo "$(((${EPOCHREALTIME/./} - start) / 100000)) $status" >"$stage_logs/$n.done"
  ) &
  stage_pending+=("$name")
}

# stage_wait: waits for the stages stage_start started; prints each one's output as it ends.
stage_wait() {
  local left=${#stage_pending[@]} n failed=0 took status
  local -A shown=()
  while [ "$left" -gt 0 ]; do
    for n in "${!stage_pending[@]}"; do
      [ -z "${shown[$n]:-}" ] && [ -f "$stage_logs/$n.done" ] || continue
      shown[$n]=1
      left=$((left - 1))
      read -r took status <"$stage_logs/$n.done"
      echo "== ${stage_pending[$n]} (output)"
      cat "$stage_logs/$n.log"
      stage_record "${stage_pending[$n]}" "$took" "$status"
      [ "$status" -eq 0 ] || failed=$status
    done
    [ "$left" -eq 0 ] || sleep 1
  done
  wait
  rm -f "$stage_logs"/*
  stage_pending=()
  return "$failed"
}

# Prints the table of the stages that ran (an EXIT trap: also after a failure).
stage_table() {
  local status=$? i
  # Stages still running in the background (a failure elsewhere): ended with the run.
  kill $(jobs -p) 2>/dev/null || true
  echo
  echo "stage: time      result  name"
  for i in "${!stage_names[@]}"; do
    printf 'stage: %5d.%d s  %-6s  %s\n' "$((stage_times[i] / 10))" "$((stage_times[i] % 10))" \
      "${stage_results[$i]}" "${stage_names[$i]}"
  done
  printf 'stage: %7d s  total (%d:%02d)%s\n' "$((SECONDS - stage_run_start))" \
    "$(((SECONDS - stage_run_start) / 60))" "$(((SECONDS - stage_run_start) % 60))" \
    "$([ "$status" -eq 0 ] || echo ", the run failed ($status)")"
  rm -rf "$stage_logs"
  exit "$status"
}
trap stage_table EXIT

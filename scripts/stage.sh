# Stage timing for scripts/test (sourced, not run): `stage NAME COMMAND [ARG ...]` prints
# "== NAME", runs the command, then prints its wall time; when the script ends, passed or not,
# `stage_table` (an EXIT trap) prints every stage that ran with its time and status, and the
# total. A failed stage ends the run (set -e) with its status, and the table names it.
# The table's lines start with "stage:" so that a log can be grepped for them.

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
  local took=$(((${EPOCHREALTIME/./} - start) / 100000)) # tenths of a second
  stage_names+=("$name")
  stage_times+=("$took")
  if [ "$status" -eq 0 ]; then stage_results+=("ok"); else stage_results+=("FAILED ($status)"); fi
  printf '== %s: %d.%d s%s\n' "$name" "$((took / 10))" "$((took % 10))" \
    "$([ "$status" -eq 0 ] || echo ", failed ($status)")"
  return "$status"
}

# Prints the table of the stages that ran (an EXIT trap: also after a failure).
stage_table() {
  local status=$? i
  echo
  echo "stage: time      result  name"
  for i in "${!stage_names[@]}"; do
    printf 'stage: %5d.%d s  %-6s  %s\n' "$((stage_times[i] / 10))" "$((stage_times[i] % 10))" \
      "${stage_results[$i]}" "${stage_names[$i]}"
  done
  printf 'stage: %7d s  total (%d:%02d)%s\n' "$((SECONDS - stage_run_start))" \
    "$(((SECONDS - stage_run_start) / 60))" "$(((SECONDS - stage_run_start) % 60))" \
    "$([ "$status" -eq 0 ] || echo ", the run failed ($status)")"
  exit "$status"
}
trap stage_table EXIT

# Sourced by the benchmarks: wait_for_demo BASE_URL waits until `lots serve --demo` answers and
# has made every demo post (it answers at once and draws the photos while it runs), at most
# ten minutes; fails otherwise.
wait_for_demo() {
  local base=$1
  for _ in $(seq 1 1200); do
    if curl -sf "$base/api/demo" | python3 -c '
import json, sys
info = json.load(sys.stdin)
sys.exit(0 if info["postsReady"] >= info["postsTotal"] else 1)' 2>/dev/null; then
      return 0
    fi
    sleep 0.5
  done
  echo "the demo content was not ready within ten minutes" >&2
  return 1
}

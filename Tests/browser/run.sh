#!/usr/bin/env bash
# Runs the browser tests in Debian's headless chromium. Installs what a fresh machine lacks:
# chromium from apt, playwright and pytest from PyPI (never a downloaded browser). Builds
# Web/lots.wasm and the app's bundle (Web/dist) if missing. Screenshots go to artifacts/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/../.."
# scripts/setup --test installs Debian's chromium and Tests/browser/requirements.txt if missing.
scripts/setup --test
python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q -r Tests/browser/requirements.txt
[ -f Web/lots.wasm ] && [ -f Web/dist/app.js ] || scripts/build-web
# -rs lists every skip with its reason: nothing is skipped silently.
# --durations=25: the 25 slowest tests, where the suite's time goes (docs/testing.md).
# One test at a time by default: the suite is CPU-bound (Chromium), and two workers
# (LOTS_BROWSER_WORKERS=2: pytest-xdist, a file's tests on one worker) took 34 min against 30,
# with tests' 30 s waits missed on the loaded machine (docs/testing.md).
exec python3 -m pytest -q -rs -p no:cacheprovider --durations=25 \
  -n "${LOTS_BROWSER_WORKERS:-0}" --dist loadfile "${@:-Tests/browser}"

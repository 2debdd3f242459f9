#!/usr/bin/env bash
# Runs server tests under AddressSanitizer, by hand: the image pipeline calls libvips (C), where
# a heap use-after-free once crashed a test run and only ASan showed where (see CVips/shim.h).
# Builds into App/.build-asan (about 10 minutes the first time on 2 cores). The default filter leaves
# out the stream tests: their timing windows do not hold at ASan's speed. Leak checking is off by
# default: at exit it reports libraries' own caches (glib, x265 in libheif, a NIO deque), none of
# them per request; set ASAN_OPTIONS to change that.
# Usage: scripts/server/asan.sh [SWIFT_TEST_FILTER]
set -euo pipefail
cd "$(dirname "$0")/../.."
filter=${1:-"PostRoutesTests|PostInputTests|ImageRoutesTests|SeedAndLimitTests|AccountRoutesTests|FeedRoutesTests|LikeAndModerationTests"}
swift build --package-path App --build-tests --sanitize=address --scratch-path App/.build-asan
ASAN_OPTIONS=${ASAN_OPTIONS:-fast_unwind_on_malloc=0:detect_leaks=0} swift test --skip-build \
  --package-path App --sanitize=address --scratch-path App/.build-asan --filter "$filter"

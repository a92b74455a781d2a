#!/usr/bin/env bash
# The test suite under load: builds it, then runs `cargo test --workspace`
# RUNS times (default 3) in a row while busy processes keep every core
# saturated (twice as many as cores, at the same priority as the tests).
# No test may depend on timing, so every run must pass; each run's time is
# printed. Usage: bash .ci/under-load.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo test --workspace --no-run -q
hogs=()
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for _ in $(seq $((2 * $(nproc)))); do
    (while :; do :; done) &
    hogs+=($!)
done
echo "under-load: ${#hogs[@]} busy processes on $(nproc) cores"
for run in $(seq "$runs"); do
    started=$(date +%s)
    if ! cargo test --workspace -q >"/tmp/tabula-under-load-$run.log" 2>&1; then
        grep -E "panicked|FAILED|failed" "/tmp/tabula-under-load-$run.log" | head -40
        echo "under-load: run $run of $runs FAILED (log: /tmp/tabula-under-load-$run.log)"
        exit 1
    fi
    passed=$(grep -o '[0-9]* passed' "/tmp/tabula-under-load-$run.log" | awk '{s += $1} END {print s}')
    echo "under-load: run $run of $runs passed ($passed tests) in $(($(date +%s) - started)) s"
done

#!/usr/bin/env bash
# `npm test`'s unit and integration tests side by side: the integration tests mostly wait on
# MariaDB and on benchmark runs of fixed length, so the unit tests (niced, to leave the integration
# tests the CPU they ask for) finish beside them instead of before them. The integration tests'
# output is shown as it comes; the unit tests' output, kept whole, after both end (node's TAP of
# each stays in one piece for scripts/failingTests.mjs). Fails when either fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
unit_log=$(mktemp)
trap 'rm -f "$unit_log"' EXIT
nice -n 10 npm run test:unit >"$unit_log" 2>&1 &
unit=$!
integration_rc=0
npm run test:integration || integration_rc=$?
unit_rc=0
wait "$unit" || unit_rc=$?
echo "--- unit tests (npm run test:unit, run beside the integration tests): exit $unit_rc"
cat "$unit_log"
echo "--- integration tests (npm run test:integration): exit $integration_rc"
[ "$unit_rc" -eq 0 ] && [ "$integration_rc" -eq 0 ]

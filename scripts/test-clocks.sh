#!/usr/bin/env bash
# npm run test:clocks: the whole jest suite at fixed instants of the day and in other time zones, with Debian's
# faketime (libfaketime; installed when missing, as root). A test that depends on the hour or the time zone fails
# here. Each run: `TZ=<zone> faketime -f '@<instant UTC>' npx jest`. Arguments: jest's, passed on.
# CARGUS_CLOCKS="2026-11-24T23:30 Europe/Bucharest;..." replaces the default runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime > /dev/null; then
	[ "$(id -u)" = 0 ] || { echo "faketime is missing: apt-get install -y faketime" >&2; exit 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime > /dev/null
fi
runs=${CARGUS_CLOCKS:-"2026-11-24T00:30 America/Los_Angeles;2026-11-24T12:00 UTC;2026-11-24T23:30 UTC;2026-11-24T23:30 Europe/Bucharest"}
failed=0
summary=()
IFS=';' read -ra clocks <<< "$runs"
for clock in "${clocks[@]}"; do
	read -r instant zone <<< "$clock"
	# libfaketime reads its start in the time zone of the process it runs: the UTC instant, as that zone's clock reads it.
	start=$(TZ="$zone" date -d "${instant}:00Z" '+%Y-%m-%d %H:%M:%S')
	echo "::: npm test at ${instant} UTC, TZ=${zone} (${start} there)"
	if TZ="$zone" faketime -f "@${start}" npx jest "$@" 2>&1 | tee artifacts/test-clock.log; then result=passed; else result=FAILED; failed=1; fi
	summary+=("${instant} UTC, TZ=${zone}: ${result} ($(grep -E '^jest: ' artifacts/test-clock.log | tail -n 1))")
done
echo "::: clocks"
printf '%s\n' "${summary[@]}"
exit $failed

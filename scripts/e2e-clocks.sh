#!/usr/bin/env bash
# npm run test:e2e:clocks: the end-to-end checks that move the sandbox's clock (test/e2e/run.ts, `clockChecks`, and the
# second server's durable poll cursors), in the real n8n server, under Debian's faketime at fixed instants and in other
# time zones, then once in reverse order. n8n, the sandbox and the test all run at the faked instant. Not part of
# .ci/run (each run starts two n8n servers); its last result is in docs/testing.md.
# CARGUS_CLOCKS="2026-11-28T06:00 UTC;..." replaces the default instants; arguments go to run.ts (e.g. --n8n 1.x).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime > /dev/null; then
	[ "$(id -u)" = 0 ] || { echo "faketime is missing: apt-get install -y faketime" >&2; exit 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime > /dev/null
fi
mkdir -p artifacts
# The clock checks and what they stand on (example 1's AWB for the last one).
export CARGUS_E2E_ONLY='"e-shop order to awb and label": webhook,recipient: out for delivery and delivered,watches the whole account,"email invoices": the activated,"mark orders paid",published: the sandbox clock moved,clock 3 days ahead of n8n,follow their parcels,getdeltaevents answered per event,shows up in shipment › get many by date,durable poll cursors'
runs=${CARGUS_CLOCKS:-"2026-11-28T06:00 UTC;2026-11-28T23:30 UTC;2026-11-28T07:30 America/Los_Angeles;2026-11-28T19:00 UTC reverse"}
failed=0
summary=()
IFS=';' read -ra clocks <<< "$runs"
for clock in "${clocks[@]}"; do
	read -r instant zone order <<< "$clock"
	# libfaketime reads its start in the time zone of the process it runs: the UTC instant, as that zone's clock reads it.
	start=$(TZ="$zone" date -d "${instant}:00Z" '+%Y-%m-%d %H:%M:%S')
	echo "::: e2e clock checks at ${instant} UTC, TZ=${zone} (${start} there)${order:+, ${order} order}"
	log="artifacts/e2e-clock.log"
	if CARGUS_E2E_ORDER="${order:-}" TZ="$zone" faketime -f "@${start}" npx --no-install ts-node --transpile-only --prefer-ts-exts test/e2e/run.ts "$@" 2>&1 | tee "$log"; then result=passed; else result=FAILED; failed=1; fi
	summary+=("${instant} UTC, TZ=${zone}${order:+, ${order} order}: ${result} ($(grep -E '^e2e: ' "$log" | tail -n 1))")
done
echo "::: clocks"
printf '%s\n' "${summary[@]}"
exit $failed

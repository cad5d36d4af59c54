// The longest test files first, so that none of them starts late and runs alone at the end while the other worker
// idles. Jest does that by itself once it has timed a run of this folder (its cache); without timings (a clean clone,
// as CI's) it orders by file size, and test/trigger/orderAndRecipient.test.ts, 162 lines and 4 minutes under CI's
// load, started among the last. The list: the 15 slowest files of `npm test`'s time table (test/summary-reporter.js) in CI at 224551a, slowest first.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST = [
	'test/trigger/orderAndRecipient.test.ts',
	'test/trigger/pickupOrderExactlyOnce.test.ts',
	'test/node/secrets.test.ts',
	'test/node/recordedExecutions.test.ts',
	'test/trigger/accountTrackingExactlyOnce.test.ts',
	'test/trigger/invoiceExactlyOnce.test.ts',
	'test/trigger/exactlyOnce.test.ts',
	'test/node/rateLimit.test.ts',
	'test/node/loginAtScale.test.ts',
	'test/node/shipmentCreate.test.ts',
	'test/ci/lint.test.ts',
	'test/node/login.test.ts',
	'test/sandbox/cli.test.ts',
	'test/node/busyDay.test.ts',
	'test/trigger/guarantees.test.ts',
];

class LongestFirst extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		if (sorted.some((test) => test.duration != null)) return sorted;
		const rank = (test) => {
			const index = LONGEST.findIndex((file) => test.path.endsWith(file));
			return index === -1 ? LONGEST.length : index;
		};
		return [...sorted].sort((a, b) => rank(a) - rank(b));
	}
}
module.exports = LongestFirst;

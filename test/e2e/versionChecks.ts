/**
 * What the compatibility run checks on each tested n8n version. The version `npm start` uses runs every check; the
 * others run what differs between n8n versions (docs/testing.md says why each one is here). Each entry is a word
 * or phrase of a check's name, as CARGUS_E2E_ONLY takes them.
 */
export const EVERY_VERSION_CHECKS: ReadonlyArray<{ word: string; why: string }> = [
	{ word: 'n8n has an owner', why: 'the owner setup and login differ between 1.x and 2.x' },
	{ word: 'are loaded (/types/nodes.json)', why: 'loading a community package, the AI tool variant included' },
	{ word: 'example workflows are imported', why: 'the CLI import of credentials and workflows' },
	{ word: 'one login each time', why: 'when n8n calls preAuthentication and retries after a 401' },
	{ word: 'passes its test', why: 'the editor\'s credential test' },
	{ word: '"e-shop order to awb and label": webhook', why: 'example 1: webhook, the binary label in the version\'s default binary data mode, Respond to Webhook' },
	{ word: 'called twice with the same shop order', why: 'one AWB per order across executions' },
	{ word: 'mails the awb\'s recipient', why: 'polling: activation, poll times, static data' },
	{ word: 'dropdowns of a newly added create node', why: 'the editor\'s load options and resource locators' },
	{ word: 'forms in light mode', why: 'the editor\'s forms' },
	{ word: 'no call outside this machine', why: 'what each version phones home to' },
	{ word: 'of example 6: published, it makes its webhooks', why: 'n8n\'s WooCommerce Trigger: its registration, ping and removal at the shop' },
	{ word: 'of example 6: an order signed with another secret', why: 'n8n\'s WooCommerce Trigger: its signature check (2.x answers 401, 1.x drops the order with 200)' },
	{ word: 'under a rate limit of 10 requests a second', why: 'the node\'s Request Options, which n8n merges with its own, and the waits for Cargus\' 429 in the version\'s engine' },
	{ word: 'order that cargus refuses', why: 'Cargus\' refusal in the node\'s error: n8n 1.x\'s error for an HTTP error status keeps neither the status nor Cargus\' message' },
];

/** CARGUS_E2E_ONLY for a version other than the default, unless the whole suite is asked for everywhere. */
export function onlyFor(version: string, defaultVersion: string, everything: boolean): string | undefined {
	if (everything || version === defaultVersion) return undefined;
	return EVERY_VERSION_CHECKS.map((check) => check.word).join(',');
}

/**
 * The default version's checks run on two n8n servers of that version at once (two processes of run.ts, each its own
 * user folder, sandbox and ports): the first runs these, the checks that move the sandbox's clock and mostly wait for
 * n8n's polls (about half of the time of the whole suite), the second every other check. The first also runs example
 * 1's webhook (the last of these follows the AWB it makes) and reads its n8n's log for calls outside the machine. The
 * clock-moving words are those of scripts/e2e-clocks.sh, as CARGUS_E2E_ONLY takes them; "watches the whole account" stays
 * with the other checks, which it balances; "npm start again" runs here beside the clock moves (its own n8n), and the
 * MCP run over every reading tool, which moves no clock, here before the first move, to balance the two servers. So does
 * one of the editor's screenshot checks after the clock moves, the dark-mode forms (with the sticky notes too, this
 * server took 1,028 s and the other 816 s in CI at 224551a; the sticky notes took 91 s). A third server (the shops'
 * parcels, the per-event answers and the whole account's watch on their own, 29 Nov 2026) kept the machine at a load
 * of 22 to 26 and failed checks that depend on the time they get ("watches the whole account" also needs an example
 * another check publishes first).
 */
export const CLOCK_SERVER_CHECKS: readonly string[] = [
	'"e-shop order to awb and label": webhook',
	'follow their parcels',
	'getdeltaevents answered per event',
	'recipient: out for delivery and delivered',
	'"email invoices": the activated',
	'"mark orders paid"',
	'published: the sandbox clock moved',
	'clock 3 days ahead of n8n',
	'shows up in shipment › get many by date',
	'npm start again',
	'every tool that lists or reads',
	'forms in dark mode',
];

/** The two halves of the default version's checks: CARGUS_E2E_ONLY of the first, CARGUS_E2E_SKIP of the second. */
export function defaultVersionHalves(): { clocks: string; others: string } {
	// The first server's log is read for calls outside the machine too; the second reads its own two.
	return { clocks: [...CLOCK_SERVER_CHECKS, 'no call outside this machine'].join(','), others: CLOCK_SERVER_CHECKS.filter((word) => !word.startsWith('"e-shop order')).join(',') };
}

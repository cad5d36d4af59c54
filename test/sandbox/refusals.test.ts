import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { gatewayBodies, notAuthorized } from '../../sandbox/routes/errorBodies';

/*
 * The sandbox refuses only what Cargus is known to refuse: every refusal in its code has a row with its source in
 * docs/sandbox.md, "Refusals". This reads every place in the sandbox's service code (routes/, gateway/, server.ts)
 * that answers a refusal, takes the message it answers (`…` standing for each value put into it) and looks for it
 * in that table. A refusal without a row fails here; so does one whose message cannot be read from its place.
 */

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_DIRS = ['sandbox/routes', 'sandbox/gateway'];
const SOURCE_FILES = ['sandbox/server.ts'];

/** Calls that answer a refusal, and after which argument their message comes. */
const REFUSAL_CALLS: Array<{ call: RegExp; name: string; every?: boolean }> = [
	{ call: /\bfailWith\(\s*spec\s*,/g, name: 'failWith' },
	{ call: /\berrorObject\(\s*\d+\s*,/g, name: 'errorObject' },
	{ call: /\bbareStringError\(\s*\d+\s*,/g, name: 'bareStringError' },
	{ call: /\bmodelStateError\(/g, name: 'modelStateError' },
	{ call: /\berrors\[[^\]]+\]\s*=\s*\[/g, name: 'field error' },
	{ call: /\bmissing\.\w+\s*=\s*\[/g, name: 'missing field' },
	{ call: /\breturn\s*\{\s*error:/g, name: 'barcode list error' },
	{ call: /\bnew (?:Xml)?BodyError\(/g, name: 'body error' },
	{ call: /\bstatus === 413 \?/g, name: 'body size' },
	{ call: /\bconst problem =/g, name: 'body missing', every: true },
];

/**
 * Places that answer a refusal whose message was made elsewhere (and is read there): they pass on a message or a
 * ModelState built above them.
 */
const FORWARDING = new Set([
	'sandbox/routes/inputs.ts: modelStateError(spec.invalidStatus, { request: [problem] }));',
	'sandbox/routes/inputs.ts: modelStateError(spec.invalidStatus, errors));',
	'sandbox/routes/inputs.ts: failWith(spec, parsed.error);',
	'sandbox/routes/tracking.ts: failWith(spec, parsed.error);',
	'sandbox/routes/awbs.ts: modelStateError(spec.invalidStatus, missing));',
	'sandbox/routes/cashReceipts.ts: modelStateError(400, errors));',
	'sandbox/gateway/bodyParsers.ts: new BodyError(error.message) : (error as Error);',
	'sandbox/gateway/bodyParsers.ts: modelStateError(invalidStatus, { request: [message] }));',
]);

function sourceFiles(): string[] {
	const inDirs = SOURCE_DIRS.flatMap((dir) => readdirSync(path.join(ROOT, dir)).filter((file) => file.endsWith('.ts')).map((file) => `${dir}/${file}`));
	return [...inDirs, ...SOURCE_FILES];
}

/** The string or template literal starting at `at` (after blanks), or undefined when the argument is not one. */
function literalAt(text: string, at: number): { value: string; end: number } | undefined {
	let index = at;
	while (/\s/.test(text[index])) index++;
	const quote = text[index];
	if (quote === '\'' || quote === '"') {
		let value = '';
		for (index++; text[index] !== quote; index++) {
			if (text[index] === '\\') index++;
			value += text[index];
		}
		return { value, end: index + 1 };
	}
	if (quote !== '`') return undefined;
	let value = '';
	for (index++; text[index] !== '`'; index++) {
		if (text[index] === '\\') {
			value += text[++index];
			continue;
		}
		if (text[index] === '$' && text[index + 1] === '{') {
			// A value put into the message: skip its expression, strings and nested braces included.
			let depth = 0;
			for (index++; ; index++) {
				const char = text[index];
				if (char === '{') depth++;
				else if (char === '}' && --depth === 0) break;
				else if (char === '\'' || char === '"' || char === '`') index = (literalAt(text, index)?.end ?? index + 1) - 1;
			}
			value += '…';
			continue;
		}
		value += text[index];
	}
	return { value, end: index + 1 };
}

/** The literals between `from` and the end of the statement (`;` or a line break after a closing parenthesis). */
function literalsOfStatement(text: string, from: number): string[] {
	const literals: string[] = [];
	for (let index = from; index < text.length; index++) {
		const char = text[index];
		if (char === ';' || (char === '\n' && /\)\s*$/.test(text.slice(from, index)))) break;
		if (char === '\'' || char === '"' || char === '`') {
			const literal = literalAt(text, index);
			if (!literal) break;
			literals.push(literal.value);
			index = literal.end - 1;
		}
	}
	return literals;
}

interface Refusal { file: string; line: number; message?: string; site: string }

function refusalsInCode(): Refusal[] {
	const found: Refusal[] = [];
	for (const file of sourceFiles()) {
		const text = readFileSync(path.join(ROOT, file), 'utf8');
		const lineOf = (at: number) => text.slice(0, at).split('\n').length;
		for (const { call, every } of REFUSAL_CALLS) {
			for (const match of text.matchAll(call)) {
				const start = match.index ?? 0;
				if (/function\s+$/.test(text.slice(Math.max(0, start - 20), start))) continue;
				const lineEnd = text.indexOf('\n', start);
				const site = `${file}: ${text.slice(start, lineEnd).trim()}`;
				const literals = literalsOfStatement(text, start + match[0].length);
				for (const message of every ? literals : [literals[0]]) found.push({ file, line: lineOf(start), site, message });
			}
		}
		for (const match of text.matchAll(/\bgatewayBodies\.(\w+)/g)) {
			const body = gatewayBodies[match[1] as keyof typeof gatewayBodies];
			const message = typeof body === 'function' ? body(0).message.replace('0', '…') : body.message;
			found.push({ file, line: lineOf(match.index ?? 0), site: `${file}: gatewayBodies.${match[1]}`, message });
		}
		for (const match of text.matchAll(/\bnotAuthorized\(\)/g)) {
			if (file.endsWith('errorBodies.ts')) continue;
			found.push({ file, line: lineOf(match.index ?? 0), site: `${file}: notAuthorized()`, message: (notAuthorized().body as { Message: string }).Message });
		}
	}
	return found;
}

/** The Message cells of the table under "## Refusals" in docs/sandbox.md, with their Source cells. */
function refusalRows(): Map<string, string> {
	const doc = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');
	const start = doc.indexOf('\n## Refusals');
	expect(start).toBeGreaterThan(0);
	const end = doc.indexOf('\n## ', start + 1);
	const rows = new Map<string, string>();
	for (const line of doc.slice(start, end < 0 ? undefined : end).split('\n')) {
		if (!line.startsWith('| `')) continue;
		const cells = line.split(' | ');
		for (const message of cells[0].matchAll(/`([^`]+)`/g)) rows.set(message[1], cells[cells.length - 1].replace(/\s*\|\s*$/, '').trim());
	}
	return rows;
}

describe('the refusals the sandbox makes (docs/sandbox.md, "Refusals")', () => {
	const refusals = refusalsInCode();

	it('reads the message of every place that answers a refusal, but those that pass one on', () => {
		const unread = refusals.filter((refusal) => refusal.message === undefined && !FORWARDING.has(refusal.site));
		expect(unread.map((refusal) => `${refusal.site} (line ${refusal.line})`)).toEqual([]);
		expect(refusals.filter((refusal) => refusal.message !== undefined).length).toBeGreaterThan(60);
	});

	it('has a row with a source for each of them', () => {
		const rows = refusalRows();
		const missing = refusals.filter((refusal) => refusal.message !== undefined && !rows.has(refusal.message));
		expect(missing.map((refusal) => `${refusal.file}:${refusal.line} \`${refusal.message}\``)).toEqual([]);
		const sourceless = [...rows].filter(([, source]) => source === '');
		expect(sourceless).toEqual([]);
	});

	it('lists no refusal the code no longer makes', () => {
		const made = new Set(refusals.map((refusal) => refusal.message));
		expect([...refusalRows().keys()].filter((message) => !made.has(message))).toEqual([]);
	});
});

describe('answers never depend on headers that identify a client', () => {
	it('the service reads only the subscription key, the token, and the media types of the body and the answer', () => {
		const read = new Set<string>();
		for (const file of [...sourceFiles(), ...readdirSync(path.join(ROOT, 'sandbox/world')).filter((f) => f.endsWith('.ts')).map((f) => `sandbox/world/${f}`)]) {
			const text = readFileSync(path.join(ROOT, file), 'utf8');
			for (const match of text.matchAll(/headers\[\s*'([^']+)'\s*\]|headers\.(\w+)/g)) read.add((match[1] ?? match[2]).toLowerCase());
			for (const match of text.matchAll(/header\(\s*'([^']+)'\s*\)/g)) if (!/reply|\.code\(/.test(match.input.slice(Math.max(0, (match.index ?? 0) - 40), match.index))) read.add(match[1].toLowerCase());
		}
		expect([...read].filter((name) => !['ocp-apim-subscription-key', 'authorization', 'accept', 'content-type'].includes(name))).toEqual([]);
	});
});

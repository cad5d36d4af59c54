import { NodeApiError } from 'n8n-workflow';

import { outputSecretsOf, redact, redactError, redactOutputItems, redactValue, secretsOf } from '../../nodes/shared/transport/redact';

const KEY = 'key-0123456789abcdef';
const PASSWORD = 'p&ss"w<rd>';
const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SECRETS = secretsOf({ apiKey: KEY, password: PASSWORD, token: TOKEN, username: 'ana' });

describe('one redaction of the subscription key, the password and the token', () => {
	test('takes the three secrets of a credential, not the username, and ignores secrets too short to match safely', () => {
		expect(SECRETS).toEqual([KEY, PASSWORD, TOKEN]);
		expect(secretsOf({ apiKey: 'abc', password: '', token: '' })).toEqual([]);
	});

	test.each([
		['as is', `key ${KEY} and ${TOKEN}`, 'key [redacted] and [redacted]'],
		['JSON-escaped', JSON.stringify({ password: PASSWORD }), '{"password":"[redacted]"}'],
		['HTML-escaped', '<td>p&amp;ss&quot;w&lt;rd&gt;</td>', '<td>[redacted]</td>'],
		['URL-encoded', `?pw=${encodeURIComponent(PASSWORD)}&x=1`, '?pw=[redacted]&x=1'],
		['any Token query parameter', '/api/PDF/AwbDocuments?barCodes=1&Token=anything-at-all', '/api/PDF/AwbDocuments?barCodes=1&Token=[redacted]'],
		['any Bearer token', 'Authorization: Bearer some.other.token', 'Authorization: Bearer [redacted]'],
		['a quote cut short inside a secret', `said "…${TOKEN.slice(0, 9)}…" where`, 'said "…[redacted]…" where'],
	])('%s', (_name, text, expected) => {
		expect(redact(text, SECRETS)).toBe(expected);
	});

	test('redacts every text of a JSON value and decodes a non-PDF buffer, leaving a PDF alone', () => {
		expect(redactValue({ a: [KEY, 1, { b: `x${TOKEN}` }], c: null }, SECRETS)).toEqual({ a: ['[redacted]', 1, { b: 'x[redacted]' }], c: null });
		expect(redactValue(Buffer.from(`<p>${KEY}</p>`), SECRETS)).toBe('<p>[redacted]</p>');
		const pdf = Buffer.from(`%PDF-1.4 ${KEY}`);
		expect(redactValue(pdf, SECRETS)).toBe(pdf);
	});

	test('redacts an error in place: message, description, stack and cause, but not the node', () => {
		const node = { id: '1', name: 'Cargus', type: 'cargus', typeVersion: 1, position: [0, 0] as [number, number], parameters: { note: KEY } };
		const error = new NodeApiError(node, { message: `bad ${KEY}` }, { message: `bad ${KEY}`, description: `token ${TOKEN}` });
		expect(redactError(error, SECRETS)).toBe(error);
		expect([error.message, error.description]).toEqual(['bad [redacted]', 'token [redacted]']);
		expect(error.stack).not.toContain(KEY);
		expect(JSON.stringify({ ...error, node: undefined })).not.toContain(KEY);
		expect(node.parameters.note).toBe(KEY);
	});
});

describe('outputs: what Cargus sent, except a value that carries a secret beyond doubt', () => {
	const LONG_KEY = '0123456789abcdef0123456789abcdef';
	const LONG_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2FuZGJveA.c2lnbmF0dXJl';
	const secrets = outputSecretsOf({ apiKey: LONG_KEY, password: 'absent', token: `cargus-token:${'f'.repeat(32)}:${LONG_TOKEN}` });
	const output = (json: Record<string, unknown>) => redactOutputItems([{ json: json as never }], secrets)[0].json;

	test('a whole value equal to a secret, in any spelling, is replaced', () => {
		expect(output({ a: 'absent', b: ' absent ', c: LONG_KEY, d: LONG_TOKEN, e: encodeURIComponent(LONG_TOKEN) })).toEqual({
			a: '[redacted]', b: '[redacted]', c: '[redacted]', d: '[redacted]', e: '[redacted]',
		});
	});

	test('a key or token of 20 characters or more is cut out wherever it occurs in a value', () => {
		expect(output({ note: `Authorization: Bearer ${LONG_TOKEN}`, list: [{ deep: `key=${LONG_KEY}&x=1` }] })).toEqual({
			note: 'Authorization: Bearer [redacted]', list: [{ deep: 'key=[redacted]&x=1' }],
		});
	});

	test('a password, a short key or a word that looks like a token parameter inside a value is data, left as it is', () => {
		const shortKey = outputSecretsOf({ apiKey: 'Stefan', password: 'sandbox' });
		const json = {
			Email: 'expeditii@sandbox.example',
			ConfirmationName: 'Stefan Lungu',
			LocalityName: 'Stefanesti',
			Observation: 'Bearer of the parcel absent; see ?Token=abc',
			Count: 3,
		};
		const [item] = redactOutputItems([{ json }], shortKey);
		expect(item.json).toBe(json);
		expect(output({ Observation: 'Destinatar absent, avizat telefonic' })).toEqual({ Observation: 'Destinatar absent, avizat telefonic' });
	});

	test('an item without a secret is passed on as the same object, binary data included', () => {
		const item = { json: { Name: 'Magazin Cluj', Nested: { List: [1, 'two'] } }, binary: { data: { data: LONG_KEY, mimeType: 'text/plain' } } };
		expect(redactOutputItems([item], secrets)[0]).toBe(item);
	});

	test('deeper than an answer goes, a part is replaced only if its text holds a secret', () => {
		const deep = (leaf: unknown, levels: number): unknown => (levels === 0 ? leaf : { next: deep(leaf, levels - 1) });
		const clean = deep('Cluj', 40);
		expect(output({ clean })).toEqual({ clean });
		expect(JSON.stringify(output({ secret: deep(`x ${LONG_KEY}`, 40) }))).not.toContain(LONG_KEY);
		expect(JSON.stringify(output({ secret: deep('absent', 40) }))).not.toContain('"absent"');
	});
});

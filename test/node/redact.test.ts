import { NodeApiError } from 'n8n-workflow';

import { redact, redactError, redactValue, secretsOf } from '../../nodes/Cargus/shared/redact';

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

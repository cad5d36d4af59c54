import http from 'node:http';

/**
 * The HTTP requests the PHP shop plugins make (real-clients.md), over a plain socket so that nothing is added or
 * dropped on the way: cURL with their headers and, on every verb, the JSON of their parameters as the body (`[]`
 * for none), as OpenCart's and PrestaShop's `CallMethod` send it.
 */
export interface PhpAnswer {
	status: number;
	text: string;
}

export function phpRequest(base: string, verb: string, path: string, headers: Record<string, string>, body?: string): Promise<PhpAnswer> {
	const url = new URL(`${base}/api/${path}`);
	const sent = body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
	return new Promise((resolve, reject) => {
		// The path as the plugin wrote it: `Awbs?&barCode=…`, `barCodes=[…]` and `%20` in dates reach the server untouched.
		const request = http.request({ host: url.hostname, port: url.port, method: verb, path: `/api/${path}`, headers: sent }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(body);
	});
}

/** PHP's `json_decode($text, true)`: null for what is not JSON. */
function jsonDecode(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

/** What OpenCart's and PrestaShop's `CallMethod` hand back: the value, null for 204, `{error}` otherwise. */
export type CallResult = unknown;

/**
 * OpenCart's `ModelExtensionShippingCargusClass::CallMethod` (its `cargusclass.php`), and PrestaShop's `CargusClass`
 * (the same code): the headers it sends and how it reads the answer. 200: the decoded JSON, or its `message` when it
 * is an object holding one; 204: null; anything else: `{error}`.
 */
export class OpenCartClient {
	constructor(private readonly base: string, private readonly key: string) {}

	async callMethod(fn: string, parameters: unknown, verb: string, token?: string): Promise<{ status: number; value: CallResult }> {
		const json = JSON.stringify(parameters);
		const headers: Record<string, string> = fn === 'LoginUser'
			? { 'Ocp-Apim-Subscription-Key': this.key, 'Ocp-Apim-Trace': 'true', 'Content-Type': 'application/json', ContentLength: String(json.length) }
			: { 'Ocp-Apim-Subscription-Key': this.key, 'Ocp-Apim-Trace': 'true', Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' };
		const answer = await phpRequest(this.base, verb, fn, headers, json);
		const data = jsonDecode(answer.text);
		if (answer.status === 200) {
			const isAssoc = data !== null && typeof data === 'object' && !Array.isArray(data);
			return { status: 200, value: isAssoc && 'message' in data ? (data as { message: unknown }).message : data };
		}
		if (answer.status === 204) return { status: 204, value: null };
		return { status: answer.status, value: { error: Array.isArray(data) ? data.join(', ') : data } };
	}
}

/**
 * Magento's `Urgent\Base\Model\Api\Cargus` (liquidlab-agency/magento2-urgent-cargus): JSON posted with its default
 * headers (`Path: M…` names the shop's version), the query built with `http_build_query`, and only a 200 read: its body.
 */
export class MagentoClient {
	constructor(private readonly base: string, private readonly key: string) {}

	async request(verb: string, path: string, token?: string, parameters?: unknown): Promise<PhpAnswer> {
		const headers: Record<string, string> = { 'Ocp-Apim-Subscription-Key': this.key, Path: 'M2470', 'Content-Type': 'application/json' };
		if (token) headers.Authorization = `Bearer ${token}`;
		return phpRequest(this.base, verb, path, headers, parameters === undefined ? undefined : JSON.stringify(parameters));
	}

	/** `login()`: the body of LoginUser, its quotes trimmed. */
	async login(username: string, password: string): Promise<string> {
		const answer = await this.request('POST', 'LoginUser', undefined, { UserName: username, Password: password });
		return answer.status === 200 ? answer.text.replace(/^"+|"+$/g, '') : '';
	}
}

/** PHP's `base64_decode` (not strict): characters outside the alphabet, the JSON string's quotes among them, are skipped. */
export function phpBase64Decode(text: unknown): Buffer {
	return Buffer.from(String(text ?? '').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

import { request } from 'undici';
import { DEFAULT_ACCOUNT, startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index';
import { SandboxControl } from '../../sandbox/control/client';

import { SANDBOX_NOW } from '../helpers/sandbox';

export interface CallOptions {
	query?: Record<string, string | number>;
	/** Raw query string appended as is (for lenient barcode forms). */
	rawQuery?: string;
	body?: unknown;
	/** Send the body as this exact text. */
	rawBody?: string;
	contentType?: string;
	accept?: string;
	token?: string | null;
	subscriptionKey?: string | null;
	headers?: Record<string, string>;
}

export interface CallResult {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	bytes: Buffer;
	json: unknown;
}

/** A small client for the service paths, over real HTTP with undici. */
export class ServiceClient {
	token: string | undefined;

	constructor(readonly url: string) {}

	async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(options.query ?? {})) params.set(key, String(value));
		let query = params.toString();
		if (options.rawQuery) query = query ? `${query}&${options.rawQuery}` : options.rawQuery;
		const headers: Record<string, string> = { ...(options.headers ?? {}) };
		const key = options.subscriptionKey === undefined ? DEFAULT_ACCOUNT.subscriptionKey : options.subscriptionKey;
		if (key !== null) headers['ocp-apim-subscription-key'] = key;
		const token = options.token === undefined ? this.token : options.token;
		if (token) headers.authorization = `Bearer ${token}`;
		if (options.accept) headers.accept = options.accept;
		let body: string | undefined;
		if (options.rawBody !== undefined) body = options.rawBody;
		else if (options.body !== undefined) body = JSON.stringify(options.body);
		if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
		const response = await request(`${this.url}${path}${query ? `?${query}` : ''}`, { method: method as 'GET', headers, body });
		const bytes = Buffer.from(await response.body.arrayBuffer());
		const text = bytes.toString('utf8');
		let json: unknown;
		try {
			json = text === '' ? undefined : JSON.parse(text);
		} catch {
			json = undefined;
		}
		return { status: response.statusCode, headers: response.headers, text, bytes, json };
	}

	async login(username = DEFAULT_ACCOUNT.username, password = DEFAULT_ACCOUNT.password): Promise<string> {
		const result = await this.call('POST', '/api/LoginUser/Juridic', { body: { UserName: username, Password: password }, token: null });
		if (result.status !== 200 || typeof result.json !== 'string') throw new Error(`login failed: ${result.status} ${result.text}`);
		this.token = result.json;
		return result.json;
	}
}

export interface SandboxHandle {
	sandbox: RunningSandbox;
	control: SandboxControl;
	client: ServiceClient;
}

/** Starts a frozen-clock sandbox for the test file (port 0) and a logged-in client; stops it afterwards. */
export function useSandbox(options: SandboxOptions = {}): SandboxHandle {
	const handle = {} as SandboxHandle;
	beforeAll(async () => {
		handle.sandbox = await startSandbox({ port: 0, now: SANDBOX_NOW, clockMode: 'frozen', ...options });
		handle.control = new SandboxControl(handle.sandbox.url);
		handle.client = new ServiceClient(handle.sandbox.url);
		await handle.client.login();
	});
	// A test that asks for the sandbox's own checks (the strictChecks setting) leaves the next one without them.
	afterEach(async () => {
		await handle.control?.setSettings({ strictChecks: false });
	});
	afterAll(async () => {
		await handle.sandbox?.stop();
	});
	return handle;
}

/** The field names an ASP.NET ModelState error body mentions. */
export function modelStateFields(json: unknown): string[] {
	const state = (json as { ModelState?: Record<string, unknown> } | undefined)?.ModelState;
	return state ? Object.keys(state) : [];
}

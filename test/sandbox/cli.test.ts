import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { request } from 'undici';

const ROOT = path.resolve(__dirname, '../..');

/** Starts `sandbox/cli.ts` like `npm run sandbox` does and resolves with what it printed up to the account line. */
function startCli(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; output: string }> {
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'sandbox/cli.ts', ...args], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return new Promise((resolve, reject) => {
		let output = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes('Default account')) resolve({ child, output });
		});
		child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.once('exit', (code) => reject(new Error(`sandbox CLI exited with ${code}: ${output}`)));
	});
}

function stop(child: ChildProcess): Promise<void> {
	return new Promise((resolve) => {
		child.removeAllListeners('exit');
		child.once('exit', () => resolve());
		child.kill('SIGTERM');
	});
}

describe('npm run sandbox (sandbox/cli.ts)', () => {
	it('prints its base URL and the default account, and serves on the port from CARGUS_SANDBOX_PORT', async () => {
		const { child, output } = await startCli(['--quiet'], { CARGUS_SANDBOX_PORT: '0' });
		try {
			const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
			expect(url).toBeDefined();
			expect(output).toContain('subscription key "sandbox-key", username "sandbox", password "sandbox"');
			const response = await request(`${url}/api/NoAuth/GetAwbTrace?barCode=123456789`, { headers: { 'ocp-apim-subscription-key': 'sandbox-key' } });
			await response.body.text();
			expect(response.statusCode).toBe(204);
		} finally {
			await stop(child);
		}
	});

	it('--port wins over the environment variable', async () => {
		const { child, output } = await startCli(['--port', '0', '--quiet'], { CARGUS_SANDBOX_PORT: '1' });
		try {
			expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d{4,5}/);
		} finally {
			await stop(child);
		}
	});

	it('listens on another address when asked (--host or CARGUS_SANDBOX_HOST), warning that anyone who reaches it can use it', async () => {
		const { child, output } = await startCli(['--port', '0', '--quiet'], { CARGUS_SANDBOX_HOST: '0.0.0.0' });
		try {
			const port = /listening on http:\/\/0\.0\.0\.0:(\d+)/.exec(output)?.[1];
			expect(port).toBeDefined();
			expect(output).toMatch(/WARNING: listening on 0\.0\.0\.0, not only on this machine: this is a test double of Cargus.*Anyone who reaches/);
			const response = await request(`http://127.0.0.1:${port}/api/NoAuth/GetAwbTrace?barCode=123456789`, { headers: { 'ocp-apim-subscription-key': 'sandbox-key' } });
			await response.body.text();
			expect(response.statusCode).toBe(204);
		} finally {
			await stop(child);
		}
		const loopback = await startCli(['--port', '0', '--quiet', '--host', '127.0.0.1']);
		try {
			expect(loopback.output).not.toContain('WARNING');
		} finally {
			await stop(loopback.child);
		}
	});

	it('refuses an invalid port', async () => {
		await expect(startCli(['--port', 'abc'])).rejects.toThrow(/Invalid port/);
	});
});

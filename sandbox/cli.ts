import { DEFAULT_ACCOUNT, startSandbox } from './index';

function portFromArguments(argv: string[]): number | undefined {
	const index = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
	if (index < 0) return undefined;
	const text = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
	return Number(text);
}

function seedFromArguments(argv: string[]): number | undefined {
	const index = argv.findIndex((a) => a === '--seed' || a.startsWith('--seed='));
	if (index < 0) return undefined;
	return Number(argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1]);
}

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const port = portFromArguments(argv) ?? (process.env.CARGUS_SANDBOX_PORT ? Number(process.env.CARGUS_SANDBOX_PORT) : 4000);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${String(port)}`);
	const seed = seedFromArguments(argv) ?? 1;
	if (!Number.isInteger(seed)) throw new Error('Invalid --seed');
	const quiet = argv.includes('--quiet');
	const sandbox = await startSandbox({ port, seed, logger: quiet ? undefined : (line) => console.log(line) });
	console.log(`Cargus sandbox listening on ${sandbox.url}`);
	console.log(`Base URL: ${sandbox.url}  (service paths: ${sandbox.url}/api/...; control API: ${sandbox.url}/_sandbox/...)`);
	console.log(`Default account: subscription key "${DEFAULT_ACCOUNT.subscriptionKey}", username "${DEFAULT_ACCOUNT.username}", password "${DEFAULT_ACCOUNT.password}"`);
	const stop = () => {
		sandbox.stop().then(() => process.exit(0), () => process.exit(1));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(`Cargus sandbox failed to start: ${(error as Error).message}`);
	process.exit(1);
});

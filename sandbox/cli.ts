import { DEFAULT_ACCOUNT, startSandbox } from './index';

/** The value of `--name value` or `--name=value`, if given. */
function optionOf(argv: string[], name: string): string | undefined {
	const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (index < 0) return undefined;
	return argv[index].includes('=') ? argv[index].slice(argv[index].indexOf('=') + 1) : argv[index + 1];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const portText = optionOf(argv, 'port') ?? process.env.CARGUS_SANDBOX_PORT;
	const port = portText === undefined ? 4000 : Number(portText);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${String(portText)}`);
	const seedText = optionOf(argv, 'seed');
	const seed = seedText === undefined ? 1 : Number(seedText);
	if (!Number.isInteger(seed)) throw new Error('Invalid --seed');
	const host = optionOf(argv, 'host') ?? process.env.CARGUS_SANDBOX_HOST ?? '127.0.0.1';
	if (host.trim() === '') throw new Error('Invalid --host: give an address to listen on, such as 0.0.0.0');
	const quiet = argv.includes('--quiet');
	const sandbox = await startSandbox({ port, seed, host, logger: quiet ? undefined : (line) => console.log(line) });
	console.log(`Cargus sandbox listening on ${sandbox.url}`);
	if (!LOOPBACK.has(host)) {
		console.log(`WARNING: listening on ${host}, not only on this machine: this is a test double of Cargus, not Cargus. Anyone who reaches ${sandbox.url} can use it with the account below, read its request log and reset or change it through /_sandbox/. Keep it on a network you trust.`);
	}
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

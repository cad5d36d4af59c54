/** Every port of a launch counted from one base: n8n, its brokers, sandbox, SMTP sink, Postgres, Redis, two workers, the shop stand-in. */
export function portsFrom(base: number) {
	return {
		n8nPort: base,
		brokerPort: base + 1,
		cliBrokerPort: base + 2,
		sandboxPort: base + 3,
		smtpPort: base + 4,
		shopPort: base + 11,
		queue: {
			postgresPort: base + 5,
			redisPort: base + 6,
			workers: [
				{ brokerPort: base + 7, healthPort: base + 8 },
				{ brokerPort: base + 9, healthPort: base + 10 },
			],
		},
	};
}

/** npm start's ports when no variable moves them. */
export const DEFAULT_PORTS = { n8nPort: 5678, brokerPort: 5679, cliBrokerPort: 5685, sandboxPort: 4000, smtpPort: 2525, shopPort: 4100 };

export type StartPorts = typeof DEFAULT_PORTS & { queue?: ReturnType<typeof portsFrom>['queue'] };

/**
 * The ports `npm start` listens on and `npm run post-order` reaches, from the environment: CARGUS_PORT_BASE moves them
 * all (portsFrom), then CARGUS_N8N_PORT (n8n; its task brokers the next two), CARGUS_SANDBOX_PORT, CARGUS_SMTP_PORT and
 * CARGUS_SHOP_PORT each move one. The one place both read them.
 */
export function startPorts(env: NodeJS.ProcessEnv = process.env): StartPorts {
	const port = (name: string): number | undefined => {
		const text = env[name];
		if (text === undefined || text === '') return undefined;
		const value = Number(text);
		if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name}=${text} is not a port (a whole number from 1 to 65535)`);
		return value;
	};
	const base = port('CARGUS_PORT_BASE');
	if (base !== undefined && base + 11 > 65535) throw new Error(`CARGUS_PORT_BASE=${base}: npm start takes that port and the eleven after it, up to 65535`);
	const n8nPort = port('CARGUS_N8N_PORT');
	return {
		...(base !== undefined ? portsFrom(base) : DEFAULT_PORTS),
		...(n8nPort !== undefined ? { n8nPort, brokerPort: n8nPort + 1, cliBrokerPort: n8nPort + 2 } : {}),
		...(port('CARGUS_SANDBOX_PORT') !== undefined ? { sandboxPort: port('CARGUS_SANDBOX_PORT') as number } : {}),
		...(port('CARGUS_SMTP_PORT') !== undefined ? { smtpPort: port('CARGUS_SMTP_PORT') as number } : {}),
		...(port('CARGUS_SHOP_PORT') !== undefined ? { shopPort: port('CARGUS_SHOP_PORT') as number } : {}),
	};
}

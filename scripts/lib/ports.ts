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

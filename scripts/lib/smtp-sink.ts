/**
 * A local SMTP sink for demos and the end-to-end test: accepts every mail on 127.0.0.1, stores it in a
 * folder as <n>-<subject>.eml (the raw message) and .json (from, to, subject, text, attachments), and never
 * delivers anything. Built from smtp-server + mailparser.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

export interface StoredMail {
	file: string;
	receivedAt: string;
	from: string;
	to: string[];
	subject: string;
	text: string;
	attachments: Array<{ filename: string; contentType: string; size: number }>;
}

export interface SmtpSink {
	host: string;
	port: number;
	dir: string;
	/** Mails received by this sink since it started, oldest first. */
	mails: StoredMail[];
	stop(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
	if (!value) return [];
	const list = Array.isArray(value) ? value : [value];
	return list.flatMap((a) => a.value.map((v) => v.address ?? v.name ?? '')).filter(Boolean);
}

export async function startSmtpSink(options: { dir: string; port?: number; host?: string }): Promise<SmtpSink> {
	const host = options.host ?? '127.0.0.1';
	fs.mkdirSync(options.dir, { recursive: true });
	const mails: StoredMail[] = [];
	let seq = fs.readdirSync(options.dir).filter((f) => f.endsWith('.eml')).length;

	const server = new SMTPServer({
		secure: false,
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		banner: 'n8n-nodes-cargus SMTP sink (nothing is delivered)',
		logger: false,
		closeTimeout: 500,
		// Accept any login: n8n's SMTP credential may send one.
		onAuth(_auth, _session, callback) {
			callback(null, { user: 'sink' });
		},
		onData(stream, _session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (c: Buffer) => chunks.push(c));
			stream.on('error', callback);
			stream.on('end', () => {
				const raw = Buffer.concat(chunks);
				simpleParser(raw)
					.then((parsed) => {
						seq += 1;
						const subject = parsed.subject ?? '';
						const slug = subject.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'mail';
						const base = `${String(seq).padStart(4, '0')}-${slug}`;
						fs.writeFileSync(path.join(options.dir, `${base}.eml`), raw);
						const mail: StoredMail = {
							file: path.join(options.dir, `${base}.eml`),
							receivedAt: new Date().toISOString(),
							from: addresses(parsed.from).join(', '),
							to: addresses(parsed.to),
							subject,
							text: parsed.text ?? '',
							attachments: parsed.attachments.map((a) => ({
								filename: a.filename ?? '',
								contentType: a.contentType,
								size: a.size,
							})),
						};
						fs.writeFileSync(path.join(options.dir, `${base}.json`), JSON.stringify(mail, null, 2) + '\n');
						mails.push(mail);
						callback();
					})
					.catch((err: Error) => callback(err));
			});
		},
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.on('error', () => {
		/* a client's broken connection must not end the sink */
	});
	const port = (server.server.address() as AddressInfo).port;
	return {
		host,
		port,
		dir: options.dir,
		mails,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/**
 * The secret the example webhooks check their orders' signatures with (examples 1, 6 and 7): made once per install
 * by `npm start` (and each end-to-end run), kept in a file only its owner reads, and set into the imported examples.
 * A request is signed with the base64 HMAC-SHA256 of its raw body, as WooCommerce and Shopify sign theirs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the example files hold in place of a secret: their check refuses every order until it is replaced. */
export const SECRET_PLACEHOLDER = 'set-your-own-secret';

/** The secret kept in `file`, made (32 random bytes, base64url) when the file is absent. */
export function webhookSecret(file: string): string {
	if (fs.existsSync(file)) {
		const kept = fs.readFileSync(file, 'utf8').trim();
		if (kept.length >= 16) return kept;
	}
	const secret = crypto.randomBytes(32).toString('base64url');
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
	return secret;
}

/** The signature of a raw body: base64 HMAC-SHA256, as WooCommerce's X-WC-Webhook-Signature and Shopify's X-Shopify-Hmac-Sha256. */
export function signatureOf(body: string | Buffer, secret: string): string {
	return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'cargusApi';

/** Every secret a credential holds, to keep them out of messages. */
export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	return [credentials.apiKey, credentials.password, credentials.token]
		.map((value) => String(value ?? ''))
		.filter((value) => value.length >= 4);
}

export function redact(text: string, secrets: string[]): string {
	let clean = text.replace(/([?&]Token=)[^&\s"']+/gi, '$1[redacted]');
	for (const secret of secrets) clean = clean.split(secret).join('[redacted]');
	return clean;
}

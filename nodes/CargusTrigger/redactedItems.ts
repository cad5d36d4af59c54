import type { INodeExecutionData } from 'n8n-workflow';

import { outputSecretsOf, redactOutputItems } from '../shared/transport/redact';
import { credentialsAfterSending } from '../shared/transport/secretsKept';
import type { Source } from './source';

/** A poll's items as Cargus sent them, except a value that carries a secret beyond doubt (redact.ts). */
export function redactItems(source: Source, items: INodeExecutionData[]): INodeExecutionData[] {
	return redactOutputItems(items, outputSecretsOf(...credentialsAfterSending(source.credentials)));
}

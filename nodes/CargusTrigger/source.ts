import type { ICredentialDataDecryptedObject, INodeCredentialsDetails, IPollFunctions } from 'n8n-workflow';

import { credentialReferenceOf } from '../shared/transport/authenticatedRequest';
import { CREDENTIAL_TYPE } from '../shared/cargus/credentials';
import { hasAccount } from '../shared/transport/login';
import { patienceFor, type Patience } from '../shared/transport/rateLimit';
import { baseUrlFor } from '../shared/transport/send';

/** Where and how a poll sends its requests, from the Cargus API credential read once per poll. */
export interface Source {
	credentials: ICredentialDataDecryptedObject;
	/** The node's credential reference, read once per poll. */
	reference: INodeCredentialsDetails | undefined;
	baseUrl: string;
	/** Whether the credential has a login account (operations that need a token can run). */
	withLogin: boolean;
	timeoutMs: number;
	/** A 429 of Cargus' gateway is waited out while the poll's time budget lasts, by all its requests together. */
	patience: Patience;
}

export async function readSource(this: IPollFunctions, timeoutMs: number, deadline: number): Promise<Source> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = baseUrlFor(this, credentials);
	const patience = patienceFor(Infinity, undefined, deadline);
	return { credentials, reference: credentialReferenceOf(this), baseUrl, withLogin: hasAccount(credentials), timeoutMs, patience };
}

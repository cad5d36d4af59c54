import { LEGAL_ENTITY_LOGIN } from '../../../shared/cargus/credentials';
import { operation } from '../../../shared/run/operation';
import { valueAs } from '../../../shared/run/output';
import { askLogin } from '../../../shared/run/asking';

export const logIn = operation({
	name: 'Log In',
	value: 'logIn',
	action: 'Get a login token',
	subtitle: 'Get a login token',
	description:
		'Outputs the login token of the credential\'s account, for calling the Cargus API from other nodes such as HTTP Request, and the login path that gave it. The Cargus node logs in by itself, so other operations never need it.',
	method: 'POST',
	// The interface's login; the request goes where the credential's Account Type says (send.ts).
	url: LEGAL_ENTITY_LOGIN,
	ask: askLogin,
	fields: [
		{
			displayName:
				'Outputs the login token of the account in the Cargus API credential, for other nodes to send in an "Authorization: Bearer" header. The token is a secret: whoever has it can use your Cargus account for about 24 hours, so never email, log or store it.',
			name: 'notice',
			type: 'notice',
			default: '',
		},
	],
	output: valueAs('token', 'token'),
	outputIsSecret: true,
});

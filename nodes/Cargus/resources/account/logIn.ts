import { LEGAL_ENTITY_LOGIN } from '../../shared/login';
import { forOperation, operation } from '../../shared/operation';
import { valueAs } from '../../shared/output';
import { sendLogin } from '../../shared/send';

export const logIn = operation({
	name: 'Log In',
	value: 'logIn',
	action: 'Log in as a legal entity',
	description: 'Log in with the credential\'s account and output the token (the node logs in by itself for every other operation)',
	method: 'POST',
	url: LEGAL_ENTITY_LOGIN,
	send: sendLogin,
	output: valueAs('token', 'token'),
	outputIsSecret: true,
});

export const logInFields = forOperation('account', 'logIn', [
	{
		displayName: 'Logs in with the Username and Password of the Cargus API credential and outputs the token. Treat the token like a password.',
		name: 'notice',
		type: 'notice',
		default: '',
	},
]);

import type { FastifyInstance } from 'fastify';
import { AnswerError, ok } from './answers';
import type { SandboxContext } from '../context';
import { bareStringError } from './errorBodies';
import { defineOperation, type OperationInput } from './operation';
import { requireBody, validateOrFail } from './inputs';

/** Login answers the token as a bare JSON string; a wrong account gets 409 with a bare string. */
export function registerLogin(app: FastifyInstance, context: SandboxContext): void {
	const login = ({ body, spec }: OperationInput) => {
		const fields = validateOrFail(requireBody(body, spec), { UserName: { type: 'string', required: true }, Password: { type: 'string', required: true } }, spec);
		const token = context.store.login(String(fields.UserName), String(fields.Password));
		if (!token) throw new AnswerError(bareStringError(409, `Autentificare esuata pentru utilizatorul "${String(fields.UserName)}": utilizator sau parola invalide.`));
		return ok(token, 'string');
	};
	const spec = { operation: 'login', auth: 'none', invalidStatus: 409 } as const;
	defineOperation(app, context, 'POST', '/api/LoginUser/Juridic', spec, login);
	defineOperation(app, context, 'POST', '/api/LoginUser', spec, login);
}

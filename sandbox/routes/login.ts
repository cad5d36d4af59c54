import type { FastifyInstance } from 'fastify';
import { AnswerError, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { bareStringError } from './errorBodies';
import { defineOperation, type OperationInput } from './operation';
import { requireBody, validateOrFail } from './inputs';

const LOGIN_PATHS = ['/api/LoginUser/Juridic', '/api/LoginUser'] as const;

/**
 * Login answers the token as a bare JSON string; a wrong account gets 409 with a bare string, and so
 * does an account at a path it does not log in at (its `loginPaths`), as a wrong password would.
 */
export function registerLogin(app: FastifyInstance, context: ServiceContext): void {
	const spec = { operation: 'login', auth: 'none', invalidStatus: 409 } as const;
	for (const path of LOGIN_PATHS) {
		const login = ({ body, spec: operation }: OperationInput) => {
			const fields = validateOrFail(requireBody(body, operation), { UserName: { type: 'string', required: true }, Password: { type: 'string', required: true } }, operation);
			const token = context.store.login(String(fields.UserName), String(fields.Password), path);
			if (!token) throw new AnswerError(bareStringError(409, `Autentificare esuata pentru utilizatorul "${String(fields.UserName)}": utilizator sau parola invalide.`));
			return ok(token, 'string');
		};
		defineOperation(app, context, 'POST', path, spec, login);
	}
}

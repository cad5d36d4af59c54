import type { FastifyInstance } from 'fastify';
import { AnswerError, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { modelStateError } from './errorBodies';
import { defineOperation } from './operation';
import { EMAIL_PATTERN } from './validation';
import { failWith, requireBody, validateOrFail } from './inputs';

/** Save a complaint (no token): validated (invalid input is 409, the only error listed), stored, answers true. */
export function registerComplaints(app: FastifyInstance, context: ServiceContext): void {
	defineOperation(app, context, 'POST', '/api/Complaints/SaveComplaint', { operation: 'saveComplaint', auth: 'none', invalidStatus: 409 },
		({ body, spec }) => {
			const fields = validateOrFail(requireBody(body, spec), {
				Shipment: { type: 'string', maxLength: 20 },
				PersonName: { type: 'string', required: true, maxLength: 100 },
				Company: { type: 'string', maxLength: 100 },
				Telephone: { type: 'string', maxLength: 50 },
				Email: { type: 'string', required: true, maxLength: 200 },
				ComplaintDetails: { type: 'string', required: true, maxLength: 4000 },
				ShipmentContent: { type: 'string', maxLength: 500 },
				ShipmentPack: { type: 'string', maxLength: 500 },
			}, spec);
			if (spec.strict && !EMAIL_PATTERN.test(String(fields.Email))) {
				throw new AnswerError(modelStateError(409, { Email: ['The Email field is not a valid e-mail address.'] }));
			}
			if (spec.strict && fields.Shipment !== undefined && !/^\d{6,20}$/.test(String(fields.Shipment))) failWith(spec, 'Shipment nu este un AWB valid.');
			context.store.addComplaint(fields);
			return ok(true, 'boolean');
		});
}

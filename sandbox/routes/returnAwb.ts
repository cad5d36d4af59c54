import type { FastifyInstance } from 'fastify';
import { AnswerError, ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { DAY, HOUR } from '../world/dates';
import { errorObject } from './errorBodies';
import { defineOperation } from './operation';
import { planEvents, SCENARIO_PATHS } from '../world/timelines/shipments';
import { failWith, requireBody, validateOrFail } from './inputs';

/** A return AWB is picked up one day after it is generated, then travels back in 3-hour steps. */
const RETURN_PICKUP_DELAY_MS = DAY;
const RETURN_STEP_MS = 3 * HOUR;

/** Create return AWB (no token): answers the new barcode, which is then traceable. */
export function registerReturnAwb(app: FastifyInstance, context: ServiceContext): void {
	const { store } = context;
	defineOperation(app, context, 'POST', '/api/NoAuth/GenerateRwb', { operation: 'createReturnAwb', auth: 'none', invalidStatus: 400 },
		({ body, spec, account, now }) => {
			const fields = validateOrFail(requireBody(body, spec), {
				Barcode: { type: 'string', required: true },
				ClientId: { type: 'int' },
				UserId: { type: 'int' },
				HasContract: { type: 'boolean' },
				IsMarketplace: { type: 'boolean' },
				ReturnCodeExpirationDays: { type: 'int' },
				SenderLocationId: { type: 'int' },
			}, spec);
			const barcode = String(fields.Barcode).trim();
			if (spec.strict && !/^\d{6,20}$/.test(barcode)) failWith(spec, `Barcode invalid: "${barcode.slice(0, 40)}" (6-20 cifre).`);
			const days = fields.ReturnCodeExpirationDays as number | undefined;
			if (spec.strict && days !== undefined && (days < 1 || days > 90)) failWith(spec, 'ReturnCodeExpirationDays trebuie sa fie intre 1 si 90.');
			const original = store.shipments.get(barcode);
			if (!original) throw new AnswerError(errorObject(409, `AWB-ul ${barcode} nu exista.`));
			const clientId = (fields.ClientId as number | undefined) ?? account.clientId;
			if (original.clientId !== clientId) throw new AnswerError(errorObject(409, `AWB-ul ${barcode} nu apartine clientului ${clientId}.`));
			if (fields.SenderLocationId !== undefined) {
				const location = store.locations.get(fields.SenderLocationId as number);
				if (!location || location.clientId !== clientId) {
					throw new AnswerError(errorObject(409, `Punctul de ridicare ${String(fields.SenderLocationId)} nu exista.`));
				}
			}
			const returned = store.addShipment('delivered', now + RETURN_PICKUP_DELAY_MS, RETURN_STEP_MS, clientId, barcode);
			returned.sender = original.receiver;
			returned.senderLocality = original.receiverLocality;
			returned.receiver = original.sender;
			returned.receiverLocality = original.senderLocality;
			returned.codValue = 0;
			returned.createdAt = now;
			returned.events = planEvents(returned, SCENARIO_PATHS.delivered, returned.events.map((e) => e.date));
			return ok(returned.barcode, 'string');
		});
}

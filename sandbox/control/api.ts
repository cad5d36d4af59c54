import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { MINUTE, parseServiceDate } from '../world/dates';
import { ECHO_FORMATS, FAULT_KINDS, FaultRegistry, type EchoFormat, type FaultSpec } from '../gateway/faults';
import { EVENT_DESCRIPTIONS, eventLocality, insertEvent, pieceCodes, returnBarcodeOf, stateOf, traceEventView, traceView, visibleEvents } from '../world/timelines/shipments';
import { REFUSALS, REFUSED_AFTER_OPENING } from '../world/timelines/cargusEvents';
import { SCENARIOS, type Scenario, type Shipment } from '../world/types';
import { parseBarcodeList } from '../routes/barcodes';
import { badRequest, bodyOf as body, numberField } from './inputs';
import { installTimelineControl } from './timelines';
import { refusalRefused, refuseAtDoor } from '../world/timelines/refusals';

/** At most this many shipments per POST /_sandbox/shipments. */
export const MAX_ADDED_SHIPMENTS = 10_000;
/** At most this many parcels in one added shipment (a multi-parcel AWB: Cargus' Multipiece takes 15 pieces). */
const MAX_PARCELS = 15;

/** The control API under /_sandbox/ (JSON in and out, no subscription key, not logged). */
export function installControlApi(app: FastifyInstance, context: SandboxContext): void {
	const { store, clock } = context;

	const shipmentView = (shipment: Shipment) => {
		const now = clock.now();
		return {
			barcode: shipment.barcode,
			scenario: shipment.scenario,
			state: stateOf(shipment, now),
			type: shipment.type,
			clientId: shipment.clientId,
			codValue: shipment.codValue,
			orderReference: shipment.customString,
			createdAt: new Date(shipment.createdAt).toISOString(),
			pieceCodes: pieceCodes(shipment),
			returnBarcode: returnBarcodeOf(shipment, now) ?? null,
			visibleEvents: visibleEvents(shipment, now).map(traceEventView),
			plannedEvents: shipment.events.map(traceEventView),
			trace: traceView(shipment, now, true),
		};
	};

	app.register(async (control) => {
		control.post('/reset', async (request) => {
			const seed = numberField(body(request.body), 'seed');
			context.reset(seed === undefined ? context.seed : Math.trunc(seed));
			return { seed: context.seed, now: new Date(clock.now()).toISOString() };
		});

		control.get('/accounts', async () =>
			store.accounts.map((a) => ({ username: a.username, password: a.password, subscriptionKey: a.subscriptionKey, clientId: a.clientId, userId: a.userId, companyName: a.companyName, loginPaths: a.loginPaths })));

		control.get('/shipments', async (request, reply) => {
			const raw = (request.query as Record<string, unknown>).barcodes;
			if (raw === undefined || raw === '') return [...store.shipments.values()].map(shipmentView);
			const parsed = parseBarcodeList(raw, 'barcodes');
			if ('error' in parsed) return badRequest(reply, parsed.error);
			return parsed.barcodes.map((code) => store.shipments.get(code)).filter((s): s is Shipment => !!s).map(shipmentView);
		});

		control.post('/shipments', async (request, reply) => {
			const input = body(request.body);
			const count = numberField(input, 'count') ?? 1;
			if (!Number.isInteger(count) || count < 1 || count > MAX_ADDED_SHIPMENTS) return badRequest(reply, `count must be an integer from 1 to ${MAX_ADDED_SHIPMENTS}`);
			const scenario = (input.scenario ?? 'delivered') as Scenario | 'random';
			if (scenario !== 'random' && !SCENARIOS.includes(scenario)) return badRequest(reply, `scenario must be one of ${SCENARIOS.join(', ')}, random`);
			const startAt = input.startAt === undefined ? clock.now() : parseServiceDate(input.startAt);
			if (startAt === undefined) return badRequest(reply, 'startAt must be an ISO date-time');
			const stepMinutes = numberField(input, 'stepMinutes') ?? 180;
			if (stepMinutes <= 0) return badRequest(reply, 'stepMinutes must be positive');
			const codValue = numberField(input, 'codValue');
			if (input.codValue !== undefined && (codValue === undefined || codValue < 0)) return badRequest(reply, 'codValue must be a number, 0 or more (0: no cash on delivery)');
			const parcels = input.parcels === undefined ? 1 : numberField(input, 'parcels');
			if (parcels === undefined || !Number.isInteger(parcels) || parcels < 1 || parcels > MAX_PARCELS) return badRequest(reply, `parcels must be an integer from 1 to ${MAX_PARCELS}`);
			const created: Shipment[] = [];
			for (let i = 0; i < count; i++) {
				const chosen = scenario === 'random' ? store.random.pick(SCENARIOS) : scenario;
				const shipment = store.addShipment(chosen, startAt, stepMinutes * MINUTE, 70001, '', codValue);
				if (parcels > 1) {
					shipment.type = '1';
					shipment.pieces = Array.from({ length: parcels }, () => ({ type: '1' as const, weight: shipment.measuredWeight }));
					shipment.measuredWeight *= parcels;
				}
				created.push(shipment);
			}
			return created.map(shipmentView);
		});

		control.post('/shipments/:barcode/events', async (request, reply) => {
			const { barcode } = request.params as { barcode: string };
			const shipment = store.shipments.get(barcode);
			if (!shipment) return reply.code(404).send({ message: `no shipment with barcode ${barcode}` });
			const input = body(request.body);
			const EventId = input.EventId;
			if (typeof EventId !== 'number' || !Number.isInteger(EventId) || EventId < 0) return badRequest(reply, 'EventId must be a non-negative integer');
			const date = input.Date === undefined ? clock.now() : parseServiceDate(input.Date);
			if (date === undefined) return badRequest(reply, 'Date must be an ISO date-time');
			const visibleAt = input.visibleAt === undefined ? clock.now() : parseServiceDate(input.visibleAt);
			if (visibleAt === undefined) return badRequest(reply, 'visibleAt must be an ISO date-time');
			for (const name of ['Description', 'LocalityName'] as const) {
				if (input[name] !== undefined && typeof input[name] !== 'string') return badRequest(reply, `${name} must be a string`);
			}
			if (shipment.events.some((event) => event.EventId === EventId && event.date === date)) {
				return reply.code(409).send({ message: `shipment ${barcode} already has event ${EventId} at that Date (an event is identified by EventId and Date)` });
			}
			insertEvent(shipment, {
				EventId,
				date,
				Description: (input.Description as string | undefined) ?? EVENT_DESCRIPTIONS[EventId] ?? '',
				LocalityName: (input.LocalityName as string | undefined) ?? eventLocality(EventId, shipment.senderLocality, shipment.receiverLocality),
				visibleAt,
			});
			return shipmentView(shipment);
		});

		control.post('/shipments/:barcode/refuse', async (request, reply) => {
			const { barcode } = request.params as { barcode: string };
			const shipment = store.shipments.get(barcode);
			if (!shipment) return reply.code(404).send({ message: `no shipment with barcode ${barcode}` });
			const input = body(request.body);
			const at = input.at === undefined ? undefined : parseServiceDate(input.at);
			if (input.at !== undefined && at === undefined) return badRequest(reply, 'at must be an ISO date-time');
			const stepMinutes = input.stepMinutes === undefined ? 180 : numberField(input, 'stepMinutes');
			if (stepMinutes === undefined || stepMinutes <= 0) return badRequest(reply, 'stepMinutes must be a positive number');
			const refusal = input.refusal === undefined ? REFUSED_AFTER_OPENING : numberField(input, 'refusal');
			if (refusal === undefined || !REFUSALS.includes(refusal)) return badRequest(reply, `refusal must be one of Cargus' refusal events: ${REFUSALS.join(', ')}`);
			const refused = refusalRefused(shipment, clock.now());
			if (refused !== undefined) return reply.code(409).send({ message: refused });
			refuseAtDoor(shipment, clock.now(), stepMinutes * MINUTE, refusal, at);
			return shipmentView(shipment);
		});

		installTimelineControl(control, context);

		control.get('/cash-receipts', async () =>
			store.cashReceiptLists.map((list) => ({ Id: list.Id, receivedAt: new Date(list.receivedAt).toISOString(), ...list.body })));

		control.get('/complaints', async () =>
			store.complaints.map((complaint) => ({ id: complaint.id, receivedAt: new Date(complaint.receivedAt).toISOString(), ...complaint.body })));

		control.get('/clock', async () => ({ now: new Date(clock.now()).toISOString(), start: new Date(clock.startMs).toISOString(), mode: clock.mode }));

		control.post('/clock/advance', async (request, reply) => {
			const input = body(request.body);
			const ms = (numberField(input, 'seconds') ?? 0) * 1000 + (numberField(input, 'minutes') ?? 0) * MINUTE +
				(numberField(input, 'hours') ?? 0) * 60 * MINUTE + (numberField(input, 'days') ?? 0) * 24 * 60 * MINUTE;
			if (ms < 0) return badRequest(reply, 'the clock only moves forward');
			clock.advance(ms);
			return { now: new Date(clock.now()).toISOString() };
		});

		control.put('/token-lifetime', async (request, reply) => {
			const seconds = numberField(body(request.body), 'seconds');
			if (seconds === undefined || seconds <= 0) return badRequest(reply, 'seconds must be a positive number');
			store.tokenLifetimeMs = seconds * 1000;
			return { seconds };
		});

		control.post('/tokens/expire', async () => {
			store.expireAllTokens();
			return { expired: store.tokens.size };
		});

		control.get('/faults', async () => context.faults.list());

		control.post('/faults', async (request, reply) => {
			const input = body(request.body);
			const kind = input.kind as FaultSpec['kind'];
			if (!FAULT_KINDS.includes(kind)) return badRequest(reply, `kind must be one of ${FAULT_KINDS.join(', ')}`);
			const probability = numberField(input, 'probability');
			if (probability !== undefined && (probability < 0 || probability > 1)) return badRequest(reply, 'probability must be from 0 to 1');
			const count = numberField(input, 'count');
			if (count !== undefined && (!Number.isInteger(count) || count < 1)) return badRequest(reply, 'count must be a positive integer');
			const status = numberField(input, 'status');
			if (status !== undefined && (!Number.isInteger(status) || status < 100 || status > 599)) return badRequest(reply, 'status must be an HTTP status');
			const format = input.format as EchoFormat | undefined;
			if (format !== undefined && !ECHO_FORMATS.includes(format)) return badRequest(reply, `format must be one of ${ECHO_FORMATS.join(', ')}`);
			const afterWork = input.afterWork === undefined ? undefined : input.afterWork === true;
			if (afterWork && kind !== 'status' && kind !== 'latency') return badRequest(reply, 'afterWork goes with kind status or latency only');
			if (context.faults.full) return badRequest(reply, `at most ${FaultRegistry.MAX_FAULTS} faults at once: clear them first`);
			const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : undefined);
			const fault = context.faults.add({
				operation: text('operation'), path: text('path'), method: text('method'), kind, status,
				latencyMs: numberField(input, 'latencyMs'), body: input.body, format, count, probability, afterWork,
			});
			return { id: fault.id };
		});

		control.delete('/faults', async () => {
			context.faults.clear();
			return { cleared: true };
		});

		control.put('/rate-limit', async (request, reply) => {
			const value = body(request.body).requestsPerSecond;
			if (value !== null && (typeof value !== 'number' || value <= 0)) return badRequest(reply, 'requestsPerSecond must be a positive number or null');
			context.rateLimit.set(value);
			return { requestsPerSecond: value };
		});

		control.put('/settings', async (request, reply) => {
			const answer = body(request.body).expiredTokenAnswer;
			if (answer !== undefined) {
				if (answer !== '401' && answer !== 'failed-to-authenticate') return badRequest(reply, "expiredTokenAnswer must be '401' or 'failed-to-authenticate'");
				context.settings.expiredTokenAnswer = answer;
			}
			const listOfOne = body(request.body).ordersListOfOne;
			if (listOfOne !== undefined) {
				if (listOfOne !== 'list' && listOfOne !== 'object') return badRequest(reply, "ordersListOfOne must be 'list' or 'object'");
				context.settings.ordersListOfOne = listOfOne;
			}
			const awbsOrder = body(request.body).awbsByDateOrder;
			if (awbsOrder !== undefined) {
				if (awbsOrder !== 'oldest-first' && awbsOrder !== 'newest-first') return badRequest(reply, "awbsByDateOrder must be 'oldest-first' or 'newest-first'");
				context.settings.awbsByDateOrder = awbsOrder;
			}
			const deletedAwbs = body(request.body).deletedAwbs;
			if (deletedAwbs !== undefined) {
				if (deletedAwbs !== 'listed' && deletedAwbs !== 'dropped') return badRequest(reply, "deletedAwbs must be 'listed' or 'dropped'");
				context.settings.deletedAwbs = deletedAwbs;
			}
			const localities = body(request.body).localities;
			if (localities !== undefined) {
				if (localities !== 'flat' && localities !== 'grouped') return badRequest(reply, "localities must be 'flat' or 'grouped'");
				context.settings.localities = localities;
			}
			const maxItemsPerPage = body(request.body).maxItemsPerPage;
			if (maxItemsPerPage !== undefined) {
				if (maxItemsPerPage !== null && (!Number.isInteger(maxItemsPerPage) || (maxItemsPerPage as number) < 1)) return badRequest(reply, 'maxItemsPerPage must be a positive integer or null');
				context.settings.maxItemsPerPage = maxItemsPerPage as number | null;
			}
			const deltaEvents = body(request.body).deltaEvents;
			if (deltaEvents !== undefined) {
				if (deltaEvents !== 'shipment' && deltaEvents !== 'event') return badRequest(reply, "deltaEvents must be 'shipment' or 'event'");
				context.settings.deltaEvents = deltaEvents;
			}
			const strictChecks = body(request.body).strictChecks;
			if (strictChecks !== undefined) {
				if (typeof strictChecks !== 'boolean') return badRequest(reply, 'strictChecks must be true or false');
				context.settings.strictChecks = strictChecks;
			}
			return context.settings;
		});

		control.get('/requests', async (request) => {
			const operation = (request.query as Record<string, unknown>).operation;
			return context.log.list(typeof operation === 'string' ? operation : undefined);
		});

		control.delete('/requests', async () => {
			context.log.clear();
			return { cleared: true };
		});
	}, { prefix: '/_sandbox' });
}

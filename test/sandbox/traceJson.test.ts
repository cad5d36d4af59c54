import { SandboxContext } from '../../sandbox/context';
import { DAY, HOUR } from '../../sandbox/world/dates';
import { insertEvent, traceJson, traceView } from '../../sandbox/world/timelines/shipments';
import type { Shipment } from '../../sandbox/world/types';

/** The trace operations write their JSON answers directly; these must be the bytes JSON.stringify writes of the trace. */
describe('the JSON of a trace', () => {
	const start = Date.parse('2026-11-20T10:00:00Z');
	const context = new SandboxContext({ seed: 7, startMs: start, clockMode: 'frozen', tokenLifetimeMs: DAY });
	const odd = ['say "hi"', 'back\\slash', 'line\nbreak\ttab\u0000', 'lone \ud800 surrogate', 'pair \ud83d\udce6', 'sep \u2028 \u2029 \u007f', 'ăîșțâ ĂÎȘȚÂ', '', 'x'.repeat(300)];

	const shipments = (): Shipment[] => [...context.store.shipments.values()];

	it('is what JSON.stringify writes, for every seeded and added shipment at many moments, with and without the order status', () => {
		for (const scenario of ['delivered', 'returned', 'in-transit', 'out-for-delivery', 'not-picked-up'] as const) {
			context.store.addShipment(scenario, start - 3 * DAY + 1234.5, 97 * 60_000 + 0.25);
		}
		const [first, second] = shipments();
		odd.forEach((text, index) => {
			insertEvent(first, { EventId: 1000 + index, date: start - index * HOUR - 7, Description: text, LocalityName: odd[odd.length - 1 - index] });
		});
		second.receiver = odd[0];
		let compared = 0;
		for (let offset = -5 * DAY; offset <= 10 * DAY; offset += 7 * HOUR + 13) {
			for (const shipment of shipments()) {
				for (const withOrderStatus of [false, true]) {
					expect(traceJson(shipment, start + offset, withOrderStatus)).toBe(JSON.stringify(traceView(shipment, start + offset, withOrderStatus)));
					compared++;
				}
			}
		}
		expect(compared).toBeGreaterThan(1000);
	});

	it('writes weights that are not finite numbers as null, as JSON.stringify does', () => {
		const [shipment] = shipments();
		for (const weight of [Number.NaN, Infinity, -0, 1e21, 0.1 + 0.2]) {
			shipment.measuredWeight = weight;
			expect(traceJson(shipment, start, true)).toBe(JSON.stringify(traceView(shipment, start, true)));
		}
	});
});

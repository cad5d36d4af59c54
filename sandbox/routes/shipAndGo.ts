import type { FastifyInstance } from 'fastify';
import { ok } from './answers';
import type { ServiceContext } from '../world/serviceContext';
import { shipAndGoPointViews } from '../world/shipAndGoPoints';
import { defineOperation } from './operation';

/** Ship & Go points (PUDO): every point, unfiltered, as Cargus' document shows them. */
export function registerShipAndGo(app: FastifyInstance, context: ServiceContext): void {
	const spec = { operation: 'shipAndGoPoints', auth: 'bearer', invalidStatus: 400 } as const;
	const answer = () => ok(shipAndGoPointViews(), 'PudoPoint');
	defineOperation(app, context, 'GET', '/api/PudoPoints', spec, answer);
	// The method's name in Cargus' document, which no client calls: kept as an alias; the shop plugins read PudoPoints.
	defineOperation(app, context, 'GET', '/api/PUDO_Get', spec, answer);
}

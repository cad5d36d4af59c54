import type { FastifyInstance } from 'fastify';
import { ok } from './answers';
import type { SandboxContext } from '../context';
import { shipAndGoPointViews } from '../world/shipAndGoPoints';
import { defineOperation } from './operation';

/** Ship & Go points (PUDO): every point, unfiltered, as Cargus' document shows them. */
export function registerShipAndGo(app: FastifyInstance, context: SandboxContext): void {
	defineOperation(app, context, 'GET', '/api/PUDO_Get', { operation: 'shipAndGoPoints', auth: 'bearer', invalidStatus: 400 },
		() => ok(shipAndGoPointViews(), 'PudoPoint'));
}

import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES, installBodyParsers } from './gateway/bodyParsers';
import type { SandboxContext } from './context';
import { installControlApi } from './control/api';
import { gatewayBodies } from './routes/errorBodies';
import { installGateway } from './gateway/hooks';
import { registerAwbs } from './routes/awbs';
import { registerCashOnDelivery } from './routes/cashOnDelivery';
import { registerCashReceipts } from './routes/cashReceipts';
import { registerComplaints } from './routes/complaints';
import { registerDocuments } from './routes/documents';
import { registerGeography } from './routes/geography';
import { registerLocalities } from './routes/localities';
import { registerLogin } from './routes/login';
import { registerPickupLocations } from './routes/pickupLocations';
import { registerPickupOrders } from './routes/pickupOrders';
import { registerReturnAwb } from './routes/returnAwb';
import { registerReturnsAndProofs } from './routes/returnsAndProofs';
import { registerShipAndGo } from './routes/shipAndGo';
import { registerTracking } from './routes/tracking';

/** Builds the sandbox HTTP server: gateway layer, body parsers, the service's routes and the control API. */
export function buildServer(context: SandboxContext, logger?: (line: string) => void): FastifyInstance {
	const app = Fastify({
		logger: false,
		bodyLimit: BODY_LIMIT_BYTES,
		routerOptions: {
			caseSensitive: false,
			ignoreTrailingSlash: true,
			ignoreDuplicateSlashes: true,
			onBadUrl: (_path, _request, response) => {
				response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
				response.end(JSON.stringify(gatewayBodies.notFound));
			},
		},
		forceCloseConnections: true,
		return503OnClosing: false,
	});
	if (logger) {
		app.addHook('onResponse', (request, reply, done) => {
			logger(`${request.method} ${request.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]')} -> ${reply.statusCode}`);
			done();
		});
	}
	installBodyParsers(app);
	installGateway(app, context);
	registerPickupLocations(app, context);
	registerPickupOrders(app, context);
	registerReturnAwb(app, context);
	registerAwbs(app, context);
	registerTracking(app, context);
	registerReturnsAndProofs(app, context);
	registerCashOnDelivery(app, context);
	registerLocalities(app, context);
	registerGeography(app, context);
	registerShipAndGo(app, context);
	registerDocuments(app, context);
	registerCashReceipts(app, context);
	registerComplaints(app, context);
	registerLogin(app, context);
	installControlApi(app, context);
	return app;
}

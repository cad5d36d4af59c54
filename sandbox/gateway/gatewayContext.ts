import type { ServiceContext } from '../world/serviceContext';
import type { FaultRegistry } from './faults';
import type { RateLimiter } from './rateLimit';
import type { RequestLog } from './requestLog';

/** What the gateway works with: the service it stands in front of, and its own faults, rate limit and request log. */
export interface GatewayContext extends ServiceContext {
	readonly faults: FaultRegistry;
	readonly rateLimit: RateLimiter;
	readonly log: RequestLog;
}

import type { SeededRandom } from '../world/random';

export type FaultKind = 'status' | 'latency' | 'malformed' | 'truncated' | 'reset' | 'echo';
export const FAULT_KINDS: readonly FaultKind[] = ['status', 'latency', 'malformed', 'truncated', 'reset', 'echo'];
export type EchoFormat = 'json' | 'html';
export const ECHO_FORMATS: readonly EchoFormat[] = ['json', 'html'];

export interface FaultSpec {
	operation?: string;
	path?: string;
	method?: string;
	kind: FaultKind;
	status?: number;
	latencyMs?: number;
	body?: unknown;
	/** For `echo`: a JSON body, or an HTML page like a misbehaving gateway's. */
	format?: EchoFormat;
	count?: number;
	probability?: number;
	/**
	 * For `status`: the service does the work (an AWB is made), then the gateway answers the fault instead, as
	 * Cargus' gateway answering 504 after the backend has answered too late. For `latency`: the service answers at
	 * once and the answer is held back for `latencyMs` (a list read now, received later).
	 */
	afterWork?: boolean;
}

export interface Fault extends FaultSpec {
	id: string;
	remaining?: number;
}

/** Faults injected through the control API; a fault with a count is removed once used up. */
export class FaultRegistry {
	static readonly MAX_FAULTS = 1000;
	private faults: Fault[] = [];
	private nextId = 1;

	add(spec: FaultSpec): Fault {
		const fault: Fault = { ...spec, id: `fault-${this.nextId++}`, remaining: spec.count };
		this.faults.push(fault);
		return fault;
	}

	get full(): boolean {
		return this.faults.length >= FaultRegistry.MAX_FAULTS;
	}

	list(): Fault[] {
		return [...this.faults];
	}

	clear(): void {
		this.faults = [];
	}

	/** The first fault that applies to this request, if any (uses one of its count). */
	take(operation: string, path: string, method: string, random: SeededRandom): Fault | undefined {
		for (const fault of this.faults) {
			if (fault.operation && fault.operation.toLowerCase() !== operation.toLowerCase()) continue;
			if (fault.path && fault.path.toLowerCase() !== path.toLowerCase()) continue;
			if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) continue;
			if (fault.probability !== undefined && !random.chance(fault.probability)) continue;
			if (fault.remaining !== undefined) {
				fault.remaining--;
				if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
			}
			return fault;
		}
		return undefined;
	}
}

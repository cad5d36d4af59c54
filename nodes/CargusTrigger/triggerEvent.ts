import type { IDataObject, INodeExecutionData, INodeProperties, INodePropertyOptions, IPollFunctions } from 'n8n-workflow';

import type { RequestOutcome } from './requestPool';
import type { Source } from './source';

/** What every event's settings hold besides its own parameters. */
export interface CommonSettings {
	timeoutMs: number;
	/** Whether what exists when something is first seen is emitted too ("Fetch Test Event" always emits it). */
	emitExisting: boolean;
	/** "Fetch Test Event": the state is a throwaway one and nothing is saved. */
	test: boolean;
}

/** An event's memory, read from the node's static data and written back by `commit` in one top-level assignment. */
export interface EventState {
	commit(): void;
}

/**
 * One thing the Cargus Trigger can start a workflow on. An event says what it polls (`plan`, `send`),
 * what identifies a change and what it remembers (`receive`, its state), and what it emits (`toItem`).
 * The poll around it (poll.ts) is the same for every event: requests a few at a time within n8n's poll
 * budget, 429 stops the poll's other requests, a failed request records nothing, the state is saved in
 * one assignment only when the poll ends, Fetch Test Event uses a throwaway state.
 */
export interface TriggerEvent<Settings extends CommonSettings, State extends EventState, Request, Answer, Change> {
	/** The "Trigger On" option. */
	readonly option: INodePropertyOptions & { value: string };
	/** The event's own parameters (the node shows them only when the event is chosen). */
	readonly properties: INodeProperties[];
	/** What one request is called in messages ("tracking request"). */
	readonly requestName: string;
	/** Requests in flight at once. */
	readonly concurrency: number;
	/** What Fetch Test Event says when it finds nothing. */
	readonly noTestEvent: { message: string; description: string };
	readSettings(context: IPollFunctions, test: boolean): Settings;
	openState(staticData: IDataObject, settings: Settings): State;
	/** This poll's requests, in order; none: nothing to ask. */
	plan(state: State, settings: Settings): Request[];
	/** Sends one request (through sendRequest.ts) and reads its answer; throws a NodeApiError when it or its answer fails. */
	send(context: IPollFunctions, source: Source, request: Request, settings: Settings): Promise<Answer>;
	/** Records what one answer shows and returns the changes to emit; may ask for more requests. */
	receive(state: State, request: Request, answer: Answer, settings: Settings): { changes: Change[]; more?: Request[] };
	/** After every request of the poll is settled (resume points, forgetting). */
	settle?(state: State, outcomes: Array<RequestOutcome<Request>>, settings: Settings): void;
	/**
	 * After `settle`, before the state is saved: what the changes still need (their AWB), fetched; the changes to emit.
	 * A change left out must leave the state as if it had not been seen; throwing saves nothing.
	 */
	complete?(context: IPollFunctions, source: Source, state: State, changes: Change[], settings: Settings, deadline: number): Promise<Change[]>;
	/** Oldest first. */
	compare(a: Change, b: Change): number;
	toItem(change: Change, settings: Settings): INodeExecutionData;
	/** When Fetch Test Event finds nothing to ask about (an empty list). */
	nothingToWatch?: { message: string; description: string };
}

/** Any event (its methods take their own types: TypeScript checks method parameters both ways). */
export type AnyTriggerEvent = TriggerEvent<CommonSettings, EventState, unknown, unknown, unknown>;

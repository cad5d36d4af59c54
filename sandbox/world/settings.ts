/** How the sandbox answers where Cargus' own way varies or is unknown: PUT /_sandbox/settings sets them. */
export interface SandboxSettings {
	/** How an expired token is answered: 401, or 200 with the JSON string "Failed to authenticate!". */
	expiredTokenAnswer: '401' | 'failed-to-authenticate';
	/** How `GET /api/Orders` answers a page of one order: a list, or that order alone (OpenCart reads both). */
	ordersListOfOne: 'list' | 'object';
	/** The order in which `GET /api/Awbs/GetByDate` lists AWBs: as they were made, or the newest first (Cargus' own: unknown). */
	awbsByDateOrder: 'oldest-first' | 'newest-first';
	/** Whether the AWB lists keep a deleted AWB with Status "Deleted" (as OpenCart sees Cargus do) or drop it. */
	deletedAwbs: 'listed' | 'dropped';
	/**
	 * How `GET /api/Localities` and `NoAuth/GetLocalities` answer: a flat list of localities (`flat`, the default: what the
	 * shop plugins read) or the interface's `[{"Locality": [...], "message": "OK"}]` (`grouped`).
	 */
	localities: 'flat' | 'grouped';
	/**
	 * How `GET /api/AwbTrace/GetDeltaEvents` answers: one row per shipment with events in the interval, without event ids
	 * (`shipment`, as a client that read Cargus' v3 document reads it), or one flat row per event with its EventId (`event`).
	 */
	deltaEvents: 'shipment' | 'event';
	/** Largest `itemsPerPage` the paged lists take, or null (the default) for no limit: Cargus documents none. */
	maxItemsPerPage: number | null;
	/**
	 * Whether the sandbox also makes the checks no source shows Cargus making (field lengths, negative amounts, a
	 * service's undocumented limits, ...): off by default; docs/sandbox.md, "Refusals", lists them.
	 */
	strictChecks: boolean;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
	expiredTokenAnswer: '401', ordersListOfOne: 'list', awbsByDateOrder: 'oldest-first', deletedAwbs: 'listed', localities: 'flat',
	deltaEvents: 'shipment',
	maxItemsPerPage: null, strictChecks: false,
};

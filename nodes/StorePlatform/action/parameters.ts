/**
 * The names of the action node's generic parameters, shared by the description (`properties.ts`) that shows them
 * and the executor that reads them. Saved workflows hold these names: never change a value.
 */
export const PARAMETER = {
	resource: 'resource',
	operation: 'operation',
	/** Optional body fields of Create (and other writes). */
	additionalFields: 'additionalFields',
	/** Optional body fields of Update. */
	updateFields: 'updateFields',
	filters: 'filters',
	options: 'options',
	returnAll: 'returnAll',
	limit: 'limit',
	/** typeVersion 2: the top-level Simplify switch of Get and Get Many (typeVersion 1 reads OPTION.simplify). */
	simplify: 'simplify',
} as const;

/** Entries of the Options collection read by the executor. */
export const OPTION = {
	fields: 'fields',
	timeout: 'timeout',
	simplify: 'simplify',
	normaliseNumbers: 'normaliseNumbers',
	returnFullRecord: 'returnFullRecord',
	requestsInParallel: 'requestsInParallel',
} as const;

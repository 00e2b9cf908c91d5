import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { CodeWords } from './api/codeWords';

export type Resource =
	| 'promotion'
	| 'voucher'
	| 'applicationCharge'
	| 'abandonedCart'
	| 'page'
	| 'category'
	| 'vendor'
	| 'collection'
	| 'paymentMethod'
	| 'variant'
	| 'blog'
	| 'themeAsset'
	| 'orderStatus'
	| 'theme'
	| 'user'
	| 'webhook'
	| 'themeScript';

export type Operation = 'create' | 'get' | 'getAll' | 'count' | 'update' | 'delete' | 'activate';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How an input is typed in the editor and converted for the API. */
export type FieldKind =
	| 'string'
	| 'text'
	/** An absolute http(s) URL (webhook target, return URL, script address). */
	| 'url'
	| 'number'
	| 'id'
	| 'boolean'
	/** A switch in the editor, sent as 1 or 0. */
	| 'flag'
	| 'dateTime'
	| 'options'
	| 'ids'
	| 'json'
	| 'metadata'
	| 'progressiveSteps'
	| 'stringList';

/**
 * A dropdown of records for an id field: the records of one resource, or of the resource that another
 * parameter's value chooses (the first of `chosenBy` that the operation has; `fallback` when none is set).
 */
export interface Dropdown {
	/** The name of its load-options method. */
	method: string;
	resource?: Resource;
	chosenBy?: string[];
	resources?: Record<string, Resource>;
	fallback?: Resource;
}

/** One API input (body key or query parameter) and its editor field. */
export interface Field {
	/** The key the API uses, e.g. `promotion_type`. */
	key: string;
	/** The n8n parameter name; camelCase of `key` when not given. */
	name?: string;
	displayName: string;
	kind: FieldKind;
	required?: boolean;
	/** For `options`: [value, name, description?]. */
	options?: Array<[string | number, string, string?]>;
	default?: string | number | boolean;
	description?: string;
	placeholder?: string;
	hint?: string;
	/** For `id`: a dropdown of records (`category.ts`: Parent Category; `resources/common.ts`: discountTarget). */
	loadFrom?: Dropdown;
	/** For `options` on booleans sent as `0`/`1`. */
	typeOptions?: IDataObject;
	/** For `metadata` and `progressiveSteps`: the companion field taking the rows as JSON or an expression. */
	rowsAsJson?: boolean;
	/** Shown at the top of the form, not in Additional Fields, though optional (required fields always are). */
	top?: boolean;
	/**
	 * The field applies only when these body keys have one of these values (`{ discount_type: [1, 6] }`). At the
	 * top of the form it is shown only then (displayOptions) and read only then; in a collection a value given
	 * while another field of the request says otherwise is refused (`action/conditions.ts`).
	 */
	showWhen?: Record<string, Array<string | number>>;
	/** For `number`: the values accepted (`voucherForm.ts`: Amount Off more than 0, Percent Off at most 100). */
	range?: { above?: number; atMost?: number };
	/**
	 * For a required `number` whose form starts empty: typed as text in the editor, so that n8n marks it required
	 * until given (n8n marks empty text, never a number field) and no 0 its range refuses shows as a default; read by
	 * the number's rule all the same (`voucherForm.ts`: Amount Off, Percent Off).
	 */
	markedEmpty?: boolean;
	/**
	 * A field at the top that is required where it applies though not marked `required`, as its JSON companion may
	 * hold the rows instead (`voucherForm.ts`: Progressive Steps).
	 */
	needed?: boolean;
	/** Keys sent beside the field's own whenever it is given (`voucherForm.ts`: a maximum sets its flag). */
	alsoSends?: IDataObject;
	/** For `json`: an object whose keys are merged into the body, each refused if a field of the form sets it. */
	rawKeys?: boolean;
}

/** A value of the request that comes from a dedicated parameter (an id in the path or the query). */
export interface Param {
	/** Placeholder in the path (`{id}`) or query key (`asset[key]`). */
	key: string;
	in: 'path' | 'query';
	name: string;
	displayName: string;
	/** Resource locator backed by this resource's list; a plain string when absent. */
	locator?: Resource;
	/**
	 * A resource locator whose "From list" is this search method instead (a Product ID: the products in abandoned
	 * carts, api/productSearch.ts). A plain string saved before it is read as the ID (By ID).
	 */
	listSearch?: string;
	description?: string;
	placeholder?: string;
	/**
	 * The id is text (`abandonedCart.ts`: the cart's user_key; `themeAsset.ts`: the asset key). Every other id
	 * is a whole number: anything else is refused before any request, with a hint to use "From list".
	 */
	text?: boolean;
	/** Where a user finds the id, added to the poll trigger's field description (a scope of a list). */
	findHint?: string;
}

/** What the executor does with the answer. */
export type Answer = 'one' | 'many' | 'count' | 'deleted' | 'idOnly';

/** A hook of an endpoint that needs behaviour the table cannot state. */
export interface Hooks {
	/** Adds to or replaces the body built from the fields. */
	body?: (this: IExecuteFunctions, itemIndex: number, body: IDataObject) => Promise<IDataObject>;
	/** Turns the unwrapped records into output items (e.g. content into binary data). */
	output?: (
		this: IExecuteFunctions,
		itemIndex: number,
		records: IDataObject[],
	) => Promise<INodeExecutionData[]>;
}

/**
 * One endpoint of the spec: the entry that both builds the editor fields and drives the request. Every setting
 * is listed here, each with a resource file that uses it; the builders in `resources/common.ts` fill the usual
 * ones (`listEndpoint`, `getEndpoint`, ...), so a resource file states only what differs.
 */
export interface Endpoint {
	/** The resource it belongs to (`'vendor'`). */
	resource: Resource;
	/** n8n's operation value (`'getAll'` is "Get Many"). */
	operation: Operation;
	/** Shown in the operation dropdown, n8n style: "Create", "Get Many"... */
	name: string;
	/** The nodes panel's sentence: "Create a promotion", "Get an abandoned cart". */
	action: string;
	/** The operation's description in the dropdown. */
	description: string;
	method: HttpMethod;
	/** Path below the base URL with `{placeholders}` filled from `params` (`/services/vendors/{id}`). */
	path: string;
	/** Ids of the request: path placeholders or query keys, each its own parameter (`variant.ts`: product and variant). */
	params?: Param[];
	/** Key the body is wrapped in: `{ vendor: {...} }` (`vendor.ts`); sent unwrapped when absent (`voucher.ts`). */
	wrap?: string;
	/** Body inputs; required ones sit at the top, the rest in Additional Fields or Update Fields (`promotion.ts`). */
	body?: Field[];
	/** Editor fields a hook reads, beside the body fields (`themeAsset.ts`: the asset's content source). */
	extraFields?: INodeProperties[];
	/** Entries a hook reads in the Options collection (`themeAsset.ts`: Put Content in Binary Field). */
	extraOptions?: INodeProperties[];
	/** A body sent as it is (`theme.ts`: activation). */
	fixedBody?: IDataObject;
	/** Query filters of lists and counts, shown under Filters (`page.ts`: the created/updated ranges). */
	filters?: Field[];
	/** Whether Options offers the spec's `fields` query parameter (`category.ts`). */
	fieldsOption?: boolean;
	/** Key the answer is wrapped in (`vendors`); the answer is unwrapped tolerantly (`api/unwrap.ts`). */
	output?: string;
	/**
	 * What the answer is, each kind with its own handler (`action/answers.ts`): `'one'` a record (most), `'many'`
	 * a list (every Get Many), `'count'` a number (every Count), `'deleted'` nothing worth showing (every Delete),
	 * `'idOnly'` only the record's id, with Return Full Record offered (`blog.ts`: Update).
	 */
	answer: Answer;
	/** Lists paged with `limit`/`page`, with the spec's largest `limit` where it gives one (`webhook.ts`: 200). */
	paging?: { maxLimit?: number };
	/**
	 * Lists: fields of the record the list's entries leave out, which Get returns (`voucher.ts`: the generated codes,
	 * `items`). Tooltips of what a list gives (the poll trigger's Simplify) do not name them.
	 */
	lacks?: string[];
	/** Lists: the count endpoint of the same resource, used to plan Return All (`vendor.ts`). */
	countWith?: Operation;
	/** Counts with no count endpoint: count by listing this endpoint of the same resource (`themeScript.ts`). */
	countByListing?: Operation;
	/** Behaviour the table cannot state, in one small hook next to the entry (`themeAsset.ts`, `webhook.ts`). */
	hooks?: Hooks;
	/**
	 * The node typeVersions the entry serves, `from` included, `before` excluded; every version when absent.
	 * A form redesigned for new nodes is a second entry of the same operation (`voucher.ts`), so nodes saved
	 * earlier keep theirs exactly.
	 */
	versions?: { from?: number; before?: number };
}

export interface ResourceTable {
	resource: Resource;
	displayName: string;
	description?: string;
	/**
	 * How a record is named in lists (resource locator "From list", dropdowns): the field holding its name, shown
	 * with the ID (`'title'`: "Summer sale (12)"), or a function giving the whole name when no single field names
	 * it (`user.ts`: "Ann Lee <ann@shop.test>"; `webhook.ts`: "order/create → https://…").
	 */
	label: string | ((record: IDataObject) => string);
	/** A field of its records, for the Fields placeholder when `label` is a function. */
	exampleField?: string;
	/**
	 * Fields kept by the Simplify option of Get and Get Many (`items:count` keeps the count as `items_count`;
	 * `items:list` keeps the array and its count from typeVersion 3, the count only before: `voucher.ts`).
	 */
	simplify?: string[];
	/**
	 * Words of output codes that no input field's options list, by field key and code (`voucher.ts`: quantity -1).
	 * Codes that fields list (`options: [code, name]`) are named by those names (`api/codeWords.ts`).
	 */
	words?: CodeWords;
	/** The field that identifies a record in paths (`id` when absent). */
	valueKey?: string;
	endpoints: Endpoint[];
}

/** Whether an entry serves a node of this typeVersion. */
export const servesVersion = (endpoint: Endpoint, typeVersion: number): boolean =>
	typeVersion >= (endpoint.versions?.from ?? 0) &&
	typeVersion < (endpoint.versions?.before ?? Infinity);

/**
 * The endpoint of a resource for an operation (`'getAll'`, `'count'`...) and a node typeVersion (the newest
 * entries when none is given: a large finite number, as `before` bounds compare with `<`).
 */
export const findEndpoint = (
	table: ResourceTable,
	operation: string,
	typeVersion = Number.MAX_SAFE_INTEGER,
): Endpoint | undefined =>
	table.endpoints.find(
		(endpoint) => endpoint.operation === operation && servesVersion(endpoint, typeVersion),
	);

/** Whether an endpoint offers Simplify: Get and Get Many of a resource that names its most used fields. */
export const hasSimplify = (table: ResourceTable, endpoint: Endpoint): boolean =>
	Boolean(table.simplify) && (endpoint.operation === 'get' || endpoint.operation === 'getAll');

import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

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
	/** For `id`: a dropdown fed by this resource's list, or by the promotion/voucher target type. */
	loadFrom?: 'category' | 'target';
	/** For `options` on booleans sent as `0`/`1`. */
	typeOptions?: IDataObject;
	/** For `metadata` and `progressiveSteps`: the companion field taking the rows as JSON or an expression. */
	rowsAsJson?: boolean;
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
	description?: string;
	placeholder?: string;
}

/** What the executor does with the answer. */
export type Answer = 'one' | 'many' | 'count' | 'deleted' | 'idOnly';

/** A hook of a row that needs behaviour the table cannot state. */
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

/** One endpoint of the spec: the row that both builds the editor fields and drives the request. */
export interface Endpoint {
	resource: Resource;
	operation: Operation;
	/** Shown in the operation dropdown, n8n style: "Create", "Get Many"... */
	name: string;
	/** Action text, e.g. "Create a promotion". */
	action: string;
	description: string;
	method: HttpMethod;
	/** Path below the base URL with `{placeholders}` filled from `params`. */
	path: string;
	params?: Param[];
	/** Key the body is wrapped in (`{promotion: {...}}`); unwrapped when absent. */
	wrap?: string;
	/** Body inputs; required ones sit at the top, the rest in Additional/Update Fields. */
	body?: Field[];
	/** Editor fields a hook reads (beside the body fields). */
	extraFields?: INodeProperties[];
	/** Entries a hook reads in the Options collection. */
	extraOptions?: INodeProperties[];
	/** A fixed body, e.g. theme activation. */
	fixedBody?: IDataObject;
	/** Query filters (list and count). */
	filters?: Field[];
	/** Whether Options offers the `fields` query parameter. */
	fieldsOption?: boolean;
	/** Key the answer is wrapped in (`promotions`); unwrapped when absent. */
	output?: string;
	answer: Answer;
	/** List rows: paged with limit/page; `maxLimit` where the spec gives one. */
	paging?: { maxLimit?: number };
	/** List rows: the count row of the same resource to plan Return All. */
	countWith?: Operation;
	/** Count rows with no count endpoint: count by listing this row of the same resource. */
	countByListing?: Operation;
	/** Record name shown in lists and resource locators. */
	hooks?: Hooks;
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
	/** Fields kept by the Simplify option of Get and Get Many (`items:count` keeps the count). */
	simplify?: string[];
	/** The field that identifies a record in paths (`id` when absent). */
	valueKey?: string;
	endpoints: Endpoint[];
}

import type {
	Dropdown,
	Endpoint,
	Field,
	HttpMethod,
	Operation,
	Param,
	Resource,
} from '../endpoint';

/** Builders of the standard endpoints, so that each resource file states only what differs. */

export interface Noun {
	resource: Resource;
	/** "promotion" */
	one: string;
	/** "promotions" */
	many: string;
}

export const idParam = (noun: Noun, overrides: Partial<Param> = {}): Param => ({
	key: 'id',
	in: 'path',
	name: `${noun.resource}Id`,
	displayName: `${capitalise(noun.one)}`,
	locator: noun.resource,
	description: `The ${noun.one} to use: pick it from the list or give its ID`,
	...overrides,
});

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a" or "an" by the sound of the word: vowel letters take "an", except a "you" sound (user, unique, European). */
export function article(word: string): 'a' | 'an' {
	if (/^(u[bcfgklmnprst][aeiou]|uni|eu|one\b|once\b)/i.test(word)) return 'a';
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The noun with its indefinite article: "an order status", "a vendor". */
export const withArticle = (noun: string) => `${article(noun)} ${noun}`;

const date = (key: string, displayName: string, description: string): Field => ({
	key,
	displayName,
	kind: 'dateTime',
	description,
});

export const sinceId: Field = {
	key: 'since_id',
	displayName: 'Since ID',
	kind: 'id',
	description: 'Only records whose ID is greater than this one',
	placeholder: 'e.g. 120',
};

export const createdRange: Field[] = [
	date('created_at_min', 'Created After', 'Only records created later than this date-time'),
	date('created_at_max', 'Created Before', 'Only records created earlier than this date-time'),
];

export const updatedRange: Field[] = [
	date('updated_at_min', 'Updated After', 'Only records modified later than this date-time'),
	date('updated_at_max', 'Updated Before', 'Only records modified earlier than this date-time'),
];

/** since_id and the created/updated ranges: the spec's "common parameters" beside fields/limit/page. */
export const commonFilters: Field[] = [sinceId, ...createdRange, ...updatedRange];

/**
 * Where a user finds a product's ID, shown under every Product ID field (at most 120 characters, n8n's rule): the
 * API lists no products. A Variant's Product ID offers "From list" (the products in abandoned carts,
 * api/productSearch.ts); a filter's Product ID is plain text and points there.
 */
export const PRODUCT_ID_LIST_HINT =
	'The API lists no products: From list shows those in abandoned carts. Any other: By ID (product events carry it).';
export const PRODUCT_ID_HINT =
	"The API lists no products. Find one in a Variant node's Product ID → From list (products in abandoned carts).";

export const productIdFilter = (what: string): Field => ({
	key: 'product_id',
	displayName: 'Product ID',
	kind: 'id',
	description: `Only ${what} of this product`,
	placeholder: 'e.g. 3',
	hint: PRODUCT_ID_HINT,
});

interface EndpointExtras extends Partial<Endpoint> {
	path: string;
}

function entry(
	noun: Noun,
	operation: Operation,
	name: string,
	action: string,
	description: string,
	method: HttpMethod,
	extras: EndpointExtras,
): Endpoint {
	return {
		resource: noun.resource,
		operation,
		name,
		action,
		description,
		method,
		answer: 'one',
		...extras,
	};
}

export const listEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(noun, 'getAll', 'Get Many', `Get many ${noun.many}`, `List ${noun.many}`, 'GET', {
		answer: 'many',
		output: noun.many.replace(/ /g, '_'),
		...extras,
	});

export const countEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(
		noun,
		'count',
		'Count',
		`Count ${noun.many}`,
		`Count ${noun.many}, with the same filters as the list`,
		'GET',
		{
			answer: 'count',
			...extras,
		},
	);

export const getEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(
		noun,
		'get',
		'Get',
		`Get ${withArticle(noun.one)}`,
		`Get one ${noun.one} by its ID`,
		'GET',
		{
			params: [idParam(noun)],
			...extras,
		},
	);

export const createEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(
		noun,
		'create',
		'Create',
		`Create ${withArticle(noun.one)}`,
		`Create a new ${noun.one}`,
		'POST',
		extras,
	);

export const updateEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(
		noun,
		'update',
		'Update',
		`Update ${withArticle(noun.one)}`,
		`Change fields of ${withArticle(noun.one)}`,
		'PUT',
		{
			params: [idParam(noun)],
			...extras,
		},
	);

export const deleteEndpoint = (noun: Noun, extras: EndpointExtras): Endpoint =>
	entry(
		noun,
		'delete',
		'Delete',
		`Delete ${withArticle(noun.one)}`,
		`Delete ${withArticle(noun.one)}`,
		'DELETE',
		{
			params: [idParam(noun)],
			answer: 'deleted',
			...extras,
		},
	);

export const metadataField: Field = {
	key: 'metadata',
	displayName: 'Metadata',
	kind: 'metadata',
	description: 'SEO metadata: title, description and keywords',
};

export const titleField = (what: string, required = false): Field => ({
	key: 'title',
	displayName: 'Title',
	kind: 'string',
	required,
	placeholder: `e.g. Summer ${what}`,
});

export const urlField = (what: string): Field => ({
	key: 'url',
	displayName: 'URL',
	kind: 'string',
	description: `The ${what}'s address slug in the shop`,
	placeholder: 'e.g. summer-sale',
});

export const descriptionField = (what: string): Field => ({
	key: 'description',
	displayName: 'Description',
	kind: 'text',
	description: `The ${what}'s description (HTML allowed)`,
});

/** What a promotion or a voucher of new nodes applies to (promotion_on_type, discount_on_type): one list for both. */
export const TARGET_TYPES: NonNullable<Field['options']> = [
	[2, 'Category', 'The category chosen in Target'],
	[3, 'Collection', 'The collection chosen in Target'],
	[1, 'Products', 'The products listed in Products'],
	[4, 'Vendor', 'The vendor chosen in Target'],
];

/**
 * promotion.ts and voucher.ts: the category, collection or vendor a discount applies to, listed by the
 * promotion's Promotion On Type or the voucher's Discount On Type (2, 3, 4).
 */
export const discountTarget: Dropdown = {
	method: 'loadTargets',
	chosenBy: [
		'promotionOnType',
		'discountOnType',
		'additionalFields.discountOnType',
		'updateFields.discountOnType',
	],
	resources: { '2': 'category', '3': 'collection', '4': 'vendor' },
	fallback: 'category',
};

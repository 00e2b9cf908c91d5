/**
 * The voucher forms of new nodes (typeVersion 3), on the BUILT description: which fields n8n shows for each
 * Discount Type and Discount On Type (n8n-workflow's own getNodeParameters, as the editor and the engine decide
 * what is displayed), one field per meaning, names that agree; and the bodies they send (prepareRequest, the
 * node's reading of one item): a maximum sends its flag, a field that does not apply is not read, Other API
 * Keys. Nodes saved at typeVersion 2 send the bodies they always sent.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { prepareRequest } from '../../nodes/StorePlatform/action/endpointRequest';
import { InputError } from '../../nodes/StorePlatform/input/rules';
import { findEndpoint } from '../../nodes/StorePlatform/endpoint';
import { discountTarget } from '../../nodes/StorePlatform/resources/common';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { TABLES } from '../../nodes/StorePlatform/resources';

const description = new StorePlatform().description;
const voucher = TABLES.find((t) => t.resource === 'voucher')!;

const node = (typeVersion: number): INode => ({
	id: 'n',
	name: 'Store Platform',
	type: 'storePlatform',
	typeVersion,
	position: [0, 0],
	parameters: {},
});

/** The parameters n8n displays for these values, with their defaults (what the editor shows, what runs). */
function shown(values: INodeParameters, typeVersion = 3): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			{ resource: 'voucher', ...values },
			true,
			false,
			node(typeVersion),
			description,
		) ?? {}
	);
}

/** The conditional fields of the v3 Create form. */
const CONDITIONAL = [
	'discountAmount',
	'discountPercent',
	'progressiveStepsTresholdType',
	'progressiveStepsDiscountType',
	'progressiveSteps',
	'progressiveStepsJson',
	'discountOnType',
	'products',
	'discountSet',
];
const conditionalShown = (values: INodeParameters) =>
	Object.keys(shown({ operation: 'create', ...values })).filter((k) => CONDITIONAL.includes(k));

describe('voucher Create (typeVersion 3): each field shown only where it applies', () => {
	it('shows a new node Code, Discount Type (Price Discount), Amount Off and Discount On (All Orders), no empty list', () => {
		const params = shown({ operation: 'create' });
		expect(params.discountType).toBe(1);
		expect(params.discountOn).toBe(1);
		expect(Object.keys(params)).toEqual(
			expect.arrayContaining(['code', 'discountType', 'discountAmount', 'discountOn']),
		);
		expect(params).not.toHaveProperty('discountSet');
		expect(params).not.toHaveProperty('discountOnType');
	});

	it.each([
		[1, 'discountAmount'],
		[2, 'discountPercent'],
	])(
		'Discount Type %s: a new form starts with %s empty, and n8n marks it required (not a 0 its rule refuses)',
		(discountType, field) => {
			const params = shown({ operation: 'create', discountType });
			expect(params[field]).toBe('');
			// n8n's own check, as the editor marks a field and refuses to run the node
			const issues = NodeHelpers.getNodeParametersIssues(
				description.properties,
				{ ...node(3), parameters: { resource: 'voucher', ...params, code: 'SUMMER10' } },
				description,
			);
			expect(Object.keys(issues?.parameters ?? {})).toEqual([field]);
			const given = shown({ operation: 'create', discountType, [field]: '10' });
			const none = NodeHelpers.getNodeParametersIssues(
				description.properties,
				{ ...node(3), parameters: { resource: 'voucher', ...given, code: 'SUMMER10' } },
				description,
			);
			expect(none?.parameters ?? {}).toEqual({});
		},
	);

	it.each([
		[1, ['discountAmount']],
		[6, ['discountAmount']],
		[2, ['discountPercent']],
		[7, ['discountPercent']],
		[3, []],
		[
			5,
			[
				'progressiveStepsTresholdType',
				'progressiveStepsDiscountType',
				'progressiveSteps',
				'progressiveStepsJson',
			],
		],
	])('Discount Type %s shows %j', (discountType, fields) => {
		expect(conditionalShown({ discountType }).sort()).toEqual([...fields].sort());
	});

	it.each([
		[1, undefined, []],
		[3, 1, ['discountOnType', 'products']],
		[3, 2, ['discountOnType', 'discountSet']],
		[3, 3, ['discountOnType', 'discountSet']],
		[3, 4, ['discountOnType', 'discountSet']],
	])('Discount On %s, Discount On Type %s shows %j (beside Amount Off)', (on, onType, fields) => {
		const values: INodeParameters = { discountType: 3, discountOn: on };
		if (onType !== undefined) values.discountOnType = onType;
		expect(conditionalShown(values).sort()).toEqual([...fields].sort());
	});

	it('shows Discount On Type at Products by default once Discount On asks for it, with the products list, not the target', () => {
		const params = shown({ operation: 'create', discountOn: 3 });
		expect(params.discountOnType).toBe(1);
		expect(params).toHaveProperty('products');
		expect(params).not.toHaveProperty('discountSet');
	});

	it('keeps the old form for typeVersion 2: nothing conditional at the top, the 25 fields under Additional Fields', () => {
		const params = shown({ operation: 'create' }, 2);
		expect(Object.keys(params).filter((k) => CONDITIONAL.includes(k))).toEqual([]);
		const legacy = description.properties.find(
			(p) =>
				p.name === 'additionalFields' &&
				p.displayOptions?.show?.resource?.[0] === 'voucher' &&
				p.displayOptions?.show?.operation?.[0] === 'create' &&
				JSON.stringify(p.displayOptions?.show?.['@version']).includes('"lt":3'),
		);
		expect((legacy?.options as INodeProperties[]).map((o) => o.displayName)).toContain(
			'Stored Discount Value',
		);
		expect(legacy?.options).toHaveLength(25);
	});
});

describe('promotion Create (typeVersion 3): Products or Target, by Applies To', () => {
	const top = (values: INodeParameters, typeVersion = 3) =>
		Object.keys(
			NodeHelpers.getNodeParameters(
				description.properties,
				{ resource: 'promotion', operation: 'create', ...values },
				true,
				false,
				node(typeVersion),
				description,
			) ?? {},
		).filter((k) => k === 'products' || k === 'promotionSet');

	it.each([
		[1, ['products']],
		[2, ['promotionSet']],
		[3, ['promotionSet']],
		[4, ['promotionSet']],
	])('Applies To %s shows %j', (promotionOnType, fields) => {
		expect(top({ promotionOnType })).toEqual(fields);
	});

	it('keeps both in Additional Fields for typeVersion 2', () => {
		expect(top({ promotionOnType: 1 }, 2)).toEqual([]);
	});
});

describe('new nodes (typeVersion 3) show no dropdown that lists nothing', () => {
	it('shows the Target dropdown (listed by a chosen type) on no operation with its defaults, and once a type is chosen', () => {
		const resources = (description.properties.find((p) => p.name === 'resource')?.options ??
			[]) as Array<{ value: string }>;
		const targets = description.properties.filter(
			(p) => p.typeOptions?.loadOptionsMethod === discountTarget.method,
		);
		// the top-level ones (voucher and promotion Create of new nodes); the others sit in collections
		expect(targets).toHaveLength(2);
		const shownOnDefaults: string[] = [];
		let operations = 0;
		for (const { value: resource } of resources) {
			const list = description.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource,
			);
			for (const { value: operation } of (list?.options ?? []) as Array<{ value: string }>) {
				operations++;
				const params = shown({ resource, operation });
				for (const p of targets)
					if (p.name in params && p.displayOptions?.show?.resource?.[0] === resource)
						shownOnDefaults.push(`${resource} ${operation} ${p.name}`);
			}
		}
		expect(operations).toBe(83);
		expect(shownOnDefaults).toEqual([]);
		expect(shown({ operation: 'create', discountOn: 3, discountOnType: 2 })).toHaveProperty(
			'discountSet',
		);
		expect(
			shown({ resource: 'promotion', operation: 'create', promotionOnType: 4 }),
		).toHaveProperty('promotionSet');
	});
});

/** The v3 Create and Update forms: what a user reads. */
describe('voucher forms of typeVersion 3: one field per meaning', () => {
	const v3 = (operation: string) =>
		description.properties.filter(
			(p) =>
				p.displayOptions?.show?.resource?.[0] === 'voucher' &&
				p.displayOptions?.show?.operation?.[0] === operation &&
				JSON.stringify(p.displayOptions?.show?.['@version']).includes('"gte":3'),
		);
	const labels = (operation: string) =>
		v3(operation).flatMap((p) =>
			p.type === 'collection'
				? (p.options as INodeProperties[]).map((o) => o.displayName)
				: [p.displayName],
		);

	it.each(['create', 'update'])('%s offers no raw or doubled field', (operation) => {
		const names = labels(operation);
		for (const gone of [
			'Stored Discount Value',
			'Voucher Type Code',
			'Max Uses per Customer',
			'Limit Maximal Discount',
			'Maximal Discount Value',
			'Require Minimal Order Value',
		])
			expect(names).not.toContain(gone);
		expect(names).toEqual(
			expect.arrayContaining([
				'Amount Off',
				'Percent Off',
				'Maximal Discount',
				'Minimal Order Value',
				'Uses per Customer',
				'Other API Keys',
			]),
		);
		expect(new Set(names).size).toBe(names.length);
	});

	it('names in the Discount Type options the fields they call for', () => {
		const type = v3('create').find((p) => p.name === 'discountType');
		const text = JSON.stringify(type?.options);
		expect(text).toContain('Amount Off');
		expect(text).toContain('Percent Off');
		expect(text).not.toMatch(/Discount (Percent|Amount)\)/);
		const names = labels('create');
		for (const field of ['Amount Off', 'Percent Off', 'Progressive Steps'])
			expect(names).toContain(field);
	});

	it('explains the date filters of Get Many and Count', () => {
		for (const operation of ['getAll', 'count']) {
			const filters = description.properties
				.filter(
					(p) =>
						p.name === 'filters' &&
						p.displayOptions?.show?.resource?.[0] === 'voucher' &&
						p.displayOptions?.show?.operation?.[0] === operation,
				)
				.flatMap((p) => p.options as INodeProperties[]);
			const dates = filters.filter((f) => f.type === 'dateTime');
			expect(dates.length).toBeGreaterThanOrEqual(2);
			for (const f of dates) expect(f.description).toMatch(/start (later|earlier) than/);
		}
	});
});

/** n8n's context as prepareRequest uses it. */
function context(params: INodeParameters, typeVersion: number): IExecuteFunctions {
	return {
		getNodeParameter(name: string, _i: number, fallback?: unknown, opts?: IDataObject) {
			const value = params[name] === undefined ? fallback : params[name];
			if (value === undefined) throw new Error(`Could not get parameter "${name}"`);
			const locator = typeof value === 'object' && value !== null && '__rl' in value;
			return opts?.extractValue && locator ? (value as IDataObject).value : value;
		},
		getTimezone: () => 'UTC',
		getNode: () => ({ typeVersion }),
	} as unknown as IExecuteFunctions;
}

async function bodyOf(operation: string, params: INodeParameters, typeVersion = 3) {
	const endpoint = findEndpoint(voucher, operation, typeVersion)!;
	const all: INodeParameters = {
		resource: 'voucher',
		operation,
		options: {},
		voucherId: { __rl: true, mode: 'id', value: '2' },
		...params,
	};
	const prepared = await prepareRequest.call(context(all, typeVersion), voucher, endpoint, 0);
	return prepared.request.body;
}

const create3 = (extra: INodeParameters = {}) => ({
	code: 'TEN',
	discountType: 1,
	discountAmount: 10,
	discountOn: 1,
	...extra,
});

describe('voucher bodies of typeVersion 3', () => {
	it.each([
		[
			'a price discount',
			create3(),
			{ code: 'TEN', discount_type: 1, discount_amount: 10, discount_on: 1 },
		],
		[
			'a percent discount: Amount Off left over from Price Discount is not read',
			create3({ discountType: 2, discountPercent: 15 }),
			{ code: 'TEN', discount_type: 2, discount_percent: 15, discount_on: 1 },
		],
		[
			'a maximum and a minimum send their flags',
			create3({ additionalFields: { discountMaximalValue: 500, discountMinimalValue: 2000 } }),
			{
				code: 'TEN',
				discount_type: 1,
				discount_amount: 10,
				discount_on: 1,
				discount_maximal_value: 500,
				discount_maximal_value_require: 1,
				discount_minimal_value: 2000,
				discount_minimal_value_require: 1,
			},
		],
		[
			'a vendor target; the products list is not read',
			create3({ discountOn: 3, discountOnType: 4, discountSet: '7', products: '1, 2' }),
			{
				code: 'TEN',
				discount_type: 1,
				discount_amount: 10,
				discount_on: 3,
				discount_on_type: 4,
				discount_set: 7,
			},
		],
		[
			'progressive steps',
			{
				code: 'STEPS',
				discountType: 5,
				progressiveStepsTresholdType: 1,
				progressiveStepsDiscountType: 2,
				progressiveSteps: { step: [{ treshold: 100, discount: 5 }] },
				discountOn: 1,
			},
			{
				code: 'STEPS',
				discount_type: 5,
				progressive_steps_treshold_type: 1,
				progressive_steps_discount_type: 2,
				progressive_steps: [{ treshold: 100, discount: 5 }],
				discount_on: 1,
			},
		],
		[
			'Other API Keys',
			create3({ additionalFields: { otherApiKeys: '{"per_client": 2, "type": 1}' } }),
			{
				code: 'TEN',
				discount_type: 1,
				discount_amount: 10,
				discount_on: 1,
				per_client: 2,
				type: 1,
			},
		],
	])('Create: %s', async (_what, params, body) => {
		expect(await bodyOf('create', params)).toEqual(body);
	});

	it.each([
		[
			'{"discount_type": 2}',
			"'Other API Keys' sets 'discount_type', which 'Discount Type' sets too",
		],
		[
			'{"discount_maximal_value_require": 0}',
			"'Other API Keys' sets 'discount_maximal_value_require', which 'Maximal Discount' sets too",
		],
		['[1]', "'Other API Keys' must be a JSON object"],
	])('Create refuses Other API Keys %s', async (raw, message) => {
		const params = create3({
			additionalFields: { discountMaximalValue: 5, otherApiKeys: raw },
		});
		await expect(bodyOf('create', params)).rejects.toThrow(message);
	});

	it('Update: a maximum sends its flag; Amount Off with a percent Discount Type is refused, naming it', async () => {
		expect(await bodyOf('update', { updateFields: { discountMaximalValue: 300 } })).toEqual({
			discount_maximal_value: 300,
			discount_maximal_value_require: 1,
		});
		expect(await bodyOf('update', { updateFields: { discountAmount: 4 } })).toEqual({
			discount_amount: 4,
		});
		const refused = bodyOf('update', { updateFields: { discountType: 2, discountAmount: 4 } });
		await expect(refused).rejects.toThrow(InputError);
		await expect(refused).rejects.toThrow(
			"'Amount Off' applies only when 'Discount Type' is Price Discount or Price Discount and Free Shipping, not Percent Discount",
		);
	});
});

describe('voucher bodies of typeVersion 2 (saved workflows) are unchanged', () => {
	it.each([
		[
			'create with the raw keys and the flags as given',
			'create',
			{
				code: 'OLD',
				additionalFields: {
					discountType: 2,
					discountPercent: 10,
					discountValue: 10,
					type: 1,
					perClient: 3,
					discountMaximalValueRequire: true,
					discountMaximalValue: 50,
					discountOnType: 1,
					discountSet: '4',
				},
			},
			{
				code: 'OLD',
				discount_type: 2,
				discount_percent: 10,
				discount_value: 10,
				type: 1,
				per_client: 3,
				discount_maximal_value_require: 1,
				discount_maximal_value: 50,
				discount_on_type: 1,
				discount_set: 4,
			},
		],
		[
			'update with a maximal value and no flag',
			'update',
			{ updateFields: { discountMaximalValue: 50, discountAmount: 3, discountType: 2 } },
			{ discount_maximal_value: 50, discount_amount: 3, discount_type: 2 },
		],
	])('%s', async (_what, operation, params, body) => {
		expect(await bodyOf(operation, params, 2)).toEqual(body);
		expect(await bodyOf(operation, params, 1)).toEqual(body);
	});
});

/**
 * Multi-row fields fed from data, as n8n really delivers them (n8n-core's WorkflowExecute): n8n drops
 * an expression given for a whole fixed collection (it becomes the empty default before the node runs)
 * and splits an expression given for its row list into one default row per character. The node refuses
 * both with a message pointing to the JSON field, which keeps expressions and takes a list of rows, one
 * row or the editor's `{ meta: [...] }`. Also n8n's date values and wrong shapes from expressions.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const vendorUpdate = (updateFields: IDataObject): INodeParameters => ({
	resource: 'vendor',
	operation: 'update',
	vendorId: byId(1),
	updateFields: updateFields as INodeParameters,
});

const sentBodies = () => apiRequests(env.sandbox).map((r) => (r.body as IDataObject).vendor ?? r.body);

describe('Metadata from an expression', () => {
	const rows = [
		{ meta_title: 'Acme', meta_description: 'Shoes', meta_keywords: 'shoes, acme' },
		{ meta_title: 'Acme 2' },
	];

	it('the JSON field takes a list of rows, one row or the editor shape, per item', async () => {
		const items = [{ metadata: rows }, { metadata: rows[0] }, { metadata: { meta: [rows[1]] } }, { metadata: JSON.stringify(rows) }];
		const result = await runStore(env.sandbox, vendorUpdate({ metadataJson: '={{ $json.metadata }}' }), {
			items: items.map((json) => ({ json })),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(4);
		expect(sentBodies()).toEqual([{ metadata: rows }, { metadata: [rows[0]] }, { metadata: [rows[1]] }, { metadata: rows }]);
	});

	it('an expression for the whole rows field is dropped by n8n: refused with a pointer to the JSON field', async () => {
		const result = await runStore(env.sandbox, vendorUpdate({ metadata: '={{ $json.metadata }}' }), {
			items: [{ json: { metadata: rows } }],
			continueOnFail: true,
		});
		const [out] = jsonOf(result);
		expect(out.error).toContain("'Metadata' has no rows");
		expect(out.error).toContain("use 'Metadata (JSON)'");
		expect(out.description).toBe('Field: Metadata');
		expect(apiRequests(env.sandbox)).toHaveLength(0);
	});

	it("an expression for the row list is split by n8n into empty rows: refused, nothing written", async () => {
		const result = await runStore(env.sandbox, vendorUpdate({ metadata: { meta: '={{ $json.metadata }}' } }), {
			items: [{ json: { metadata: rows } }],
			continueOnFail: true,
		});
		const [out] = jsonOf(result);
		expect(out.error).toMatch(/'Metadata' row 1 is empty/);
		expect(apiRequests(env.sandbox)).toHaveLength(0);
	});

	it('malformed rows, and both fields at once, are refused naming the field and the item', async () => {
		const bad: unknown[] = [[{ metaTitle: 'x' }], [{ meta_title: { a: 1 } }], 'not json', [], 42, [{ meta_title: '' }]];
		const result = await runStore(env.sandbox, vendorUpdate({ metadataJson: '={{ $json.metadata }}' }), {
			items: bad.map((metadata) => ({ json: { metadata } as IDataObject })),
			continueOnFail: true,
		});
		const out = result.items[0];
		expect(out.map((o) => o.pairedItem)).toEqual(bad.map((_, item) => ({ item })));
		expect(out.map((o) => String(o.json.error))).toEqual([
			expect.stringContaining("row 1 has an unknown key 'metaTitle'"),
			expect.stringContaining("'Metadata (JSON)' row 1: 'Meta Title' must be text, not an object"),
			expect.stringContaining("'Metadata (JSON)' is not valid JSON"),
			expect.stringContaining("'Metadata (JSON)' has no rows"),
			expect.stringContaining("'Metadata (JSON)' must be rows"),
			expect.stringContaining("'Metadata (JSON)' row 1 is empty"),
		]);
		const both = await runStore(env.sandbox, vendorUpdate({ metadata: { meta: [rows[0]] }, metadataJson: '={{ $json.metadata }}' }), {
			items: [{ json: { metadata: rows } }],
			continueOnFail: true,
		});
		expect(jsonOf(both)[0].error).toBe("Give either 'Metadata' or 'Metadata (JSON)', not both");
		expect(apiRequests(env.sandbox)).toHaveLength(0);
	});

	it('Progressive Steps (JSON) takes rows from data; text numbers are decimal only', async () => {
		const params: INodeParameters = {
			resource: 'voucher',
			operation: 'update',
			voucherId: byId(1),
			updateFields: { progressiveStepsJson: '={{ $json.steps }}' },
		};
		const items = [{ steps: [{ treshold: '100', discount: ' 5.5 ' }, { treshold: 200, discount: 10 }] }, { steps: [{ treshold: '0x10', discount: 1 }] }, { steps: [{ threshold: 1, discount: 1 }] }];
		const result = await runStore(env.sandbox, params, { items: items.map((json) => ({ json })), continueOnFail: true });
		const out = jsonOf(result);
		expect(out[0].error).toBeUndefined();
		expect(out[1].error).toContain("'Threshold' must be a decimal number such as 12 or 12.5, not \"0x10\"");
		expect(out[2].error).toContain("unknown key 'threshold' (the API spells it 'treshold')");
		const bodies = apiRequests(env.sandbox).map((r) => r.body as IDataObject);
		expect(bodies).toEqual([{ progressive_steps: [{ treshold: 100, discount: 5.5 }, { treshold: 200, discount: 10 }] }]);
	});
});

describe("n8n's date values and wrong shapes from expressions", () => {
	it('a Luxon DateTime and a JS Date are sent as the wall clock of the workflow time zone', async () => {
		const params: INodeParameters = {
			resource: 'promotion',
			operation: 'update',
			promotionId: byId(1),
			updateFields: {
				startAt: "={{ DateTime.fromISO('2026-07-01T10:00:00Z') }}",
				finishAt: "={{ new Date('2026-12-01T10:00:00.000Z') }}",
			},
		};
		const result = await runStore(env.sandbox, params);
		expect(result.error).toBeUndefined();
		// n8n's default time zone, America/New_York: UTC-4 in July, UTC-5 in December
		expect((apiRequests(env.sandbox)[0].body as IDataObject).promotion).toEqual({
			start_at: '2026-07-01 06:00:00',
			finish_at: '2026-12-01 05:00:00',
		});
	});

	it('objects and lists given to text, id and URL fields are refused, never stringified', async () => {
		const cases: Array<[INodeParameters, string]> = [
			[vendorUpdate({ title: '={{ $json.v }}' }), "'Title' must be text, not an object"],
			[{ resource: 'vendor', operation: 'getAll', returnAll: false, limit: 1, filters: { sinceId: '={{ $json.v }}' } }, "'Since ID' must be an ID (a whole number or text), not an object"],
			[{ resource: 'webhook', operation: 'create', section: 'order/create', siteUrl: '={{ $json.v }}' }, "'Target URL' must be an http:// or https:// URL"],
		];
		for (const [params, message] of cases) {
			const result = await runStore(env.sandbox, params, { items: [{ json: { v: { id: 5 } } }, { json: { v: [1, 2] } }], continueOnFail: true });
			const out = jsonOf(result);
			expect(out).toHaveLength(2);
			expect(String(out[0].error)).toContain(message);
			expect(String(out[1].error)).toContain(message.replace('an object', 'a list'));
		}
		expect(apiRequests(env.sandbox)).toHaveLength(0);
	});
});

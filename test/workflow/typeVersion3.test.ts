/**
 * The action node's typeVersion 3 (new nodes): words beside coded fields (`<key>_label`), ids as numbers in every
 * operation, Update returns the record, and Simplify keeps a voucher's generated codes. typeVersion 2 (saved
 * workflows) keeps its outputs.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

const v2 = { typeVersion: 2 };
const labels = (record: IDataObject) => Object.keys(record).filter((k) => k.endsWith('_label'));

describe('action node typeVersion 3: words beside codes', () => {
	it('Get of a voucher (Simplify on): discount_type_label beside discount_type, the codes kept', async () => {
		const s = env.sandbox;
		const stored = s.store.vouchers.get(2) as IDataObject;
		const result = await runStore(s, { resource: 'voucher', operation: 'get', voucherId: byId(2) });
		expect(result.error).toBeUndefined();
		const [record] = jsonOf(result);
		const names: Record<number, string> = {
			1: 'Price Discount',
			2: 'Percent Discount',
			3: 'Free Shipping',
			7: 'Percent Discount and Free Shipping',
		};
		expect(record.discount_type).toBe(Number(stored.discount_type));
		expect(record.discount_type_label).toBe(names[Number(stored.discount_type)]);
		const keys = Object.keys(record);
		expect(keys.indexOf('discount_type_label')).toBe(keys.indexOf('discount_type') + 1);
		// the generated unique codes the user came for, and their count
		expect(record.items).toEqual(stored.items);
		expect(record.items_count).toBe((stored.items as unknown[]).length);
	});

	it('Get Many of vouchers without Simplify: every coded field the spec names has its word', async () => {
		const s = env.sandbox;
		const result = await runStore(s, {
			resource: 'voucher',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(3);
		for (const r of records) {
			expect(typeof r.discount_type_label).toBe('string');
			expect(typeof r.discount_on_label).toBe('string');
			// the spec: -1 "appears where none was set"; other quantities are numbers, not codes
			if (Number(r.quantity) === -1) expect(r.quantity_label).toBe('Not Set');
			else expect(r).not.toHaveProperty('quantity_label');
			// a voucher's activate has no meaning in the spec: no word
			expect(r).not.toHaveProperty('activate_label');
		}
	});

	it('a promotion: promotion_type and promotion_on_type in words; activate (meaning not shown) without', async () => {
		const result = await runStore(env.sandbox, {
			resource: 'promotion',
			operation: 'get',
			promotionId: byId(1),
		});
		const [record] = jsonOf(result);
		expect(record).toMatchObject({
			promotion_type: 2,
			promotion_type_label: 'Percentage',
			promotion_on_type: 1,
			promotion_on_type_label: 'Products',
			activate: 1,
		});
		expect(labels(record).sort()).toEqual(['promotion_on_type_label', 'promotion_type_label']);
	});

	it('typeVersion 2 outputs no words and counts the codes only', async () => {
		const result = await runStore(
			env.sandbox,
			{ resource: 'voucher', operation: 'get', voucherId: byId(2) },
			v2,
		);
		const [record] = jsonOf(result);
		expect(labels(record)).toEqual([]);
		expect(record).not.toHaveProperty('items');
		expect(record).toHaveProperty('items_count');
	});
});

describe('action node typeVersion 3: Update returns the record', () => {
	const update = {
		resource: 'voucher',
		operation: 'update',
		voucherId: byId(2),
		updateFields: { quantity: 3 },
	};

	it('reads the record again after the update by default (one more request)', async () => {
		const s = env.sandbox;
		const result = await runStore(s, update);
		expect(result.error).toBeUndefined();
		const [record] = jsonOf(result);
		expect(record).toMatchObject({ id: 2, quantity: 3, code: 'WELCOME' });
		expect(record.discount_type_label).toEqual(expect.any(String));
		expect(apiRequests(s).map((r) => `${r.method} ${r.path}`)).toEqual([
			'PUT /services/vouchers/2',
			'GET /services/vouchers/2',
		]);
	});

	it('Return Full Record turned off gives the id only', async () => {
		const s = env.sandbox;
		const result = await runStore(s, { ...update, options: { returnFullRecord: false } });
		expect(jsonOf(result)).toEqual([{ id: 2 }]);
		expect(apiRequests(s)).toHaveLength(1);
	});

	it('typeVersion 2 keeps the id only by default', async () => {
		const s = env.sandbox;
		const result = await runStore(s, update, v2);
		// the shop's answer `{id}` as sent (a number here, while Delete gives the id of the request as text)
		expect(jsonOf(result)).toEqual([{ id: 2 }]);
		expect(apiRequests(s)).toHaveLength(1);
	});
});

/** Create, Get, Update and Delete of one record; the types of the ids output. */
async function idTypes(resource: string, create: IDataObject, typeVersion?: number) {
	const s = env.sandbox;
	const opts = typeVersion ? { typeVersion } : {};
	const created = jsonOf(await runStore(s, { resource, operation: 'create', ...create }, opts))[0];
	const id = byId(String(created.id));
	const param = `${resource}Id`;
	const got = jsonOf(await runStore(s, { resource, operation: 'get', [param]: id }, opts))[0];
	const updated = jsonOf(
		await runStore(
			s,
			{ resource, operation: 'update', [param]: id, updateFields: { title: 'Renamed' } },
			opts,
		),
	)[0];
	const removed = jsonOf(
		await runStore(s, { resource, operation: 'delete', [param]: id }, opts),
	)[0];
	return [created.id, got.id, updated.id, removed.id].map((v) => typeof v);
}

describe('action node typeVersion 3: ids of one type per resource', () => {
	it.each([
		['vendor', { title: 'Stride' }],
		['category', { title: 'Socks' }],
		['page', { title: 'About' }],
	])('%s: Create, Get, Update and Delete give the id as a number', async (resource, create) => {
		expect(await idTypes(resource, create)).toEqual(['number', 'number', 'number', 'number']);
	});

	it('voucher: Create, Get, Update and Delete give the id as a number', async () => {
		const s = env.sandbox;
		const created = jsonOf(
			// a Price Discount (the form's default) needs its Amount Off (voucherAmounts.test.ts)
			await runStore(s, {
				resource: 'voucher',
				operation: 'create',
				code: 'IDS1',
				discountAmount: 5,
			}),
		)[0];
		const id = byId(String(created.id));
		const ops = [
			{ operation: 'get' },
			{ operation: 'update', updateFields: { quantity: 2 } },
			{ operation: 'delete' },
		];
		const ids = [created.id];
		for (const op of ops) {
			const out = await runStore(s, { resource: 'voucher', voucherId: id, ...op });
			ids.push(jsonOf(out)[0].id);
		}
		expect(ids.map((v) => typeof v)).toEqual(['number', 'number', 'number', 'number']);
	});

	it('typeVersion 2 keeps the ids as the shop and the request give them (a vendor: text; a delete: text)', async () => {
		expect(await idTypes('vendor', { title: 'Stride' }, 2)).toEqual([
			'string',
			'string',
			'string',
			'string',
		]);
		const removed = await runStore(
			env.sandbox,
			{ resource: 'voucher', operation: 'delete', voucherId: byId(1) },
			v2,
		);
		expect(jsonOf(removed)).toEqual([{ id: '1', deleted: true }]);
	});
});

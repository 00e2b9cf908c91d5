/**
 * Input that is not a value, refused before any request and naming the field, through n8n-core's engine
 * against the sandbox (issue 27, point 3): a required text of only spaces, a name given where the id is a whole
 * number. With Continue On Fail the refused item is one error item paired with it and the others are sent.
 */
import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

describe('input that is not a value', () => {
	it('refuses a required title of only spaces; the other items are created', async () => {
		const s = env.sandbox;
		const before = s.store.vendors.size;
		const result = await runStore(
			s,
			{ resource: 'vendor', operation: 'create', title: '={{ $json.title }}' },
			{
				items: [
					{ json: { title: 'Tannery' } },
					{ json: { title: '   ' } },
					{ json: { title: '\t' } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(result.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(out[0].title).toBe('Tannery');
		for (const refused of [out[1], out[2]]) {
			expect(refused).toEqual({
				error: "'Title' is required: it holds only spaces or line breaks",
				description: 'Field: Title',
			});
		}
		expect(apiRequests(s).map((r) => r.method)).toEqual(['POST']);
		expect(s.store.vendors.size).toBe(before + 1);
	});

	it('fails the node on a title of only spaces without Continue On Fail, before any request', async () => {
		const s = env.sandbox;
		const result = await runStore(s, { resource: 'vendor', operation: 'create', title: '   ' });
		expect(result.error?.message).toBe("'Title' is required: it holds only spaces or line breaks");
		expect(apiRequests(s)).toHaveLength(0);
	});

	it('refuses a name where the id is a whole number, with a hint to the list; the other items run', async () => {
		const s = env.sandbox;
		const result = await runStore(
			s,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.v }}' },
			},
			{ items: [{ json: { v: 'Leatherworks' } }, { json: { v: ' 1 ' } }], continueOnFail: true },
		);
		const out = jsonOf(result);
		expect(out[0]).toEqual({
			error: `'Vendor' must be the vendor's ID, a whole number such as 12, not "Leatherworks": pick the vendor with "From list" to choose it by name`,
			description: 'Field: Vendor',
		});
		expect(String(out[1].id)).toBe('1');
		expect(apiRequests(s).map((r) => r.path)).toEqual(['/services/vendors/1']);
	});

	it('still takes text ids where the spec has them (a cart user key)', async () => {
		const s = env.sandbox;
		const key = String(s.store.abandonedCarts.rows[0].user_key);
		const result = await runStore(s, {
			resource: 'abandonedCart',
			operation: 'get',
			userKey: byId(key),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].user_key).toBe(key);
	});
});

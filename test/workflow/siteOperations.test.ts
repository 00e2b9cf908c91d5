/**
 * Every site operation of the node, run once through n8n-core's WorkflowExecute against the sandbox
 * over real HTTP: the request the sandbox received (method, path, query, body, signature) and the
 * items the node returned (cases in ./operations/).
 */
import { CATALOG_CASES } from './operations/catalog';
import { SALES_CASES } from './operations/sales';
import { SITE_CASES } from './operations/site';
import { expectOperation } from './operations/case';
import { apiRequests, byId, jsonOf, runStore, useSandbox } from './setup';

const env = useSandbox();

describe('every site operation against the sandbox', () => {
	it.each(SITE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		await expectOperation(env.sandbox, c);
	});

	it('covers 83 operations including webhook get, update and delete', async () => {
		const s = env.sandbox;
		const created = await runStore(s, {
			resource: 'webhook',
			operation: 'create',
			section: 'order/create',
			siteUrl: 'https://example.com/a',
		});
		const id = String(jsonOf(created)[0].id);
		const got = await runStore(s, { resource: 'webhook', operation: 'get', webhookId: byId(id) });
		expect(jsonOf(got)[0]).toMatchObject({
			section: 'order/create',
			site_url: 'https://example.com/a',
		});
		const updated = await runStore(s, {
			resource: 'webhook',
			operation: 'update',
			webhookId: byId(id),
			updateFields: { siteUrl: 'https://example.com/b' },
		});
		expect(jsonOf(updated)[0]).toMatchObject({ site_url: 'https://example.com/b' });
		const put = apiRequests(s).find((r) => r.method === 'PUT');
		expect(put?.body).toEqual({ webhook: { id: Number(id), site_url: 'https://example.com/b' } });
		const removed = await runStore(s, {
			resource: 'webhook',
			operation: 'delete',
			webhookId: byId(id),
		});
		expect(jsonOf(removed)).toEqual([{ id: Number(id), deleted: true }]);
		expect(s.store.webhooks.size).toBe(0);
		// 83 operations, and the voucher and promotion forms of typeVersion 3 beside those of typeVersion 2
		expect(SALES_CASES.length + CATALOG_CASES.length + SITE_CASES.length + 3).toBe(83 + 5);
	});
});

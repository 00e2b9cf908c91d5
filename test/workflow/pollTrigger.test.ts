/**
 * The poll trigger through n8n-core's poll machinery (PollContext, PollTriggerExecutor) against the sandbox
 * store: activation, changes between polls, Fetch Test Event, a failed poll, a restart from the saved cursor.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type PollerOptions } from '../harness';
import { call } from '../sandbox/client';
import { byId, jsonOf, pollStore, runStore, useSandbox } from './setup';

const env = useSandbox();

const poller = (parameters: INodeParameters, opts: Partial<PollerOptions> = {}) =>
	pollStore(env.sandbox, parameters, opts);

const json = (tick: { items: Array<{ json: IDataObject }> | null }) =>
	(tick.items ?? []).map((i) => i.json);

async function createPage(title: string): Promise<IDataObject> {
	const answer = await call(env.sandbox, 'POST', '/services/pages', {
		body: { page: { title, url: title.toLowerCase().replace(/\W+/g, '-'), content: 'x' } },
	});
	expect(answer.status).toBe(200);
	return answer.json.page as IDataObject;
}

async function updatePage(id: unknown, title: string) {
	const answer = await call(env.sandbox, 'PUT', `/services/pages/${String(id)}`, {
		body: { page: { title } },
	});
	expect(answer.status).toBe(200);
}

async function deletePage(id: unknown) {
	expect((await call(env.sandbox, 'DELETE', `/services/pages/${String(id)}`)).status).toBe(200);
}

describe('poll trigger: pages', () => {
	const parameters = { resource: 'page', events: ['created', 'updated', 'deleted'] };

	test('activation replays no history; each change between two polls comes once', async () => {
		const p = poller(parameters);
		const activation = await p.tick({ activation: true });
		expect(activation.error).toBeUndefined();
		expect(activation.items).toBeNull();
		expect(p.staticData().cursor).toBeDefined();

		// the writes in one shop second: a creation edited in a later second also comes as updated (the keys rule,
		// docs/poll.md), which the wall clock would decide here when a second ends between the two
		env.sandbox.shopTime.pin(env.sandbox.shopTime.now());
		const a = await createPage('Alpha');
		await updatePage(a.id, 'Alpha 2');
		const existing = env.sandbox.store.pages.rows[0];
		await updatePage(existing.id, 'Changed');
		await updatePage(existing.id, 'Changed twice');
		const doomed = env.sandbox.store.pages.rows[1];
		await deletePage(doomed.id);
		env.sandbox.shopTime.pin(null);

		const first = json(await p.tick());
		const byEvent = (event: string) => first.filter((j) => j.event === event);
		expect(byEvent('page/created').map((j) => [j.id, j.title])).toEqual([[a.id, 'Alpha 2']]);
		expect(byEvent('page/updated').map((j) => [j.id, j.title])).toEqual([
			[existing.id, 'Changed twice'],
		]);
		expect(byEvent('page/deleted').map((j) => j.id)).toEqual([Number(doomed.id)]);
		expect(first).toHaveLength(3);
		for (const j of first) expect(j.deliveryKey).toMatch(/^[0-9a-f]{32}$/);
		// a real change carries no sample mark (only Fetch Test Event's example does)
		for (const j of first) expect(j).not.toHaveProperty('sample');

		expect((await p.tick()).items).toBeNull();
	});

	test('Fetch Test Event shows the newest page and moves no cursor', async () => {
		const manual = poller(parameters, { mode: 'manual' });
		const newest = await createPage('Newest');
		const tick = await manual.tick({ activation: true });
		expect(json(tick).map((j) => j.id)).toEqual([newest.id]);
		expect(json(tick)[0].event).toBe('page/created');
		// marked as the sample, with a key no change has
		expect(json(tick)[0].sample).toBe(true);
		expect(json(tick)[0].deliveryKey).toMatch(new RegExp(`^sample-page-${newest.id}-\\d+$`));
		expect(manual.staticData().cursor).toBeUndefined();
	});

	test.each([
		['a 500 on the count', { type: 'status', status: 500, match: '/services/pages/count' }, false],
		['a 500 on the list', { type: 'status', status: 500, match: /^GET \/services\/pages$/ }, false],
		['a 401', { type: 'status', status: 401 }, true],
		['a dropped connection', { type: 'reset' }, false],
	] as const)(
		'a failed poll (%s) keeps the cursor, ends quiet where the shop cannot answer for now (outages.ts), else shows the error; the next poll catches up',
		async (_name, fault, shown) => {
			const p = poller(parameters);
			await p.tick({ activation: true });
			const before = p.staticData();
			const created = await createPage('During outage');
			env.sandbox.faults.add({ ...fault, times: 1 } as never);
			const failed = await p.tick();
			expect(failed.error !== undefined).toBe(shown);
			expect(failed.items).toBeNull();
			expect(p.staticData()).toEqual(before);
			env.sandbox.faults.clear();
			expect(json(await p.tick()).map((j) => [j.event, j.id])).toEqual([
				['page/created', created.id],
			]);
		},
	);

	test('a request that outlasts half the poll budget is a timeout: the poll ends quiet, the cursor stays; the error of the outage names it', async () => {
		const p = poller(parameters, { budgetMs: 8_000 });
		await p.tick({ activation: true });
		const before = p.staticData();
		await createPage('Slow shop');
		env.sandbox.faults.add({ type: 'slow', ms: 7_000, times: 2 });
		const started = Date.now();
		const quiet = await p.tick();
		expect(Date.now() - started).toBeLessThan(6_500);
		expect(quiet).toEqual({ items: null, error: undefined });
		expect(p.staticData()).toEqual(before);
		// still timing out when the outage has lasted Report Outage After (10 minutes by n8n's clock)
		const real = Date.now.bind(Date);
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => real() + 10 * 60_000);
		try {
			const failed = await p.tick();
			expect(failed.error?.message).toMatch(/\(10 min\): timeout$/);
			expect(p.staticData()).toEqual(before);
			env.sandbox.faults.clear();
			expect(json(await p.tick()).map((j) => j.title)).toEqual(['Slow shop']);
		} finally {
			clock.mockRestore();
		}
	});

	test('a poll that starts while the previous one still runs waits for the next Poll Time: nothing twice', async () => {
		const p = poller(parameters);
		await p.tick({ activation: true });
		for (let i = 0; i < 5; i++) await createPage(`Page ${i}`);
		env.sandbox.faults.latencyMs = 30;
		await Promise.all([p.tick(), p.tick(), p.tick()]);
		env.sandbox.faults.latencyMs = 0;
		const ids = p.emitted.flat().map((i) => i.json.id);
		expect(ids).toHaveLength(5);
		expect(new Set(ids).size).toBe(5);
	});
});

describe('poll trigger items are what the action node gets', () => {
	test.each([
		['page', 'pageId'],
		['category', 'categoryId'],
		['vendor', 'vendorId'],
		['applicationCharge', 'applicationChargeId'],
	])(
		'%s: the record as Get (typeVersion 3) returns it, plus event and deliveryKey',
		async (resource, param) => {
			const p = poller({ resource, events: ['created'] });
			await p.tick({ activation: true });
			const added = env.sandbox.owner.add(resource);
			const [item] = json(await p.tick());
			const get = await runStore(env.sandbox, {
				resource,
				operation: 'get',
				[param]: byId(String(added.id)),
				// the poll trigger's default
				options: { normaliseNumbers: true },
			});
			expect(get.error).toBeUndefined();
			const { event, deliveryKey, ...record } = item;
			expect(event).toBe(`${resource}/created`);
			expect(deliveryKey).toMatch(/^[0-9a-f]{32}$/);
			// what the spec's list leaves out of its records: a category's uuid (single and create responses only)
			const { uuid: _onlyInGet, ...got } = jsonOf(get)[0];
			expect(record).toEqual(resource === 'category' ? got : jsonOf(get)[0]);
		},
	);

	test('a voucher: words beside its codes and ids as numbers', async () => {
		const p = poller({ resource: 'voucher', events: ['created'], simplify: false });
		await p.tick({ activation: true });
		const added = env.sandbox.owner.add('voucher');
		const [item] = json(await p.tick());
		expect(item.id).toBe(Number(added.id));
		expect(typeof item.discount_type_label).toBe('string');
	});
});

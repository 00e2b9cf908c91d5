/**
 * The poll trigger's guarantees through n8n-core's poll machinery against the sandbox: the shop in zones hours
 * from n8n's with strict or inclusive filters and changes pinned to one shop second; a restart from the saved
 * cursor; the first activation's window with durable cursors; a backlog drained within getPollBudgetMs (and a
 * fixed budget on an n8n without it); the application charge an owner accepts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type PollerOptions, type PollTick } from '../harness';
import { AUDIT_EVERY_MS } from '../../nodes/StorePlatform/poll/ledger/decide';
import type { PollState } from '../../nodes/StorePlatform/poll/rules/state';
import { call } from '../sandbox/client';
import { pollStore, useSandbox } from './setup';

const env = useSandbox();

const poller = (parameters: INodeParameters, opts: Partial<PollerOptions> = {}) =>
	pollStore(env.sandbox, parameters, opts);

const events = (tick: PollTick) =>
	(tick.items ?? [])
		.map((i) => `${String(i.json.event)} ${String(i.json.id)} ${String(i.json.title)}`)
		.sort();

const pages = { resource: 'page', events: ['created', 'updated', 'deleted'] };

describe.each([
	[-300, 'strict'],
	[0, 'inclusive'],
	[540, 'strict'],
	[840, 'inclusive'],
] as const)('shop zone UTC%+d minutes, %s date filters', (zone, dateFilters) => {
	test('changes in the cursor second are neither missed nor repeated', async () => {
		env.sandbox.settings({ shopZoneOffsetMinutes: zone, dateFilters });
		const p = poller(pages);
		await p.tick({ activation: true });
		const [a, b] = env.sandbox.store.pages.rows;
		const second = '2030-01-01 12:00:00';
		env.sandbox.shopTime.pin(second);
		env.sandbox.owner.change('page', a.id, { title: 'A1' });
		expect(events(await p.tick())).toEqual([`page/updated ${a.id} A1`]);
		// the same shop second: another page, and a second change of the first
		env.sandbox.owner.change('page', b.id, { title: 'B1' });
		env.sandbox.owner.change('page', a.id, { title: 'A2' });
		expect(events(await p.tick())).toEqual([`page/updated ${a.id} A2`, `page/updated ${b.id} B1`]);
		expect((await p.tick()).items).toBeNull();
		// the next second: created and changed between polls is one created item with the latest state
		env.sandbox.shopTime.pin('2030-01-01 12:00:01');
		const c = env.sandbox.owner.add('page', { title: 'C1' });
		env.sandbox.owner.change('page', c.id, { title: 'C2' });
		expect(events(await p.tick())).toEqual([`page/created ${c.id} C2`]);
		expect((await p.tick()).items).toBeNull();
	});
});

describe('restarts and activation', () => {
	test('a restart resumes from the saved cursor: changes made while n8n was down come once', async () => {
		const before = poller(pages);
		await before.tick({ activation: true });
		const saved = before.staticData();
		const global = before.globalStaticData();
		const page = env.sandbox.owner.add('page', { title: 'while down' });
		const after = poller(pages, {
			staticData: saved,
			globalStaticData: global,
			activation: 'init',
		});
		// n8n's start runs the activation poll, which emits what the cursor has not seen
		expect(events(await after.tick({ activation: true }))).toEqual([
			`page/created ${page.id} while down`,
		]);
		expect((await after.tick()).items).toBeNull();
	});

	test('durable cursors: the first activation poll kept no node data, the global baseline bridges the window', async () => {
		const activation = poller(pages);
		await activation.tick({ activation: true });
		// n8n 2.36+ with durable cursors drops the node data of an activation poll that returned null
		const global = activation.globalStaticData();
		expect(Object.keys(global).some((k) => k.startsWith('storePlatformPollBaseline:'))).toBe(true);
		const page = env.sandbox.owner.add('page', { title: 'in the window' });
		const scheduled = poller(pages, { globalStaticData: global, activation: 'update' });
		expect(events(await scheduled.tick())).toEqual([`page/created ${page.id} in the window`]);
		// once a node cursor exists, the global baseline goes
		await scheduled.tick();
		expect(Object.keys(scheduled.globalStaticData())).toEqual([]);
	});

	test('durable cursors, the Deleted event added to an active trigger: a page created before the first scheduled poll comes (issue 41 #10)', async () => {
		const created = poller({ resource: 'page', events: ['created', 'updated'] });
		await created.tick({ activation: true });
		await created.tick();
		const saved = created.staticData();
		// the edit re-activates the workflow: its activation poll's node data is dropped again, the global kept
		const edited = poller(pages, { staticData: saved, activation: 'update' });
		expect((await edited.tick({ activation: true })).items).toBeNull();
		const global = edited.globalStaticData();
		const page = env.sandbox.owner.add('page', { title: 'before the first poll' });
		const scheduled = poller(pages, { staticData: saved, globalStaticData: global });
		expect(events(await scheduled.tick())).toEqual([
			`page/created ${page.id} before the first poll`,
		]);
		expect((await scheduled.tick()).items).toBeNull();
	});

	test('an edit that keeps the resource and its events resumes from the cursor', async () => {
		const p = poller(pages);
		await p.tick({ activation: true });
		const saved = p.staticData();
		const page = env.sandbox.owner.add('page', { title: 'after edit' });
		const renamed = poller(pages, { staticData: saved });
		expect(events(await renamed.tick())).toEqual([`page/created ${page.id} after edit`]);
	});
});

describe('backlog within the poll budget', () => {
	test.each([
		['getPollBudgetMs() of 600 ms', 600],
		['an n8n without getPollBudgetMs (fixed budget)', null],
	] as const)('%s: thousands of changes drain, each once', async (_name, budgetMs) => {
		env.sandbox.seed('page', 1500);
		const p = poller({ resource: 'page', events: ['created', 'updated'] }, { budgetMs });
		await p.tick({ activation: true });
		for (let i = 0; i < 1200; i++) env.sandbox.owner.add('page', { title: `backlog ${i}` });
		for (const r of env.sandbox.store.pages.rows.slice(0, 900))
			env.sandbox.owner.change('page', r.id, { title: 'touched' });
		// 100 ms a request: the ~15 requests of this backlog take 1.5 s, far beyond 600 ms, whatever the machine's load
		env.sandbox.faults.latencyMs = 100;
		const seen = new Map<string, number>();
		let polls = 0;
		for (; polls < 40; polls++) {
			const tick = await p.tick();
			expect(tick.error).toBeUndefined();
			if (!tick.items) break;
			for (const i of tick.items)
				seen.set(String(i.json.id), (seen.get(String(i.json.id)) ?? 0) + 1);
		}
		env.sandbox.faults.latencyMs = 0;
		expect(seen.size).toBe(2100);
		expect([...seen.values()].every((n) => n === 1)).toBe(true);
		if (budgetMs === null) expect(polls).toBe(1);
		else expect(polls).toBeGreaterThan(1);
	});
});

describe('the audit within the poll budget', () => {
	test('getPollBudgetMs() of 600 ms on a slow shop: the audit goes on over several polls, then changes come once', async () => {
		env.sandbox.seed('page', 1500);
		const p = poller(pages, { budgetMs: 600 });
		await p.tick({ activation: true });
		// an hour of n8n's clock later: the audit is due
		const real = Date.now.bind(Date);
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => real() + AUDIT_EVERY_MS);
		try {
			// 100 ms a request: the count and 7 pages take 0.8 s, beyond the 450 ms a poll reads of 600 ms
			env.sandbox.faults.latencyMs = 100;
			const parts: boolean[] = [];
			for (let i = 0; i < 10; i++) {
				const tick = await p.tick();
				expect(tick.error).toBeUndefined();
				expect(tick.items).toBeNull();
				const cursor = p.staticData().cursor as PollState;
				parts.push(cursor.audit !== undefined);
				if (!cursor.audit) break;
			}
			env.sandbox.faults.latencyMs = 0;
			expect(parts.length).toBeGreaterThan(1);
			expect(parts[parts.length - 1]).toBe(false);
			const page = env.sandbox.owner.add('page', { title: 'after the audit' });
			const tick = await p.tick();
			expect(events(tick)).toEqual([`page/created ${page.id} after the audit`]);
			expect((await p.tick()).items).toBeNull();
		} finally {
			env.sandbox.faults.latencyMs = 0;
			clock.mockRestore();
		}
	});
});

describe('application charges', () => {
	test('a charge the app creates, then the shop owner accepts: created, then updated with status accepted', async () => {
		const p = poller({ resource: 'applicationCharge', events: ['created', 'updated'] });
		await p.tick({ activation: true });
		const answer = await call(env.sandbox, 'POST', '/services/application_charges', {
			body: {
				application_charge: { name: 'Pro plan', price: 1900, return_url: 'https://app.test/back' },
			},
		});
		const charge = answer.json.application_charges[0] as IDataObject;
		const created = await p.tick();
		expect((created.items ?? []).map((i) => [i.json.event, i.json.status])).toEqual([
			['applicationCharge/created', 'pending'],
		]);
		env.sandbox.owner.decideCharge(String(charge.id), 'accept');
		const accepted = await p.tick();
		expect((accepted.items ?? []).map((i) => [i.json.event, i.json.id, i.json.status])).toEqual([
			['applicationCharge/updated', charge.id, 'accepted'],
		]);
		expect((await p.tick()).items).toBeNull();
	});
});

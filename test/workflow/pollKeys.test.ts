/**
 * The poll trigger's `deliveryKey` through n8n-core's poll machinery against the sandbox (docs/poll.md, "Keys and
 * repeated polls"): a key names one change, so a record switched back to an earlier state or deleted a second time
 * gets a new key; a poll repeated from the same saved static data (n8n's durable scheduler runs a poll at least
 * once) gives the same key to the same change, and an edit made between a run and its repeat still reaches a
 * workflow that drops repeated keys (Remove Duplicates). A cursor saved by the version before these keys keeps
 * working: its first poll invents nothing and repeats nothing.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import v1 from '../fixtures/pollCursorV1Keys.json';

import { type PollerOptions, type PollTick } from '../harness';
import { pollStore, useSandbox } from './setup';

const env = useSandbox();

const poller = (parameters: INodeParameters, opts: Partial<PollerOptions> = {}) =>
	pollStore(env.sandbox, parameters, opts);

const at = (second: number) =>
	env.sandbox.shopTime.pin(`2030-01-01 12:00:${String(second).padStart(2, '0')}`);

const itemsOf = (tick: PollTick): INodeExecutionData[] => {
	expect(tick.error).toBeUndefined();
	return tick.items ?? [];
};
const keysOf = (tick: PollTick) => itemsOf(tick).map((i) => String(i.json.deliveryKey));
const lines = (items: INodeExecutionData[], field = 'title') =>
	items.map((i) => `${String(i.json.event)} ${String(i.json.id)} ${String(i.json[field])}`).sort();

/** What a workflow with Remove Duplicates on deliveryKey runs: each key's first item, in order. */
function deduplicated(items: INodeExecutionData[]): INodeExecutionData[] {
	const seen = new Set<unknown>();
	return items.filter((i) => !seen.has(i.json.deliveryKey) && seen.add(i.json.deliveryKey));
}

const pages = { resource: 'page', events: ['created', 'updated', 'deleted'] };

describe('one key, one change', () => {
	test('a page deleted, restored and deleted again: three changes, three keys', async () => {
		at(0);
		const p = poller(pages);
		await p.tick({ activation: true });
		const page = env.sandbox.store.pages.rows[1];
		env.sandbox.owner.remove('page', page.id);
		const first = await p.tick();
		expect(lines(itemsOf(first))).toEqual([`page/deleted ${page.id} undefined`]);
		env.sandbox.owner.restore('page', page.id);
		const restored = await p.tick();
		expect(lines(itemsOf(restored))).toEqual([`page/created ${page.id} ${String(page.title)}`]);
		env.sandbox.owner.remove('page', page.id);
		const second = await p.tick();
		expect(lines(itemsOf(second))).toEqual([`page/deleted ${page.id} undefined`]);
		const keys = [...keysOf(first), ...keysOf(restored), ...keysOf(second)];
		expect(new Set(keys).size).toBe(3);
	});

	test.each([
		[
			'a user whose permissions are switched back and forth',
			'user',
			'permissions',
			[['orders'], ['dashboard']],
		],
		['a promotion switched off and on', 'promotion', 'activate', [0, 1]],
	] as const)('%s: each switch is a change of its own', async (_name, resource, field, values) => {
		at(0);
		const p = poller({ resource, events: ['updated'] });
		await p.tick({ activation: true });
		const id = (env.sandbox.owner.add(resource) as IDataObject).id as number;
		await p.tick();
		const keys: string[] = [];
		for (let i = 0; i < 4; i++) {
			at(i + 1);
			env.sandbox.owner.change(resource, id, { [field]: values[i % 2] });
			const tick = await p.tick();
			expect(lines(itemsOf(tick), 'id')).toEqual([`${resource}/updated ${id} ${id}`]);
			keys.push(...keysOf(tick));
		}
		// before: k1, k2, k1, k2 (a key named the state, and Remove Duplicates dropped the last two switches)
		expect(new Set(keys).size).toBe(4);
		expect(deduplicated(p.emitted.flat())).toHaveLength(p.emitted.flat().length);
	});
});

describe('a page created and edited between two polls', () => {
	test('edited in a later second: created and updated, each once; in its creation second: created only', async () => {
		at(0);
		const p = poller(pages);
		await p.tick({ activation: true });
		at(1);
		const late = env.sandbox.owner.add('page', { title: 'draft' });
		const quick = env.sandbox.owner.add('page', { title: 'quick draft' });
		env.sandbox.owner.change('page', quick.id, { title: 'quick final' });
		at(2);
		env.sandbox.owner.change('page', late.id, { title: 'final' });
		const items = itemsOf(await p.tick());
		expect(lines(items)).toEqual([
			`page/created ${late.id} final`,
			`page/created ${quick.id} quick final`,
			`page/updated ${late.id} final`,
		]);
		expect(new Set(items.map((i) => i.json.deliveryKey)).size).toBe(3);
		expect((await p.tick()).items).toBeNull();
	});
});

describe('a poll repeated from the same saved static data', () => {
	/** The trigger activated, then one poll saved: the static data a repeated poll starts from. */
	async function saved(): Promise<IDataObject> {
		at(0);
		const p = poller(pages);
		await p.tick({ activation: true });
		env.sandbox.owner.change('page', env.sandbox.store.pages.rows[0].id, { title: 'earlier' });
		expect(itemsOf(await p.tick())).toHaveLength(1);
		return p.staticData();
	}

	test('nothing changed between the runs: the same items under the same keys', async () => {
		const data = await saved();
		at(1);
		const page = env.sandbox.owner.add('page', { title: 'new' });
		env.sandbox.owner.change('page', env.sandbox.store.pages.rows[1].id, { title: 'edited' });
		env.sandbox.owner.remove('page', env.sandbox.store.pages.rows[2].id);
		const run = itemsOf(await poller(pages, { staticData: data }).tick());
		const again = itemsOf(await poller(pages, { staticData: data }).tick());
		expect(lines(again)).toEqual(lines(run));
		expect(again.map((i) => i.json.deliveryKey)).toEqual(run.map((i) => i.json.deliveryKey));
		expect(lines(run)).toContain(`page/created ${page.id} new`);
	});

	test('a page created, then edited before the repeat: one creation, and the edit reaches the workflow once', async () => {
		const data = await saved();
		at(1);
		const page = env.sandbox.owner.add('page', { title: 'draft' });
		const run = itemsOf(await poller(pages, { staticData: data }).tick());
		expect(lines(run)).toEqual([`page/created ${page.id} draft`]);
		at(2);
		env.sandbox.owner.change('page', page.id, { title: 'final' });
		const repeat = poller(pages, { staticData: data });
		const again = itemsOf(await repeat.tick());
		// the creation keeps its key whatever state the repeat reads it in (before: a second key, a second creation)
		const [created] = again.filter((i) => i.json.event === 'page/created');
		expect(created.json.deliveryKey).toBe(run[0].json.deliveryKey);
		// what a workflow with Remove Duplicates runs: the creation once, then the edit
		expect(lines(deduplicated([...run, ...again]))).toEqual([
			`page/created ${page.id} draft`,
			`page/updated ${page.id} final`,
		]);
		// the repeat's cursor was kept: nothing more
		expect((await repeat.tick()).items).toBeNull();
	});

	test('a user created, then edited before the repeat (a list without update times): its creation comes twice, the edit is not lost', async () => {
		const users = { resource: 'user', events: ['created', 'updated', 'deleted'] };
		at(0);
		const p = poller(users);
		await p.tick({ activation: true });
		const data = p.staticData();
		const user = env.sandbox.owner.add('user', { permissions: ['orders'] }) as IDataObject;
		const run = itemsOf(await poller(users, { staticData: data }).tick());
		env.sandbox.owner.change('user', user.id as number, { permissions: ['dashboard'] });
		const repeat = poller(users, { staticData: data });
		const again = itemsOf(await repeat.tick());
		const kept = deduplicated([...run, ...again]);
		expect(kept.map((i) => [i.json.event, i.json.permissions])).toEqual([
			['user/created', ['orders']],
			['user/created', ['dashboard']],
		]);
		expect((await repeat.tick()).items).toBeNull();
	});

	test('a voucher created, then changed before the repeat (its updates are no event): one creation, one key', async () => {
		const vouchers = { resource: 'voucher', events: ['created', 'deleted'] };
		at(0);
		const p = poller(vouchers);
		await p.tick({ activation: true });
		const data = p.staticData();
		const voucher = env.sandbox.owner.add('voucher', { code: 'FIRST' }) as IDataObject;
		const run = itemsOf(await poller(vouchers, { staticData: data }).tick());
		env.sandbox.owner.change('voucher', voucher.id as number, { code: 'SECOND' });
		const again = itemsOf(await poller(vouchers, { staticData: data }).tick());
		expect(lines(run, 'code')).toEqual([`voucher/created ${String(voucher.id)} FIRST`]);
		expect(lines(again, 'code')).toEqual([`voucher/created ${String(voucher.id)} SECOND`]);
		expect(again[0].json.deliveryKey).toBe(run[0].json.deliveryKey);
	});

	test('a page created, then deleted before the repeat: the repeat invents nothing, and the next poll reports its deletion once (one n8n process: docs/poll.md)', async () => {
		const data = await saved();
		at(1);
		const page = env.sandbox.owner.add('page', { title: 'short-lived' });
		const other = env.sandbox.store.pages.rows[1];
		env.sandbox.owner.change('page', other.id, { title: 'edited' });
		const run = itemsOf(await poller(pages, { staticData: data }).tick());
		expect(lines(run)).toEqual([
			`page/created ${page.id} short-lived`,
			`page/updated ${other.id} edited`,
		]);
		env.sandbox.owner.remove('page', page.id);
		const repeat = poller(pages, { staticData: data });
		const again = itemsOf(await repeat.tick());
		expect(lines(again)).toEqual([`page/updated ${other.id} edited`]);
		expect(again[0].json.deliveryKey).toBe(run[1].json.deliveryKey);
		// the first run's creation is a suspect of the kept cursor that no reading lacked: its Get's 404 is one
		// observation (a replica behind may answer so), its Get a poll later the second
		expect((await repeat.tick()).items).toBeNull();
		expect(lines(itemsOf(await repeat.tick()))).toEqual([`page/deleted ${page.id} undefined`]);
		expect((await repeat.tick()).items).toBeNull();
	});
});

describe('a cursor saved by the version before these keys (test/fixtures/pollCursorV1Keys.json)', () => {
	interface Saved {
		cursor: IDataObject;
		next: Array<{ event: string; id: number; deliveryKey: string }>;
	}
	const fixture = v1 as unknown as Record<string, Saved>;
	const CASES = [
		[
			'page',
			{ title: 'before upgrade' },
			{ title: 'edited after upgrade' },
			{ title: 'after upgrade' },
			{ title: 'later' },
		],
		[
			'user',
			{ permissions: ['orders'] },
			{ permissions: ['orders'] },
			{},
			{ permissions: ['dashboard', 'orders'] },
		],
	] as const;

	test.each(CASES)(
		'%s: its first poll invents nothing, a repeat of its poll keeps its keys, later keys are new',
		async (resource, before, edit, added, later) => {
			const { cursor, next } = fixture[resource];
			const params = { resource, events: ['created', 'updated', 'deleted'] };
			const rows = () =>
				resource === 'page' ? env.sandbox.store.pages.rows : env.sandbox.store.users.rows;
			// the shop as that version saw it: the change of 12:00:01 is in the saved cursor
			at(1);
			const [first, second, third] = rows();
			env.sandbox.owner.change(resource, first.id, before);
			const quiet = poller(params, { staticData: { cursor } });
			expect((await quiet.tick()).items).toBeNull();

			// the changes that version's next poll emitted, polled again from the same cursor (a repeat across the upgrade)
			at(2);
			env.sandbox.owner.add(resource, added);
			env.sandbox.owner.change(resource, second.id, edit);
			env.sandbox.owner.remove(resource, third.id);
			const p = poller(params, { staticData: { cursor } });
			const got = itemsOf(await p.tick()).map((i) => ({
				event: i.json.event,
				id: i.json.id,
				deliveryKey: i.json.deliveryKey,
			}));
			expect(got.sort((a, b) => Number(a.id) - Number(b.id))).toEqual(
				[...next].sort((a, b) => a.id - b.id),
			);
			expect((await p.tick()).items).toBeNull();

			// later changes get the keys of this version: one per change, none of the earlier ones
			at(3);
			env.sandbox.owner.change(resource, first.id, later);
			const keys = keysOf(await p.tick());
			expect(keys).toHaveLength(1);
			expect(next.map((n) => n.deliveryKey)).not.toContain(keys[0]);
			expect(p.staticData().cursor).toMatchObject({ seq: expect.any(Number) });
		},
	);
});

/**
 * Issue 41's habits of lists and counts (sandbox/listHabits.ts): lists in another order, a count one request
 * late, ids handed out again below the highest; and the shop's zone changing by whole hours (settings).
 */
import { call, useSandbox } from './client';

const sandbox = useSandbox();

const get = async (path: string, query: Record<string, string | number> = {}) =>
	(await call(sandbox(), 'GET', path, { query })).json;
const ids = async (query: Record<string, string | number> = {}) =>
	(await get('/services/pages', query)).pages.map((p: { id: unknown }) => Number(p.id));
const count = async (query: Record<string, string | number> = {}) =>
	Number((await get('/services/pages/count', query)).count);

beforeEach(() => sandbox().seed('page', 20));

test('bad list habits are refused, naming the field', () => {
	for (const [bad, field] of [
		[{ listOrder: { '/services/pages': 'oldest' } }, /listOrder/],
		[{ listOrder: ['/services/pages'] }, /listOrder/],
		[{ listOrder: { pages: 'newest' } }, /listOrder/],
		[{ countLag: '/services/pages/count' }, /countLag/],
		[{ countLag: ['pages/count'] }, /countLag/],
		[{ fillIdGaps: 'yes' }, /fillIdGaps/],
	] as const)
		expect(() => sandbox().habits(bad as never)).toThrow(field);
});

describe('listOrder', () => {
	test('newest: descending ids; since_id selects first, then limit and page cut', async () => {
		const asc = await ids({ limit: 250 });
		sandbox().habits({ listOrder: { '/services/pages': 'newest' } });
		expect(await ids({ limit: 250 })).toEqual([...asc].reverse());
		const since = asc[3];
		const after = asc.filter((id: number) => id > since).reverse();
		expect(await ids({ since_id: since, limit: 5 })).toEqual(after.slice(0, 5));
		expect(await ids({ since_id: since, limit: 5, page: 2 })).toEqual(after.slice(5, 10));
		// another list keeps its order
		const users = (await get('/services/users')).users.map((u: { id: unknown }) => Number(u.id));
		expect(users).toEqual([...users].sort((a, b) => a - b));
	});

	test('shuffled: a fixed permutation, the same at every request, pages that add up to the list', async () => {
		const asc = await ids({ limit: 250 });
		sandbox().habits({ listOrder: { '/services/pages': 'shuffled' } });
		const once = await ids({ limit: 250 });
		expect(once).not.toEqual(asc);
		expect([...once].sort((a, b) => a - b)).toEqual(asc);
		expect(await ids({ limit: 250 })).toEqual(once);
		const paged = [...(await ids({ limit: 10 })), ...(await ids({ limit: 10, page: 2 }))];
		expect(paged).toEqual(once.slice(0, 20));
	});
});

test('countLag: the counts of a shop second count the list as the previous second saw it', async () => {
	sandbox().shopTime.pin('2030-01-01 12:00:00');
	sandbox().habits({ countLag: ['/services/pages/count'] });
	const n = await count();
	const first = (await ids({ limit: 250 }))[0];
	sandbox().owner.remove('page', first);
	// the same second: the copy of its first request, whatever the query
	expect(await count()).toBe(n);
	expect(await count({ since_id: first - 1 })).toBe(n);
	sandbox().shopTime.pin('2030-01-01 12:00:01');
	// the next second: what the previous second's first request saw (before the removal)
	expect(await count()).toBe(n);
	sandbox().owner.add('page');
	sandbox().shopTime.pin('2030-01-01 12:00:02');
	expect(await count()).toBe(n - 1);
	sandbox().shopTime.pin('2030-01-01 12:00:03');
	expect(await count()).toBe(n);
	sandbox().habits({ countLag: [] });
	expect(await count()).toBe(n);
});

test('fillIdGaps: a new record takes the highest free id below the highest', async () => {
	const asc = await ids({ limit: 250 });
	const [low, high] = [asc[2], asc[5]];
	const top = asc[asc.length - 1];
	sandbox().owner.remove('page', low);
	sandbox().owner.remove('page', high);
	sandbox().owner.remove('page', top);
	sandbox().habits({ fillIdGaps: true });
	expect(Number(sandbox().owner.add('page').id)).toBe(high);
	expect(Number(sandbox().owner.add('page').id)).toBe(low);
	// no gap left below the highest: the next id as usual (the highest handed out + 1)
	expect(Number(sandbox().owner.add('page').id)).toBe(top + 1);
});

test("the shop's zone moves by an hour: every stamp shown shifts by that hour", async () => {
	const before = (await get('/services/pages', { limit: 250 })).pages;
	sandbox().settings({ shopZoneOffsetMinutes: 60 });
	const after = (await get('/services/pages', { limit: 250 })).pages;
	const hour = (a: string, b: string) => (Date.parse(`${b}Z`) - Date.parse(`${a}Z`)) / 3_600_000;
	expect(after.map((p: { id: unknown }) => p.id)).toEqual(before.map((p: { id: unknown }) => p.id));
	for (let i = 0; i < before.length; i++)
		expect(
			hour(before[i].updated_at.replace(' ', 'T'), after[i].updated_at.replace(' ', 'T')),
		).toBe(1);
});

/**
 * Issue 49's habits of one record's Get and of the shape of answers (sandbox/recordHabits.ts), and the
 * `createdTies` order of lists (sandbox/listHabits.ts): each off until switched on.
 */
import { call, useSandbox } from './client';

const sandbox = useSandbox();

const PAGES = '/services/pages';
const get = async (path: string, query: Record<string, string | number> = {}) =>
	await call(sandbox(), 'GET', path, { query });
const ids = async (query: Record<string, string | number> = {}) =>
	(await get(PAGES, query)).json.pages.map((p: { id: unknown }) => Number(p.id));

beforeEach(() => sandbox().seed('page', 20));

test('bad record habits are refused, naming the field', () => {
	for (const [bad, field] of [
		[{ unknownGetStatus: { [PAGES]: 200 } }, /unknownGetStatus/],
		[{ unknownGetStatus: { pages: 403 } }, /unknownGetStatus/],
		[{ trashGet: PAGES }, /trashGet/],
		[{ staleGet: { times: 0, paths: [PAGES] } }, /staleGet/],
		[{ staleGet: { times: 1 } }, /staleGet/],
		[{ answerShape: { [PAGES]: { add: 'New Field' } } }, /answerShape/],
		[{ answerShape: { [PAGES]: { rename: 'x' } } }, /answerShape/],
		[{ listOrder: { [PAGES]: 'createdAt' } }, /listOrder/],
	] as const)
		expect(() => sandbox().habits(bad as never)).toThrow(field);
});

describe('unknownGetStatus', () => {
	test.each([403, 500])(
		'a deleted record (or one never there) answers %i; a record that exists answers 200',
		async (status) => {
			const [first, second] = await ids();
			sandbox().owner.remove('page', first);
			sandbox().habits({ unknownGetStatus: { [PAGES]: status } });
			expect((await get(`${PAGES}/${first}`)).status).toBe(status);
			expect((await get(`${PAGES}/999999`)).status).toBe(status);
			expect((await get(`${PAGES}/${second}`)).status).toBe(200);
			// another list's Get says 404 as before
			expect((await get('/services/vouchers/999999')).status).toBe(404);
			sandbox().habits({ unknownGetStatus: {} });
			expect((await get(`${PAGES}/${first}`)).status).toBe(404);
		},
	);
});

test('trashGet: a removed record leaves the list and the count, and its Get answers 200 as it was', async () => {
	const [first] = await ids();
	const before = (await get(`${PAGES}/${first}`)).json;
	const count = Number((await get(`${PAGES}/count`)).json.count);
	sandbox().habits({ trashGet: [PAGES] });
	sandbox().owner.remove('page', first);
	expect(await ids()).not.toContain(first);
	expect(Number((await get(`${PAGES}/count`)).json.count)).toBe(count - 1);
	const answer = await get(`${PAGES}/${first}`);
	expect(answer.status).toBe(200);
	expect(answer.json).toEqual(before);
	// an id never handed out is still 404; a restore puts it back as it was
	expect((await get(`${PAGES}/999999`)).status).toBe(404);
	sandbox().owner.restore('page', first);
	expect(await ids()).toContain(first);
});

test('staleGet: the next Gets of records that exist answer 404 (a replica behind), then 200', async () => {
	const [first, second] = await ids();
	sandbox().habits({ staleGet: { times: 2, paths: [PAGES] } });
	// a Get of a record that is gone says 404 and does not use one of the times
	expect((await get(`${PAGES}/999999`)).status).toBe(404);
	expect((await get(`${PAGES}/${first}`)).status).toBe(404);
	expect((await get(`${PAGES}/${second}`)).status).toBe(404);
	expect((await get(`${PAGES}/${first}`)).status).toBe(200);
	expect(sandbox().habits().staleGet).toBeNull();
	// the list and the count are not behind
	expect(await ids()).toContain(first);
});

describe('answerShape', () => {
	test('a field added, null in every record of the list and in its Get; other lists as they were', async () => {
		sandbox().habits({ answerShape: { [PAGES]: { add: 'new_field' } } });
		const pages = (await get(PAGES)).json.pages as Array<Record<string, unknown>>;
		expect(pages.length).toBeGreaterThan(0);
		expect(pages.every((p) => 'new_field' in p && p.new_field === null)).toBe(true);
		const one = (await get(`${PAGES}/${String(pages[0].id)}`)).json;
		expect(one.new_field).toBeNull();
		const vouchers = (await get('/services/vouchers')).json.vouchers as object[];
		expect(vouchers.some((v) => 'new_field' in v)).toBe(false);
	});

	test('a field dropped from every record; the store keeps it', async () => {
		sandbox().habits({ answerShape: { [PAGES]: { drop: 'handle' } } });
		const pages = (await get(PAGES)).json.pages as object[];
		expect(pages.some((p) => 'handle' in p)).toBe(false);
		expect(sandbox().store.pages.rows.every((r) => 'handle' in r)).toBe(true);
		sandbox().habits({ answerShape: {} });
		expect(((await get(PAGES)).json.pages as object[]).every((p) => 'handle' in p)).toBe(true);
	});
});

test('createdTies: by created_at, the records of one second in another order at each request', async () => {
	sandbox().shopTime.pin('2030-01-01 12:00:00');
	for (let i = 0; i < 60; i++) sandbox().owner.add('page', { title: `one second ${i}` });
	sandbox().shopTime.pin('2030-01-01 12:00:05');
	sandbox().owner.add('page', { title: 'later' });
	sandbox().habits({ listOrder: { [PAGES]: 'createdTies' } });
	const stamps = async () =>
		(await get(PAGES, { limit: 250 })).json.pages.map((p: { created_at: string }) => p.created_at);
	const s = await stamps();
	expect(s).toEqual([...s].sort());
	const orders = [await ids({ limit: 250 }), await ids({ limit: 250 }), await ids({ limit: 250 })];
	// the same records each time, not in the same order
	for (const o of orders)
		expect([...o].sort((a, b) => a - b)).toEqual([...orders[0]].sort((a, b) => a - b));
	expect(new Set(orders.map((o) => o.join(','))).size).toBe(3);
	// the latest record stays last (its second is the latest)
	expect(orders.every((o) => o[o.length - 1] === Math.max(...o))).toBe(true);
	// two pages of one list read apart need not add up to the list: records of one second can be met twice
	const paged = [...(await ids({ limit: 40 })), ...(await ids({ limit: 40, page: 2 }))];
	expect(new Set(paged).size).toBeLessThan(paged.length);
});

/**
 * The sandbox's true change log (sandbox/changeLog.ts), the history checker's oracle: API writes and owner
 * operations, in order, with the record after and the shop's time; off until started. And the habits of issue 34
 * the checker switches on (habits.ts: bigNewIds; emptyListAnswer and stampForm are tested in habits.test.ts) and the request hook.
 */
import { call, useSandbox } from './client';

const sandbox = useSandbox();

const brief = () =>
	sandbox()
		.changeLog.since()
		.map((e) => `${e.seq} ${e.kind} ${e.resource}${e.scope ? `@${e.scope}` : ''} ${e.id}`);

describe('the change log', () => {
	test('off until started: nothing is logged', () => {
		sandbox().owner.change('page', 1, { title: 'Unseen' });
		expect(sandbox().changeLog.since()).toEqual([]);
	});

	test('owner operations and API writes, in order, with the record after and the shop time', async () => {
		const sb = sandbox();
		sb.shopTime.pin('2030-01-01 12:00:00');
		sb.changeLog.start();
		sb.owner.change('page', 1, { title: 'Changed' });
		const added = sb.owner.add('user', { first_name: 'Zed' });
		sb.owner.remove('page', 2);
		sb.owner.restore('page', 2);
		sb.owner.add('variant', { product_id: '3' });
		const put = await call(sb, 'PUT', '/services/pages/3', { body: { page: { title: 'By API' } } });
		expect(put.status).toBe(200);
		const del = await call(sb, 'DELETE', '/services/pages/4');
		expect(del.status).toBe(200);
		await call(sb, 'GET', '/services/pages');
		expect(brief()).toEqual([
			'1 updated page 1',
			`2 created user ${String(added.id)}`,
			'3 deleted page 2',
			'4 created page 2',
			`5 created variant@3 ${String(sb.store.variants.rows.at(-1)?.id)}`,
			'6 updated page 3',
			'7 deleted page 4',
		]);
		const [first] = sb.changeLog.since();
		expect(first.record?.title).toBe('Changed');
		expect(first.at).toBe('2030-01-01 12:00:00');
		expect(sb.changeLog.since(6).map((e) => e.seq)).toEqual([7]);
	});

	test('start(only): only the resources named are logged', () => {
		const sb = sandbox();
		sb.changeLog.start(['page']);
		sb.owner.change('page', 1, { title: 'Seen' });
		sb.owner.add('user', { first_name: 'Unseen' });
		expect(brief()).toEqual(['1 updated page 1']);
	});

	test('owner.batch: its operations are one write (a record created then changed in it: one created)', () => {
		const sb = sandbox();
		sb.changeLog.start(['page']);
		sb.owner.batch(() => {
			const added = sb.owner.add('page', { title: 'A' });
			sb.owner.change('page', added.id, { title: 'B' });
			sb.owner.change('page', 1, { title: 'C' });
		});
		// one write: its records in the table's order
		expect(brief()).toEqual(['1 updated page 1', '2 created page 5']);
		expect(sb.changeLog.since()[1].record?.title).toBe('B');
	});

	test('a change made by a test directly in the store is logged at the next read; reset() stops the log', () => {
		const sb = sandbox();
		sb.changeLog.start();
		sb.store.pages.rows[0].title = 'Direct';
		expect(brief()).toEqual(['1 updated page 1']);
		sb.reset();
		sb.owner.change('page', 1, { title: 'After reset' });
		expect(sb.changeLog.since()).toEqual([]);
	});
});

describe('habits of issue 34 and the request hook', () => {
	test('bigNewIds: new ids beyond 2^53, answered as strings, kept apart', async () => {
		const sb = sandbox();
		sb.habits({ bigNewIds: true });
		const a = sb.owner.add('page');
		const b = sb.owner.add('page');
		expect([a.id, b.id]).toEqual([2 ** 53 + 2, 2 ** 53 + 4]);
		const res = await call(sb, 'GET', '/services/pages', { query: { since_id: 4 } });
		expect(res.text).toContain('"id":"9007199254740994"');
		expect(res.json.pages.map((p: { id: unknown }) => p.id)).toEqual([
			'9007199254740994',
			'9007199254740996',
		]);
	});

	test('onRequest: called with each API request before its answer', async () => {
		const sb = sandbox();
		const seen: string[] = [];
		sb.onRequest((r) => {
			seen.push(`${r.method} ${r.path}`);
			if (seen.length === 1) sb.owner.remove('page', 1);
		});
		const res = await call(sb, 'GET', '/services/pages');
		expect(seen).toEqual(['GET /services/pages']);
		expect(res.json.pages.map((p: { id: unknown }) => Number(p.id))).not.toContain(1);
	});
});

/**
 * The shop's clock: its zone (UTC + offset minutes) for created_at/updated_at and for reading date filters, a
 * pinned "now", settings switched at run time, the admin routes e2e uses, and the CLI flags.
 */
import { serveOptions, utcLabel } from '../../sandbox/cliOptions';
import { startSandbox, type Sandbox } from '../../sandbox';
import { call, useSandbox } from './client';

const sandbox = useSandbox();

/** The spec's rendering of an instant in a zone UTC + offset minutes. */
const render = (ms: number, offsetMinutes: number) =>
	new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

const createPage = async (sb: Sandbox, title: string) => {
	const res = await call(sb, 'POST', '/services/pages', { body: { page: { title } } });
	expect(res.status).toBe(200);
	return res.json.page as { id: number; created_at: string; updated_at: string };
};

const pageIds = async (sb: Sandbox, query: Record<string, string>) =>
	(await call(sb, 'GET', '/services/pages', { query })).json.pages.map((p: { id: number }) =>
		Number(p.id),
	);

describe.each([
	['five hours behind UTC', -300],
	['UTC', 0],
	['nine hours ahead of UTC', 540],
])('a shop %s (offset %i minutes)', (_name, offset) => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({ shopZoneOffsetMinutes: offset });
	});
	afterAll(() => sb.close());

	test('renders created_at/updated_at in its zone, with the clock advanced too', async () => {
		const before = Date.now();
		const page = await createPage(sb, 'Zoned');
		const after = Date.now();
		expect(page.created_at >= render(before - 1000, offset)).toBe(true);
		expect(page.created_at <= render(after + 1000, offset)).toBe(true);
		expect(page.updated_at).toBe(page.created_at);
		expect(sb.settings().shopZoneOffsetMinutes).toBe(offset);
		await sb.clock.advance(3 * 3_600_000);
		const later = await createPage(sb, 'Three hours on');
		expect(later.created_at >= render(before + 3 * 3_600_000 - 1000, offset)).toBe(true);
		expect(later.created_at <= render(Date.now() + 3 * 3_600_000 + 1000, offset)).toBe(true);
	});

	test('reads date filters in its zone', async () => {
		const stamp = (await createPage(sb, 'Filtered')).created_at;
		const shopSecondBefore = render(Date.parse(stamp.replace(' ', 'T') + 'Z') - 1000, 0);
		const found = await pageIds(sb, { created_at_min: shopSecondBefore });
		expect(found.length).toBeGreaterThan(0);
		// n8n's UTC clock at that instant is a different wall time unless the shop is on UTC
		const utcSecondBefore = render(Date.now() - 2000, 0);
		const byUtc = await pageIds(sb, { created_at_min: utcSecondBefore });
		if (offset < 0) expect(byUtc).toEqual([]);
		if (offset > 0) expect(byUtc.length).toBeGreaterThanOrEqual(found.length);
	});
});

describe('pinned shop time', () => {
	test('several changes land in one shop second; the clock does not move it; null unpins', async () => {
		const sb = sandbox();
		sb.shopTime.pin('2031-02-03 04:05:06');
		expect(sb.shopTime.pinned()).toBe('2031-02-03 04:05:06');
		const a = await createPage(sb, 'A');
		await sb.clock.advance(60_000);
		const b = await createPage(sb, 'B');
		await call(sb, 'PUT', `/services/pages/${a.id}`, { body: { page: { title: 'A2' } } });
		expect([a.created_at, b.created_at, sb.store.pages.get(a.id)?.updated_at]).toEqual([
			'2031-02-03 04:05:06',
			'2031-02-03 04:05:06',
			'2031-02-03 04:05:06',
		]);
		sb.shopTime.pin(null);
		expect(sb.shopTime.pinned()).toBeNull();
		const c = await createPage(sb, 'C');
		expect(c.created_at >= render(Date.now() + 60_000 - 2000, 0)).toBe(true);
	});

	test('a pin is in the shop zone and keeps its instant when the zone changes', async () => {
		const sb = sandbox();
		sb.settings({ shopZoneOffsetMinutes: -300 });
		sb.shopTime.pin('2031-02-03 04:05:06');
		expect(sb.shopTime.now()).toBe('2031-02-03 04:05:06');
		sb.settings({ shopZoneOffsetMinutes: 540 });
		expect(sb.shopTime.now()).toBe('2031-02-03 18:05:06');
	});

	test('pin refuses what is not a spec date-time', () => {
		for (const bad of ['2031-02-03T04:05:06Z', '2031-02-30 00:00:00', '0000-00-00 00:00:00', ''])
			expect(() => sandbox().shopTime.pin(bad)).toThrow(/YYYY-MM-DD HH:MM:SS/);
	});

	test('reset() unpins and restores the start settings', () => {
		const sb = sandbox();
		sb.shopTime.pin('2031-02-03 04:05:06');
		sb.settings({ shopZoneOffsetMinutes: 60, dateFilters: 'inclusive' });
		sb.reset();
		expect(sb.shopTime.pinned()).toBeNull();
		expect(sb.settings()).toEqual({ shopZoneOffsetMinutes: 0, dateFilters: 'strict' });
	});
});

describe('settings at run time', () => {
	test('a zone change re-renders stored stamps: the same instants in the new zone', async () => {
		const sb = sandbox();
		const before = { ...sb.store.pages.get(1) };
		const charge = { ...sb.store.applicationCharges.rows.find((c) => c.activated_on) };
		sb.settings({ shopZoneOffsetMinutes: 540 });
		const after = sb.store.pages.get(1)!;
		const shift = (s: string) => render(Date.parse(s.replace(' ', 'T') + 'Z'), 540);
		expect([after.created_at, after.updated_at]).toEqual([
			shift(before.created_at),
			shift(before.updated_at),
		]);
		const activated = sb.store.applicationCharges.get(charge.id)!;
		expect(activated.activated_on).toBe(shift(charge.activated_on));
		// promotion start_at is the owner's own wall time: unchanged
		expect(sb.store.promotions.get(1)!.start_at).toBe('2024-01-01 09:00:00');
	});

	test('invalid settings are refused', () => {
		for (const bad of [
			{ shopZoneOffsetMinutes: 15 * 60 },
			{ shopZoneOffsetMinutes: 1.5 },
			{ dateFilters: 'lenient' },
		] as Array<Record<string, unknown>>)
			expect(() => sandbox().settings(bad)).toThrow(/shopZoneOffsetMinutes|dateFilters/);
	});
});

describe('admin routes (for a sandbox in another process)', () => {
	const admin = async (path: string, body?: unknown) => {
		const res = await fetch(sandbox().url + path, {
			method: body === undefined ? 'GET' : 'POST',
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, json: (await res.json()) as Record<string, unknown> };
	};

	test('POST /_sandbox/settings and /_sandbox/shop-time', async () => {
		expect(await admin('/_sandbox/settings', { shopZoneOffsetMinutes: -300 })).toEqual({
			status: 200,
			json: { shopZoneOffsetMinutes: -300, dateFilters: 'strict' },
		});
		expect((await admin('/_sandbox/settings', { dateFilters: 'inclusive' })).json).toEqual({
			shopZoneOffsetMinutes: -300,
			dateFilters: 'inclusive',
		});
		const pinned = await admin('/_sandbox/shop-time', { at: '2031-02-03 04:05:06' });
		expect(pinned.json).toMatchObject({
			now: '2031-02-03 04:05:06',
			pinned: '2031-02-03 04:05:06',
		});
		expect((await createPage(sandbox(), 'Pinned')).created_at).toBe('2031-02-03 04:05:06');
		expect((await admin('/_sandbox/shop-time', { at: null })).json).toMatchObject({ pinned: null });
		expect((await admin('/_sandbox/shop-time')).json).toMatchObject({
			pinned: null,
			shopZoneOffsetMinutes: -300,
			dateFilters: 'inclusive',
		});
	});

	test('a JSON body sent with a form content-type (curl -d) is read as JSON', async () => {
		const res = await fetch(sandbox().url + '/_sandbox/shop-time', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: '{"at":"2031-02-03 04:05:06"}',
		});
		expect(res.status).toBe(200);
		expect(sandbox().shopTime.pinned()).toBe('2031-02-03 04:05:06');
	});

	test('bad bodies → 400', async () => {
		for (const [path, body] of [
			['/_sandbox/settings', { dateFilters: 'sometimes' }],
			['/_sandbox/settings', { shopZoneOffsetMinutes: 'east' }],
			['/_sandbox/shop-time', {}],
			['/_sandbox/shop-time', { at: '2031-02-03' }],
			['/_sandbox/charges/decide', { id: 1, decision: 'maybe' }],
			['/_sandbox/change', { resource: 'collection', id: 1 }],
		] as const)
			expect({ path, status: (await admin(path, body)).status }).toEqual({ path, status: 400 });
	});
});

describe('CLI flags', () => {
	test.each([
		[[], { shopZoneOffsetMinutes: 0, dateFilters: 'strict' }],
		[['--zone-offset=-300'], { shopZoneOffsetMinutes: -300, dateFilters: 'strict' }],
		[
			['--zone-offset', '540', '--date-filters=inclusive'],
			{ shopZoneOffsetMinutes: 540, dateFilters: 'inclusive' },
		],
		[['--date-filters', 'strict', '--realtime'], { dateFilters: 'strict', realtime: true }],
	] as Array<[string[], Record<string, unknown>]>)('%j', (args, want) => {
		expect(serveOptions(args)).toMatchObject(want);
	});

	test.each([['--zone-offset=east'], ['--date-filters=loose']])('%s is refused', (flag) => {
		expect(() => serveOptions([flag])).toThrow(/--zone-offset|--date-filters/);
	});

	test.each([
		[-300, 'UTC-05:00'],
		[0, 'UTC+00:00'],
		[540, 'UTC+09:00'],
		[345, 'UTC+05:45'],
	])('%i minutes is %s', (minutes, label) => expect(utcLabel(minutes)).toBe(label));
});

import {
	checkRegistrations,
	type RegistrationApi,
} from '../../nodes/StorePlatform/trigger/registrationCheck';
import {
	isOwn,
	ownPathSuffix,
	planRegistrations,
} from '../../nodes/StorePlatform/trigger/registrationPlan';
import type { Registration } from '../../nodes/StorePlatform/trigger/registrations';
import { serialize } from '../../nodes/StorePlatform/trigger/serialize';
import { checkCron } from '../../nodes/StorePlatform/trigger/registrationSchedule';

const HOOK = '6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';
const URL_NOW = `https://n8n.shop.example/webhook/${HOOK}/webhook`;
const URL_OLD = `http://10.0.0.5:5678/webhook/${HOOK}/webhook`;
const URL_PREFIXED = `https://proxy.example/n8n/webhook/${HOOK}/webhook`;
const URL_TEST = `https://n8n.shop.example/webhook-test/${HOOK}/webhook`;
const URL_OTHER_WF =
	'https://n8n.shop.example/webhook/0000aaaa-0000-4000-8000-000000000000/webhook';
const URL_FOREIGN = 'https://erp.example/hooks/orders';

const reg = (id: number, section: string, siteUrl: string): Registration => ({
	id: String(id),
	section,
	siteUrl,
});

describe('planRegistrations: what should be registered vs what is', () => {
	const cases: Array<{
		name: string;
		existing: Registration[];
		events: string[];
		create: Array<[string, string]>;
		del: Array<[string, string]>;
		keep: Record<string, string>;
		foreign: number;
	}> = [
		{
			name: 'nothing registered: one per event, reason missing',
			existing: [],
			events: ['order/create', 'product/update'],
			create: [
				['order/create', 'missing'],
				['product/update', 'missing'],
			],
			del: [],
			keep: {},
			foreign: 0,
		},
		{
			name: 'all there: nothing to do',
			existing: [reg(1, 'order/create', URL_NOW), reg(2, 'product/update', URL_NOW)],
			events: ['order/create', 'product/update'],
			create: [],
			del: [],
			keep: { 'order/create': '1', 'product/update': '2' },
			foreign: 0,
		},
		{
			name: 'one missing (deleted at the shop): only that one created',
			existing: [reg(1, 'order/create', URL_NOW)],
			events: ['order/create', 'product/update'],
			create: [['product/update', 'missing']],
			del: [],
			keep: { 'order/create': '1' },
			foreign: 0,
		},
		{
			name: 'stale URL (n8n moved): re-created at the current URL, the old one deleted',
			existing: [reg(1, 'order/create', URL_OLD), reg(2, 'product/update', URL_NOW)],
			events: ['order/create', 'product/update'],
			create: [['order/create', 'stale-url']],
			del: [['1', 'stale-url']],
			keep: { 'product/update': '2' },
			foreign: 0,
		},
		{
			name: 'stale URL behind a path prefix is ours too',
			existing: [reg(4, 'order/create', URL_PREFIXED)],
			events: ['order/create'],
			create: [['order/create', 'stale-url']],
			del: [['4', 'stale-url']],
			keep: {},
			foreign: 0,
		},
		{
			name: 'foreign registrations (other app, other workflow, the editor test URL) are never touched',
			existing: [
				reg(1, 'order/create', URL_FOREIGN),
				reg(2, 'order/create', URL_OTHER_WF),
				reg(3, 'order/create', URL_TEST),
				reg(4, 'order/create', URL_NOW),
			],
			events: ['order/create'],
			create: [],
			del: [],
			keep: { 'order/create': '4' },
			foreign: 3,
		},
		{
			name: 'doubles: the lowest id stays (ids compared as numbers), the others go',
			existing: [
				reg(10, 'order/create', URL_NOW),
				reg(9, 'order/create', URL_NOW),
				reg(100, 'order/create', URL_NOW),
			],
			events: ['order/create'],
			create: [],
			del: [
				['10', 'double'],
				['100', 'double'],
			],
			keep: { 'order/create': '9' },
			foreign: 0,
		},
		{
			name: 'an event no longer chosen is deleted',
			existing: [reg(1, 'order/create', URL_NOW), reg(2, 'shop/update', URL_NOW)],
			events: ['order/create'],
			create: [],
			del: [['2', 'unselected']],
			keep: { 'order/create': '1' },
			foreign: 0,
		},
		{
			name: 'a record listed twice (pages shifted) counts once',
			existing: [reg(1, 'order/create', URL_NOW), reg(1, 'order/create', URL_NOW)],
			events: ['order/create'],
			create: [],
			del: [],
			keep: { 'order/create': '1' },
			foreign: 0,
		},
		{
			name: 'chosen twice is wanted once',
			existing: [],
			events: ['order/create', 'order/create'],
			create: [['order/create', 'missing']],
			del: [],
			keep: {},
			foreign: 0,
		},
	];

	it.each(cases)('$name', ({ existing, events, create, del, keep, foreign }) => {
		const plan = planRegistrations(existing, { events, url: URL_NOW });
		expect(plan.create.map((c) => [c.section, c.reason])).toEqual(create);
		expect(plan.delete.map((d) => [d.id, d.reason])).toEqual(del);
		expect(plan.keep).toEqual(keep);
		expect(plan.foreign).toBe(foreign);
	});

	it('names the old URL of a stale registration', () => {
		const plan = planRegistrations([reg(1, 'order/create', URL_OLD)], {
			events: ['order/create'],
			url: URL_NOW,
		});
		expect(plan.create).toEqual([
			{ section: 'order/create', reason: 'stale-url', staleUrl: URL_OLD },
		]);
	});

	it('a test run (test URL) treats production registrations as foreign', () => {
		const plan = planRegistrations([reg(1, 'order/create', URL_NOW)], {
			events: ['order/create'],
			url: URL_TEST,
		});
		expect(plan.delete).toEqual([]);
		expect(plan.foreign).toBe(1);
	});

	it.each([
		[URL_NOW, `/webhook/${HOOK}/webhook`],
		[`${URL_NOW}?a=1`, `/webhook/${HOOK}/webhook`],
		['https://x.example/webhook/abc', undefined],
	])('ownPathSuffix(%s) = %s', (url, suffix) => {
		expect(ownPathSuffix(url)).toBe(suffix);
	});

	it('a path that only ends alike after a longer segment is not ours', () => {
		expect(
			isOwn(reg(1, 'order/create', `https://x.example/xwebhook/${HOOK}/webhook`), URL_NOW),
		).toBe(false);
		expect(isOwn(reg(1, 'order/create', URL_OLD), URL_NOW)).toBe(true);
	});
});

/** An in-memory shop with switchable failures, counting requests. */
class FakeShop implements RegistrationApi {
	rows: Registration[] = [];
	private next = 1;
	requests: string[] = [];
	/** Fails the n-th request from now (1 = the next one) with this error; `ghost` creates before failing. */
	failAt?: { n: number; error: Error; ghost?: boolean };
	/** Called before each request answers (lets tests interleave a second check). */
	before?: (what: string) => Promise<void>;

	add(section: string, siteUrl: string): Registration {
		const r = reg(this.next++, section, siteUrl);
		this.rows.push(r);
		return r;
	}

	private async step(what: string, effect: () => void): Promise<void> {
		this.requests.push(what);
		await this.before?.(what);
		if (this.failAt && --this.failAt.n === 0) {
			const { error, ghost } = this.failAt;
			this.failAt = undefined;
			if (ghost) effect();
			throw error;
		}
		effect();
	}

	async list(): Promise<Registration[]> {
		let out: Registration[] = [];
		await this.step('GET', () => (out = this.rows.map((r) => ({ ...r }))));
		return out;
	}

	async create(section: string, url: string): Promise<Registration> {
		let made!: Registration;
		await this.step(`POST ${section}`, () => (made = this.add(section, url)));
		return made;
	}

	async remove(id: string): Promise<void> {
		await this.step(`DELETE ${id}`, () => (this.rows = this.rows.filter((r) => r.id !== id)));
	}

	mine(url = URL_NOW) {
		return this.rows
			.filter((r) => r.siteUrl === url)
			.map((r) => r.section)
			.sort();
	}
}

const unavailable = () => Object.assign(new Error('HTTP 503'), { httpCode: '503' });
const EVENTS = ['order/create', 'order/paid', 'product/update'];

describe('checkRegistrations: list, decide, apply', () => {
	it('re-creates the missing ones and tells each one', async () => {
		const shop = new FakeShop();
		shop.add('order/create', URL_NOW);
		const told: string[] = [];
		const result = await checkRegistrations(
			shop,
			{ events: EVENTS, url: URL_NOW },
			{ onCreated: (c) => told.push(`${c.section} ${c.reason}`) },
		);
		expect(result.error).toBeUndefined();
		expect(shop.mine()).toEqual(EVENTS);
		expect(told).toEqual(['order/paid missing', 'product/update missing']);
		expect(Object.keys(result.registered).sort()).toEqual(EVENTS);
	});

	it('settled: one list request, nothing else', async () => {
		const shop = new FakeShop();
		for (const e of EVENTS) shop.add(e, URL_NOW);
		await checkRegistrations(shop, { events: EVENTS, url: URL_NOW });
		expect(shop.requests).toEqual(['GET']);
	});

	it('moves stale registrations to the current URL, creating before deleting, foreign ones untouched', async () => {
		const shop = new FakeShop();
		shop.add('order/create', URL_OLD);
		shop.add('order/create', URL_FOREIGN);
		shop.add('order/create', URL_TEST);
		await checkRegistrations(shop, { events: ['order/create'], url: URL_NOW });
		expect(shop.requests).toEqual(['GET', 'POST order/create', 'GET', 'DELETE 1']);
		expect(shop.rows.map((r) => r.siteUrl).sort()).toEqual([URL_FOREIGN, URL_NOW, URL_TEST].sort());
	});

	const failures: Array<[string, number, boolean]> = [
		['the first list', 1, false],
		['the first creation', 2, false],
		['the first creation, made at the shop but its answer lost', 2, true],
		['the second creation', 3, false],
		['the second creation, made but its answer lost', 3, true],
		['the list after creating', 5, false],
	];
	it.each(failures)(
		'API failure half-way (%s): no double, and the next check completes',
		async (_name, n, ghost) => {
			const shop = new FakeShop();
			shop.add('order/create', URL_OLD);
			shop.add('product/update', URL_FOREIGN);
			shop.failAt = { n, error: unavailable(), ghost };
			const first = await checkRegistrations(shop, { events: EVENTS, url: URL_NOW });
			expect(first.error).toBeDefined();
			// whatever happened, never two of one event at the current URL
			const counts = shop
				.mine()
				.reduce<Record<string, number>>((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {});
			expect(Object.values(counts).every((c) => c === 1)).toBe(true);
			const second = await checkRegistrations(shop, { events: EVENTS, url: URL_NOW });
			expect(second.error).toBeUndefined();
			expect(shop.mine()).toEqual(EVENTS);
			expect(shop.rows.filter((r) => r.siteUrl === URL_OLD)).toEqual([]);
			expect(shop.rows.filter((r) => r.siteUrl === URL_FOREIGN)).toHaveLength(1);
		},
	);

	it('API failure on every request (503 for a while): nothing changes, then the first good check heals', async () => {
		const shop = new FakeShop();
		shop.add('product/update', URL_FOREIGN);
		for (let n = 1; n <= 4; n++) {
			shop.failAt = { n: 1, error: unavailable() };
			const r = await checkRegistrations(shop, { events: EVENTS, url: URL_NOW });
			expect(r.error).toBeDefined();
		}
		expect(shop.mine()).toEqual([]);
		await checkRegistrations(shop, { events: EVENTS, url: URL_NOW });
		expect(shop.mine()).toEqual(EVENTS);
		expect(shop.rows).toHaveLength(EVENTS.length + 1);
	});

	it('two checks overlapping (two processes): the second list after creating removes the double', async () => {
		const shop = new FakeShop();
		// both checks list before either creates: both decide to create every event
		let listed = 0;
		let release!: () => void;
		const bothListed = new Promise<void>((r) => (release = r));
		shop.before = async (what) => {
			if (what === 'GET' && listed < 2) {
				listed++;
				if (listed === 2) release();
				await bothListed;
			}
		};
		const wanted = { events: EVENTS, url: URL_NOW };
		const [a, b] = await Promise.all([
			checkRegistrations(shop, wanted),
			checkRegistrations(shop, wanted),
		]);
		expect(a.error ?? b.error).toBeUndefined();
		expect(shop.mine()).toEqual(EVENTS);
		// both kept the same (lowest) ids
		expect(a.registered).toEqual(b.registered);
	});

	it('two checks overlapping in one process are run one after the other (serialize)', async () => {
		const shop = new FakeShop();
		const wanted = { events: EVENTS, url: URL_NOW };
		const run = () => serialize('wf:node', async () => await checkRegistrations(shop, wanted));
		await Promise.all([run(), run(), run()]);
		expect(shop.mine()).toEqual(EVENTS);
		expect(shop.requests.filter((r) => r.startsWith('POST'))).toHaveLength(EVENTS.length);
	});

	it('stops before the next request once the workflow is deactivated', async () => {
		const shop = new FakeShop();
		let stopped = false;
		const result = await checkRegistrations(
			shop,
			{ events: EVENTS, url: URL_NOW },
			{
				stopped: () => stopped,
				onCreated: () => (stopped = true),
			},
		);
		expect(result.stoppedEarly).toBe(true);
		expect(shop.requests).toEqual(['GET', 'POST order/create']);
	});
});

describe('checkCron', () => {
	it.each([
		[0, null],
		[-1, null],
		[Number.NaN, null],
		[1, /^\d{1,2} \*\/1 \* \* \* \*$/],
		[5, /^\d{1,2} \*\/5 \* \* \* \*$/],
		[90, /^\d{1,2} 0 \*\/2 \* \* \*$/],
		[1440, /^\d{1,2} \d{1,2} 0 \* \* \*$/],
	])('every %s minutes -> %s', (minutes, expected) => {
		const cron = checkCron(minutes as number, 'wf1:node1');
		if (expected === null) expect(cron).toBeNull();
		else expect(cron).toMatch(expected as RegExp);
	});

	it('spreads workflows over the minute, the same second for the same workflow', () => {
		expect(checkCron(5, 'a')).toBe(checkCron(5, 'a'));
		const seconds = new Set(
			['a', 'b', 'c', 'd', 'e', 'f'].map((k) => checkCron(5, k)?.split(' ')[0]),
		);
		expect(seconds.size).toBeGreaterThan(1);
	});
});

/**
 * The poll trigger's reads of answers that prove nothing (issue 34, items 1, 9 and 10), through n8n-core's poll
 * machinery against the sandbox: an answer without its list (a 200 with no body, `{}` or `null`) is a failed read,
 * never an empty list, and its error comes only where it persists, once; a page cap the shop lowers after
 * activation loses nothing; a whole list past its bound gives one error, not one a poll. Every poll's items are
 * compared and every item is counted (exact lists, each deliveryKey once).
 */
import type { INodeParameters } from 'n8n-workflow';

import { PAST_BOUND_SLACK } from '../../nodes/StorePlatform/poll/reads/reader';
import { MAX_SNAPSHOT } from '../../nodes/StorePlatform/poll/rules/snapshot';
import { habitPoller, Script } from './habitPoller';
import { useSandbox } from './setup';

const env = useSandbox();
const watch = (parameters: INodeParameters, key?: string) =>
	new Script(habitPoller(env.sandbox, parameters, { key }));
const at = (time: string) => env.sandbox.shopTime.pin(`2030-01-01 ${time}`);

/** A watched list, its list path, and one change the shop then makes (its "event id" line). */
const LISTS: Array<[string, INodeParameters, string, () => string]> = [
	[
		'users (whole list, fingerprinted)',
		{ resource: 'user', events: ['created', 'updated', 'deleted'] },
		'/services/users',
		() => `user/created ${String(env.sandbox.owner.add('user').id)}`,
	],
	[
		'themes (whole list, fingerprinted)',
		{ resource: 'theme', events: ['created', 'updated', 'deleted'] },
		'/services/themes',
		() => `theme/created ${String(env.sandbox.owner.add('theme').id)}`,
	],
	[
		'application charges (whole list, fingerprinted)',
		{ resource: 'applicationCharge', events: ['created', 'updated', 'deleted'] },
		'/services/application_charges',
		() => `applicationCharge/created ${String(env.sandbox.owner.add('applicationCharge').id)}`,
	],
	[
		'blogs (whole list, fingerprinted)',
		{ resource: 'blog', events: ['created', 'updated', 'deleted'] },
		'/services/blogs',
		() => `blog/created ${String(env.sandbox.owner.add('blog').id)}`,
	],
	[
		'promotions (whole list by pages, with a count)',
		{ resource: 'promotion', events: ['created', 'updated', 'deleted'] },
		'/services/promotions',
		() => `promotion/created ${String(env.sandbox.owner.add('promotion').id)}`,
	],
	[
		'pages (since_id, update scan, deletions by count)',
		{ resource: 'page', events: ['created', 'updated', 'deleted'] },
		'/services/pages',
		() => {
			env.sandbox.owner.change('page', 2, { title: 'Renamed' });
			return 'page/updated 2';
		},
	],
	[
		'theme scripts (scan by page number)',
		{ resource: 'themeScript', events: ['created', 'updated'] },
		'/services/theme_scripts',
		() => `themeScript/created ${String(env.sandbox.owner.add('themeScript').id)}`,
	],
];

const ANSWERS = ['empty', '{}', 'null'] as const;

describe.each(LISTS)('an answer without its list: %s', (_name, parameters, path, change) => {
	test.each(ANSWERS)(
		'%s, answered once: nothing is emitted, no error; the next change comes once',
		async (answer) => {
			at('12:00:00');
			const s = watch(parameters);
			await s.poll([], { activation: true });
			await s.poll([]);
			env.sandbox.habits({ emptyListAnswer: { answer, times: 1, paths: [path] } });
			await s.poll([]);
			await s.poll([]);
			at('12:00:05');
			const changed = change();
			await s.poll([changed]);
			await s.poll([]);
			s.check([changed]);
		},
	);

	test('answered at every poll: nothing emitted, one error once it persists, then quiet; the change after comes once', async () => {
		at('12:00:00');
		const p = habitPoller(env.sandbox, parameters);
		await p.tick({ activation: true });
		await p.tick();
		env.sandbox.habits({ emptyListAnswer: { answer: 'null', times: Infinity, paths: [path] } });
		for (let i = 0; i < 6; i++) await p.tick();
		env.sandbox.habits({ emptyListAnswer: null });
		at('12:00:05');
		const changed = change();
		await p.tick();
		await p.tick();
		const errors = p.errors.filter((e): e is string => e !== undefined);
		expect({ all: p.all, errors: errors.length, at: p.errors.findIndex(Boolean) }).toEqual({
			all: [changed],
			errors: 1,
			// the third poll in a row that cannot read the list (after the activation and a quiet poll)
			at: 4,
		});
		expect(errors[0]).toBe('The shop answered without the list asked for');
		expect(new Set(p.keys).size).toBe(p.keys.length);
	});
});

test('at the activation (the user looking), an answer without its list that persists is an error at once', async () => {
	env.sandbox.habits({
		emptyListAnswer: { answer: '{}', times: Infinity, paths: ['/services/users'] },
	});
	const p = habitPoller(env.sandbox, {
		resource: 'user',
		events: ['created', 'updated', 'deleted'],
	});
	await p.tick({ activation: true });
	expect(p.errors).toEqual(['The shop answered without the list asked for']);
	expect(p.poller.staticData().cursor).toBeUndefined();
});

/** A body that cannot be read (a 200 with HTML, truncated JSON) is a failed read too. */
const UNREADABLE: Array<[string, INodeParameters, string]> = [
	['users', { resource: 'user', events: ['created', 'updated', 'deleted'] }, '/services/users'],
	['pages', { resource: 'page', events: ['created', 'updated', 'deleted'] }, '/services/pages'],
];

describe.each(UNREADABLE)('a list answer that cannot be read: %s', (_name, parameters, path) => {
	test.each(['html', 'malformed'] as const)(
		'%s once: no error, nothing emitted; at every poll: one error once it persists',
		async (type) => {
			const p = habitPoller(env.sandbox, parameters);
			await p.tick({ activation: true });
			env.sandbox.faults.add({ type, status: 200, match: path });
			await p.tick();
			expect(p.errors).toEqual([undefined, undefined]);
			env.sandbox.faults.add({ type, status: 200, match: path, times: Infinity });
			for (let i = 0; i < 5; i++) await p.tick();
			env.sandbox.faults.clear();
			await p.tick();
			expect({ all: p.all, shown: p.errors.map((e) => e !== undefined) }).toEqual({
				all: [],
				shown: [false, false, false, false, true, false, false, false],
			});
			expect(p.errors[4]).toBe('The shop sent an answer that could not be read');
		},
	);
});

describe('the shop lowers its page cap after activation (250 to 100)', () => {
	test('pages: 300 records updated in one second come once each', async () => {
		at('12:00:00');
		env.sandbox.seed('page', 400);
		const s = watch({ resource: 'page', events: ['created', 'updated', 'deleted'] });
		await s.poll([], { activation: true });
		await s.poll([]);
		env.sandbox.faults.pageCap = 100;
		at('12:00:10');
		const ids = env.sandbox.store.pages.rows.slice(50, 350).map((r) => Number(r.id));
		for (const id of ids) env.sandbox.owner.change('page', id, { title: `Burst ${id}` });
		const want = ids.map((id) => `page/updated ${id}`);
		await s.poll(want);
		await s.poll([]);
		s.check(want);
	});

	test('theme scripts (read by page number): 300 records updated in one second come once each', async () => {
		at('12:00:00');
		env.sandbox.seed('themeScript', 400);
		const s = watch({ resource: 'themeScript', events: ['created', 'updated'] });
		await s.poll([], { activation: true });
		await s.poll([]);
		env.sandbox.faults.pageCap = 100;
		at('12:00:10');
		const ids = env.sandbox.store.themeScripts.rows.slice(50, 350).map((r) => Number(r.id));
		for (const id of ids)
			env.sandbox.owner.change('themeScript', id, { src: `https://cdn.test/${id}.js` });
		const want = ids.map((id) => `themeScript/updated ${id}`);
		await s.poll(want);
		await s.poll([]);
		s.check(want);
	});
});

describe(`a whole list that grows past its bound (${MAX_SNAPSHOT} records)`, () => {
	test(`promotions (paged, with a count) more than ${PAST_BOUND_SLACK} past it: one error, then polls of 2 requests (the count and the first page)`, async () => {
		const p = habitPoller(env.sandbox, {
			resource: 'promotion',
			events: ['created', 'updated', 'deleted'],
		});
		await p.tick({ activation: true });
		const before = env.sandbox.store.promotions.rows.length;
		env.sandbox.seed('promotion', MAX_SNAPSHOT + PAST_BOUND_SLACK + 1 - before);
		for (let i = 0; i < 3; i++) await p.tick();
		const extra = env.sandbox.store.promotions.rows.slice(before).map((r) => Number(r.id));
		for (const id of extra.slice(1)) env.sandbox.owner.remove('promotion', id);
		await p.tick();
		await p.tick();
		expect({
			all: p.all,
			shown: p.errors.map((e) => e !== undefined),
			requests: p.requests.slice(1, 4),
		}).toEqual({
			all: [`promotion/created ${extra[0]}`],
			shown: [false, true, false, false, false, false],
			requests: [2, 2, 2],
		});
		expect(p.errors[1]).toMatch(new RegExp(`has ${MAX_SNAPSHOT + PAST_BOUND_SLACK + 1} records`));
	});

	test('blogs: one error, not one a poll; once back within the bound, the changes meanwhile come once', async () => {
		const p = habitPoller(env.sandbox, {
			resource: 'blog',
			events: ['created', 'updated', 'deleted'],
		});
		await p.tick({ activation: true });
		const before = env.sandbox.store.blogs.rows.length;
		env.sandbox.seed('blog', MAX_SNAPSHOT + 1 - before);
		for (let i = 0; i < 4; i++) await p.tick();
		// back within the bound
		const extra = env.sandbox.store.blogs.rows.slice(before).map((r) => Number(r.id));
		for (const id of extra.slice(1)) env.sandbox.owner.remove('blog', id);
		await p.tick();
		await p.tick();
		const errors = p.errors.filter(Boolean);
		expect({ all: p.all, errors: errors.length }).toEqual({
			all: [`blog/created ${extra[0]}`],
			errors: 1,
		});
		expect(String(errors[0])).toMatch(new RegExp(`${MAX_SNAPSHOT}`));
	});
});

/**
 * The shop's clock through n8n-core's poll machinery against the sandbox (issue 34, items 5, 6 and 8): the shop's
 * clock steps back an hour (summer time ends on a shop stamping local time), answers write their stamps in another
 * form of the same instant, and a new theme script comes with `updated_at: null`. Every poll's items are
 * compared, and every item is counted at the end (exact lists, each deliveryKey once). The rules as tables:
 * test/unit/poll/habitsClock.test.ts; the mechanics: docs/poll-scan.md.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { habitPoller, Script } from './habitPoller';
import { useSandbox } from './setup';

const env = useSandbox();
const pin = (time: string) => env.sandbox.shopTime.pin(time);

/** A watched resource and how the owner changes it (each returns the "event id" line it must give). */
interface Watched {
	parameters: INodeParameters;
	key?: string;
	add(): string;
	change?(n: number): string;
}

const WATCHED: Array<[string, Watched]> = [
	[
		'pages (keyed, update scan)',
		{
			parameters: { resource: 'page', events: ['created', 'updated'] },
			add: () => `page/created ${String(env.sandbox.owner.add('page').id)}`,
			change: (n) => {
				const id = String(env.sandbox.store.pages.rows[n % 2].id);
				env.sandbox.owner.change('page', id, { title: `change ${n}` });
				return `page/updated ${id}`;
			},
		},
	],
	[
		'abandoned carts (scan by created_at)',
		{
			parameters: { resource: 'abandonedCart', events: ['created'] },
			key: 'user_key',
			add: () => `abandonedCart/created ${String(env.sandbox.owner.add('abandonedCart').user_key)}`,
		},
	],
	[
		'theme scripts (scan by updated_at)',
		{
			parameters: { resource: 'themeScript', events: ['created', 'updated'] },
			add: () => `themeScript/created ${String(env.sandbox.owner.add('themeScript').id)}`,
			change: (n) => {
				const id = String(env.sandbox.store.themeScripts.rows[n % 2].id);
				env.sandbox.owner.change('themeScript', id, { src: `https://example.com/${n}.js` });
				return `themeScript/updated ${id}`;
			},
		},
	],
];

/** One change of the shop: a creation, and an update where the resource reports them. */
const changeOf = (w: Watched, n: number) => [w.add(), ...(w.change ? [w.change(n)] : [])];

describe.each(WATCHED)('the shop clock steps back an hour: %s', (_name, w) => {
	test('changes stamped in the repeated hour come once, none is lost', async () => {
		const s = new Script(habitPoller(env.sandbox, w.parameters, { key: w.key }));
		const all: string[] = [];
		pin('2030-10-27 02:30:00');
		await s.poll([], { activation: true });
		const step = async (time: string, n: number) => {
			pin(time);
			const want = changeOf(w, n);
			all.push(...want);
			await s.poll(want);
			await s.poll([]);
		};
		await step('2030-10-27 02:40:00', 1);
		await step('2030-10-27 02:59:50', 2);
		// summer time ends: the shop's wall clock shows 02:00:10 at 03:00:10 of the old one
		env.sandbox.habits({ clockStepBackS: 3600 });
		await step('2030-10-27 03:00:10', 3);
		await step('2030-10-27 03:30:00', 4);
		await step('2030-10-27 03:59:55', 5);
		await step('2030-10-27 04:00:30', 6);
		await step('2030-10-27 05:10:00', 7);
		s.check(all);
	});
});

/**
 * The form, the shop's zone, and whether the spec's form comes back between polls. A `Z` stamp is read as its
 * wall-clock digits (shopTime.ts): from a shop in UTC it is the spec's form's instant; from a shop east of UTC
 * that writes `Z` in every answer, its stamps stand behind the zone its filters read (more is read, nothing lost).
 */
const FORMS = [
	['iso-z', 0, true],
	['iso-z', 60, false],
	['offset', 60, true],
	['offset', -300, true],
	['naive-t', 60, true],
] as const;

describe.each(FORMS)(
	'stamps written as %s (shop zone UTC%+d minutes, the spec form between: %s)',
	(stampForm, zone, switches) => {
		test.each(WATCHED)('%s: no change invented; each change once', async (_name, w) => {
			env.sandbox.settings({ shopZoneOffsetMinutes: zone });
			pin('2030-11-27 12:00:00');
			env.sandbox.habits({ stampForm });
			const s = new Script(habitPoller(env.sandbox, w.parameters, { key: w.key }));
			await s.poll([], { activation: true });
			await s.poll([]);
			pin('2030-11-27 12:00:10');
			const first = changeOf(w, 1);
			await s.poll(first);
			await s.poll([]);
			// the spec's form again, then the other form: the same instants, nothing new
			if (switches) env.sandbox.habits({ stampForm: 'spec' });
			await s.poll([]);
			env.sandbox.habits({ stampForm });
			await s.poll([]);
			pin('2030-11-27 12:00:11');
			const second = changeOf(w, 2);
			await s.poll(second);
			await s.poll([]);
			s.check([...first, ...second]);
		});
	},
);

describe('a record created with updated_at null', () => {
	test.each(WATCHED.filter(([, w]) => w.change))(
		'%s: created once, then updated once',
		async (_name, w) => {
			env.sandbox.habits({ nullUpdatedAt: true });
			pin('2030-11-27 12:00:00');
			const s = new Script(habitPoller(env.sandbox, w.parameters, { key: w.key }));
			await s.poll([], { activation: true });
			pin('2030-11-27 12:00:05');
			const created = w.add();
			const id = created.split(' ')[1];
			const resource = String(w.parameters.resource);
			const rows = env.sandbox.store[resource === 'page' ? 'pages' : 'themeScripts'] as unknown as {
				rows: IDataObject[];
			};
			expect(rows.rows.find((r) => String(r.id) === id)?.updated_at).toBeNull();
			await s.poll([created]);
			await s.poll([]);
			pin('2030-11-27 12:00:09');
			env.sandbox.owner.change(resource, id, resource === 'page' ? { title: 'x' } : { src: 'x' });
			const updated = `${resource}/updated ${id}`;
			await s.poll([updated]);
			await s.poll([]);
			s.check([created, updated]);
		},
	);
});

/**
 * The poll trigger on a shop with real habits (issue 30), through n8n-core's poll machinery against the sandbox:
 * a cart that changes after its creation is created once; answers that flip between the spec's two forms of one
 * value emit nothing for unchanged records; a product deleted with its variants (a theme with its assets) reports
 * each deleted once, then quiet polls without error; an id handed out again (the highest, after a restart; or a
 * record restored from the trash) is `created` and later deletions are still found; one record stamped in the
 * shop's future hides no later update. Every poll's items are compared, and every item is counted at the end
 * (exact lists, each deliveryKey once). The limits (gapped ids, lists ignoring a parameter, counts off their
 * lists): pollHabitBounds.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { habitPoller, Script } from './habitPoller';
import { useSandbox } from './setup';

const env = useSandbox();
const at = (second: number) =>
	env.sandbox.shopTime.pin(`2030-01-01 12:00:${String(second).padStart(2, '0')}`);
const watch = (parameters: INodeParameters, key?: string) =>
	new Script(habitPoller(env.sandbox, parameters, { key }));

describe('a cart that changes after its creation is created once', () => {
	test('e-mail, items, then order_id change: nothing after its created; the next cart comes once', async () => {
		at(0);
		const s = watch({ resource: 'abandonedCart', events: ['created'] }, 'user_key');
		await s.poll([], { activation: true });
		const cart = env.sandbox.owner.add('abandonedCart', { email: 'first@example.com' });
		const created = `abandonedCart/created ${String(cart.user_key)}`;
		await s.poll([created]);
		// the same shop second, then later ones: the customer edits the cart, then places the order
		env.sandbox.owner.change('abandonedCart', String(cart.user_key), {
			email: 'changed@example.com',
		});
		await s.poll([]);
		at(1);
		env.sandbox.owner.change('abandonedCart', String(cart.user_key), {
			items: [{ ...(cart.items as IDataObject[])[0], quantity: 7 }],
		});
		await s.poll([]);
		at(2);
		env.sandbox.owner.change('abandonedCart', String(cart.user_key), { order_id: '9001' });
		await s.poll([]);
		const next = `abandonedCart/created ${String(env.sandbox.owner.add('abandonedCart').user_key)}`;
		await s.poll([next]);
		await s.poll([]);
		s.check([created, next]);
	});
});

/** A resource watched while the shop flips forms, and one real change of it (returns its "event id"). */
interface FlipCase {
	parameters: INodeParameters;
	key?: string;
	change(): string;
}

const FLIPS: Array<[string, FlipCase]> = [
	[
		'application charges (test 1 / true / "1", price and id number / string)',
		{
			parameters: { resource: 'applicationCharge', events: ['created', 'updated'] },
			change: () => {
				env.sandbox.owner.decideCharge(1, 'accept');
				return 'applicationCharge/updated 1';
			},
		},
	],
	[
		'pages (keyed, update scan)',
		{
			parameters: { resource: 'page', events: ['created', 'updated', 'deleted'] },
			change: () => {
				env.sandbox.owner.change('page', 2, { title: 'Flipped' });
				return 'page/updated 2';
			},
		},
	],
	[
		'vouchers (keyed, count)',
		{
			parameters: { resource: 'voucher', events: ['created', 'deleted'] },
			change: () => {
				env.sandbox.owner.remove('voucher', 3);
				return 'voucher/deleted 3';
			},
		},
	],
	[
		'promotions (fingerprinted list)',
		{
			parameters: { resource: 'promotion', events: ['created', 'updated', 'deleted'] },
			change: () => {
				env.sandbox.owner.change('promotion', 2, { promotion_value: 4321 });
				return 'promotion/updated 2';
			},
		},
	],
	[
		"a product's variants (fingerprinted, unpaged)",
		{
			parameters: {
				resource: 'variant',
				events: ['created', 'updated', 'deleted'],
				productId: '1',
			},
			change: () => {
				env.sandbox.owner.change('variant', 6, { price: '2999' });
				return 'variant/updated 6';
			},
		},
	],
	[
		'abandoned carts (scan by created_at; items nested)',
		{
			parameters: { resource: 'abandonedCart', events: ['created'] },
			key: 'user_key',
			change: () =>
				`abandonedCart/created ${String(env.sandbox.owner.add('abandonedCart').user_key)}`,
		},
	],
];

describe.each(FLIPS)('answers flipping between two forms of one value: %s', (_name, c) => {
	test('three quiet polls emit nothing; one real change comes once; then quiet again', async () => {
		env.sandbox.habits({ flipForms: true });
		const s = watch(c.parameters, c.key);
		await s.poll([], { activation: true });
		for (let i = 0; i < 3; i++) await s.poll([]);
		const changed = c.change();
		await s.poll([changed]);
		for (let i = 0; i < 3; i++) await s.poll([]);
		s.check([changed]);
	});
});

describe.each([
	['product', 'variant', 'productId', 'id'],
	['theme', 'themeAsset', 'themeId', 'key'],
] as const)('a %s deleted with its %ss', (parent, resource, param, key) => {
	test('each is reported deleted once, then the polls are quiet, without error', async () => {
		const store = env.sandbox.store;
		const parentId =
			parent === 'product'
				? String(store.variants.rows[0].product_id)
				: String(store.themes.rows[1].id);
		const children = (
			parent === 'product'
				? store.variants.rows.filter((v) => v.product_id === parentId)
				: store.assetsOf(parentId).rows
		).map((r) => `${resource}/deleted ${String(r[key])}`);
		expect(children.length).toBeGreaterThan(1);
		const s = watch(
			{ resource, events: ['created', 'updated', 'deleted'], [param]: parentId },
			key,
		);
		await s.poll([], { activation: true });
		env.sandbox.owner.remove(parent, parentId);
		await s.poll(children);
		for (let i = 0; i < 3; i++) await s.poll([]);
		s.check(children);
	});
});

describe.each([
	['page', ['created', 'updated', 'deleted']],
	['voucher', ['created', 'deleted']],
] as const)('an id handed out again: %ss', (resource, events) => {
	const ids = () =>
		(resource === 'page' ? env.sandbox.store.pages : env.sandbox.store.vouchers).rows.map((r) =>
			Number(r.id),
		);

	test('the highest id deleted, then handed out again after a restart: created; a later deletion is found', async () => {
		const s = watch({ resource, events: [...events] });
		await s.poll([], { activation: true });
		const highest = Math.max(...ids());
		env.sandbox.owner.remove(resource, highest);
		await s.poll([`${resource}/deleted ${highest}`]);
		env.sandbox.owner.restart();
		expect(Number(env.sandbox.owner.add(resource).id)).toBe(highest);
		await s.poll([`${resource}/created ${highest}`]);
		env.sandbox.owner.remove(resource, 1);
		await s.poll([`${resource}/deleted 1`]);
		await s.poll([]);
		s.check([
			`${resource}/deleted ${highest}`,
			`${resource}/created ${highest}`,
			`${resource}/deleted 1`,
		]);
	});

	test('a record restored from the trash with its old id and stamps: created; a later deletion is found', async () => {
		const s = watch({ resource, events: [...events] });
		await s.poll([], { activation: true });
		env.sandbox.owner.remove(resource, 2);
		await s.poll([`${resource}/deleted 2`]);
		env.sandbox.owner.restore(resource, 2);
		await s.poll([`${resource}/created 2`]);
		env.sandbox.owner.remove(resource, 3);
		await s.poll([`${resource}/deleted 3`]);
		await s.poll([]);
		s.check([`${resource}/deleted 2`, `${resource}/created 2`, `${resource}/deleted 3`]);
	});
});

describe.each([
	['page', ['created', 'updated', 'deleted']],
	['themeScript', ['created', 'updated']],
] as const)(
	"one %s stamped in the shop's future (a writer's clock an hour ahead)",
	(resource, events) => {
		test('it comes once; later updates of the others each come once, and its own next update', async () => {
			const edit = (text: string) =>
				resource === 'page' ? { title: text } : { src: `https://cdn.test/${text}.js` };
			at(0);
			const s = watch({ resource, events: [...events] });
			await s.poll([], { activation: true });
			const ahead = env.sandbox.owner.change(resource, 1, edit('ahead'), { aheadMs: 3_600_000 });
			expect(ahead.updated_at).toBe('2030-01-01 13:00:00');
			await s.poll([`${resource}/updated 1`]);
			at(1);
			env.sandbox.owner.change(resource, 2, edit('b'));
			await s.poll([`${resource}/updated 2`]);
			at(2);
			const added = `${resource}/created ${String(env.sandbox.owner.add(resource).id)}`;
			await s.poll([added]);
			at(3);
			env.sandbox.owner.change(resource, 2, edit('b2'));
			env.sandbox.owner.change(resource, 1, edit('a2'));
			await s.poll([`${resource}/updated 1`, `${resource}/updated 2`]);
			await s.poll([]);
			s.check([
				`${resource}/updated 1`,
				`${resource}/updated 2`,
				added,
				`${resource}/updated 1`,
				`${resource}/updated 2`,
			]);
		});
	},
);

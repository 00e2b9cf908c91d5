'use strict';
/**
 * The poll leg's habits flow (n8n 2.x; poll.test.js runs it beside the main flow): a shop with several real habits
 * at once, in real n8n, every item counted. Its own sandbox, whose answers flip between the spec's two forms of
 * one value from one answer to the next (ids and amounts number / string, a charge's `test` 1 / true / "1"), its
 * own collector and n8n, and five poll workflows (Every Minute): carts (created), application charges
 * (created, updated), the variants of product 1 (created, updated, deleted), pages (created, updated, deleted) and
 * vouchers (created, deleted). Checks:
 *   h. activation replays nothing (0 items, 0 executions)
 *   h. round 1: a cart created, a charge accepted, product 1 deleted with its variants, the highest page and the
 *      highest voucher deleted, page 1 changed by a writer whose clock runs an hour ahead (stamped in the shop's
 *      future): the next scheduled polls emit exactly these, each once
 *   h. round 2: the cart's e-mail and items change (nothing); the shop's database restarts and hands out the
 *      deleted highest ids again to a new page and a new voucher (created); page 2 changed (updated: the future
 *      stamp hides nothing); no error for the deleted product
 *   h. round 3: the cart's order is placed (order_id set: nothing), a second cart and a new charge (created), page 3
 *      and voucher 1 deleted (found after the reuse), page 2 changed again
 *   h. round 4: quiet; no error execution in the whole run; no deliveryKey twice; the items of each workflow counted
 * Each round waits for one scheduled poll of every workflow (n8n polls at most once a minute): ~5 min in all.
 */
const assert = require('assert');
const { loadSandbox, startCollector, packedPackage, N8nInstance, sleep } = require('./setup');
const { pollWorkflow, Ledger, pollDone } = require('./pollShop');

const WATCHED = [
	{ name: 'E2E habits: carts', resource: 'abandonedCart', events: ['created'] },
	{ name: 'E2E habits: charges', resource: 'applicationCharge', events: ['created', 'updated'] },
	{
		name: 'E2E habits: variants of product 1',
		resource: 'variant',
		events: ['created', 'updated', 'deleted'],
		parameters: { productId: '1' },
	},
	{ name: 'E2E habits: pages', resource: 'page', events: ['created', 'updated', 'deleted'] },
	{ name: 'E2E habits: vouchers', resource: 'voucher', events: ['created', 'deleted'] },
];

const HOUR = 3600 * 1000;

async function runHabits(v) {
	const r = v.r;
	const keep = process.env.STORE_PLATFORM_E2E_KEEP === '1';
	let sandbox, collector, n8n;
	const ids = {};
	const ledgers = {};
	const up = await v.check(
		'h. habits: own sandbox (answers flipping between two forms of one value), collector and n8n; package installed; credential and five poll workflows created over REST',
		async () => {
			sandbox = await loadSandbox().startSandbox({ port: 0, habits: { flipForms: true } });
			v.cleanups.push(() => sandbox.close());
			collector = await startCollector();
			v.cleanups.push(() => collector.close());
			n8n = await N8nInstance.create({ version: v.version, keep });
			v.cleanups.push(async () => {
				await n8n.stop();
				if (String(r.status).startsWith('FAIL') && !keep) v.log(`habits n8n log: ${n8n.logFile}`);
				else n8n.cleanup();
			});
			await n8n.installPackage(packedPackage());
			await n8n.start({ timeoutMs: 240000 });
			await n8n.login();
			const cred = await n8n.createCredentialRest({
				type: 'storePlatformApi',
				name: 'Store Platform sandbox (habits)',
				data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
			});
			for (const w of WATCHED) {
				ids[w.resource] = await n8n.createWorkflowRest(
					pollWorkflow(cred, { ...w, collectorUrl: `${collector.url}/collect?habits=1` }),
				);
				ledgers[w.resource] = new Ledger(collector, w.name);
			}
		},
		{ timeoutMs: 6 * 60 * 1000 },
	);
	if (!up.ok) return;

	const errorExecutions = async () => {
		const out = {};
		for (const w of WATCHED)
			out[w.resource] = (await n8n.executions(ids[w.resource])).filter(
				(e) => e.status === 'error',
			).length;
		return out;
	};

	/**
	 * Makes the changes (`make` returns the items each workflow must emit, [event, id] pairs), waits for the next
	 * poll of every workflow and the executions it started, then compares every workflow's items and errors.
	 */
	const round = async (make) => {
		const mark = collector.received.length;
		const errorsBefore = await errorExecutions();
		const from = sandbox.requests.length;
		const want = make();
		for (const w of WATCHED) await pollDone(sandbox, w.resource, from);
		await sleep(4000);
		const errorsAfter = await errorExecutions();
		const got = {};
		const wanted = {};
		for (const w of WATCHED) {
			const lines = (list) => list.map(([e, id]) => `${e} ${id}`).sort();
			got[w.resource] = {
				items: lines(ledgers[w.resource].items(mark).map((i) => [i.event, i.id])),
				errorExecutions: errorsAfter[w.resource] - errorsBefore[w.resource],
			};
			wanted[w.resource] = { items: lines(want[w.resource] || []), errorExecutions: 0 };
		}
		v.log(`habits round: ${JSON.stringify(got)}`);
		assert.deepStrictEqual(got, wanted);
	};

	const activated = await v.check(
		'h. activation of the five workflows replays nothing: 0 items, 0 executions',
		async () => {
			const from = sandbox.requests.length;
			for (const w of WATCHED) await n8n.activateRest(ids[w.resource]);
			for (const w of WATCHED) await pollDone(sandbox, w.resource, from, { timeoutMs: 30000 });
			await sleep(2000);
			assert.strictEqual(collector.received.length, 0, 'items after activation');
			for (const w of WATCHED)
				assert.strictEqual((await n8n.executions(ids[w.resource])).length, 0, w.name);
		},
		{ timeoutMs: 120000 },
	);
	if (!activated.ok) return;

	const store = sandbox.store;
	const owner = sandbox.owner;
	const highestOf = (table) => Math.max(...table.rows.map((x) => Number(x.id)));
	const state = {};
	const timeout = { timeoutMs: 200000 };

	await v.check(
		"h. round 1: a cart created, a charge accepted, product 1 deleted with its variants, the highest page and voucher deleted, page 1 stamped an hour in the shop's future: each once",
		() =>
			round(() => {
				state.cart = owner.add('abandonedCart', { email: 'habits@example.com' });
				owner.decideCharge(1, 'accept');
				const variants = store.variants.rows.filter((x) => x.product_id === '1').map((x) => x.id);
				owner.remove('product', 1);
				state.page = highestOf(store.pages);
				state.voucher = highestOf(store.vouchers);
				owner.remove('page', state.page);
				owner.remove('voucher', state.voucher);
				owner.change('page', 1, { title: 'Stamped ahead' }, { aheadMs: HOUR });
				return {
					abandonedCart: [['abandonedCart/created', state.cart.user_key]],
					applicationCharge: [['applicationCharge/updated', 1]],
					variant: variants.map((id) => ['variant/deleted', id]),
					page: [
						['page/deleted', state.page],
						['page/updated', 1],
					],
					voucher: [['voucher/deleted', state.voucher]],
				};
			}),
		timeout,
	);

	await v.check(
		"h. round 2: the cart's e-mail and items change (nothing); after a database restart the deleted highest ids come back on a new page and voucher (created); page 2 changed (updated); the deleted product costs no error",
		() =>
			round(() => {
				const key = state.cart.user_key;
				owner.change('abandonedCart', key, { email: 'changed@example.com' });
				owner.change('abandonedCart', key, { items: state.cart.items.slice(0, 1) });
				owner.restart();
				const page = owner.add('page', { title: 'On a reused id' });
				const voucher = owner.add('voucher');
				assert.deepStrictEqual(
					[Number(page.id), Number(voucher.id)],
					[state.page, state.voucher],
					'ids handed out again',
				);
				owner.change('page', 2, { title: 'After the future stamp' });
				return {
					page: [
						['page/created', state.page],
						['page/updated', 2],
					],
					voucher: [['voucher/created', state.voucher]],
				};
			}),
		timeout,
	);

	await v.check(
		"h. round 3: the cart's order placed (nothing); a second cart and a new charge (created); page 3 and voucher 1 deleted (found after the reuse); page 2 changed again",
		() =>
			round(() => {
				owner.change('abandonedCart', state.cart.user_key, { order_id: '9001' });
				const cart = owner.add('abandonedCart');
				const charge = owner.add('applicationCharge', { status: 'pending', test: true });
				owner.remove('page', 3);
				owner.remove('voucher', 1);
				owner.change('page', 2, { title: 'Again' });
				return {
					abandonedCart: [['abandonedCart/created', cart.user_key]],
					applicationCharge: [['applicationCharge/created', charge.id]],
					page: [
						['page/deleted', 3],
						['page/updated', 2],
					],
					voucher: [['voucher/deleted', 1]],
				};
			}),
		timeout,
	);

	await v.check(
		'h. round 4: a quiet poll of every workflow emits nothing; no error execution in the run; no deliveryKey twice',
		async () => {
			let quiet;
			try {
				await round(() => ({}));
			} catch (e) {
				quiet = e;
			}
			const errors = await errorExecutions();
			const items = {};
			const repeatedKeys = {};
			for (const w of WATCHED) {
				const keys = ledgers[w.resource].items().map((i) => i.deliveryKey);
				items[w.resource] = keys.length;
				repeatedKeys[w.resource] = keys.length - new Set(keys).size;
			}
			r.habits = { items, errorExecutions: errors, repeatedKeys };
			v.log(`habits: ${JSON.stringify(r.habits)}`);
			if (quiet) throw quiet;
			const none = { abandonedCart: 0, applicationCharge: 0, variant: 0, page: 0, voucher: 0 };
			assert.deepStrictEqual(r.habits, {
				items: { abandonedCart: 2, applicationCharge: 2, variant: 3, page: 6, voucher: 3 },
				errorExecutions: none,
				repeatedKeys: none,
			});
		},
		timeout,
	);
}

module.exports = { runHabits };

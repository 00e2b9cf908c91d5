'use strict';
/**
 * What the poll leg (poll.test.js, pollDurable.js, pollQueue.js) does to the sandbox shop and counts at the
 * collector:
 *   shop(sandbox)                the shop owner's changes: pages created / renamed / deleted, application charges
 *                                created / accepted / declined, all stamped with the shop's own clock
 *   pollWorkflow(cred, opts)     Store Platform Poll Trigger (Every Minute) -> one POST per execution to the
 *                                collector with every item's event, id, deliveryKey, status
 *   Ledger                       what the collector received, item by item: exactly-once checks per phase
 *   pollDone(sandbox, from, ...) waits until a poll of a resource happened after request index `from` and ended
 */
const assert = require('assert');
const crypto = require('crypto');
const { waitFor, sleep } = require('./setup');
const { collectorNode } = require('./workflows');

const POLL_TRIGGER = 'n8n-nodes-store-platform.storePlatformPollTrigger';
/** the list path each watched resource reads (variants: /services/variants/{product_id}) */
const LIST_PATH = {
	page: '/services/pages',
	applicationCharge: '/services/application_charges',
	abandonedCart: '/services/checkout',
	voucher: '/services/vouchers',
	variant: '/services/variants',
};

/** The shop owner's changes, stamped by the shop's clock (its zone, pinned or running). */
function shop(sandbox) {
	const pages = sandbox.store.pages;
	const charges = sandbox.store.applicationCharges;
	let n = 0;
	return {
		createPage(title = `E2E page ${++n}`) {
			const now = sandbox.shopTime.now();
			const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
			return pages.insert({
				id: pages.nextId(),
				title,
				handle: slug,
				url: slug,
				content: `<p>${title}</p>`,
				visibility: 1,
				created_at: now,
				updated_at: now,
				metadata: [],
			});
		},
		renamePage(id, title = `Renamed ${++n}`) {
			return sandbox.owner.change('page', id, { title });
		},
		deletePage(id) {
			assert.ok(pages.remove(id), `page ${id} to delete`);
		},
		createCharge(name = `E2E charge ${++n}`) {
			const now = sandbox.shopTime.now();
			const id = charges.nextId();
			return charges.insert({
				id,
				name,
				price: 1900,
				return_url: 'https://app.example.com/billing/return',
				status: 'pending',
				test: true,
				confirmation_url: `${sandbox.url}/services/application_charges/${id}/confirm`,
				activated_on: null,
				created_at: now,
				updated_at: now,
			});
		},
		decide(id, decision) {
			return sandbox.owner.decideCharge(id, decision);
		},
		pageIds: () => pages.rows.map((p) => Number(p.id)),
	};
}

/**
 * Store Platform Poll Trigger -> HTTP Request (once per execution) POSTing
 * `{ workflow, executionId, items: [{ event, id, deliveryKey, status, title }] }` to the collector (`id`: the
 * record's id, or its user_key or key where it has no id). `parameters`: more of the trigger's (productId, ...).
 */
function pollWorkflow(cred, { name, resource, events, collectorUrl, parameters = {} }) {
	const trigger = {
		id: crypto.randomUUID(),
		name: 'Store Platform Poll Trigger',
		type: POLL_TRIGGER,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource, events, ...parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } },
		credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
	};
	const body =
		'={{ JSON.stringify({ workflow: ' +
		JSON.stringify(name) +
		', executionId: $execution.id, items: $input.all().map((i) => ({ event: i.json.event, id: i.json.id || i.json.user_key || i.json.key, deliveryKey: i.json.deliveryKey, status: i.json.status, title: i.json.title })) }) }}';
	const post = { ...collectorNode(collectorUrl, body), executeOnce: true };
	return {
		name,
		nodes: [trigger, post],
		connections: { [trigger.name]: { main: [[{ node: post.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

const key = (event, id) => `${event} ${id}`;

/** The items the collector received for one workflow, with exactly-once checks. */
class Ledger {
	constructor(collector, workflow) {
		this.collector = collector;
		this.workflow = workflow;
	}
	/** every item received (optionally from collector index `from`), in order */
	items(from = 0) {
		const out = [];
		for (const r of this.collector.received.slice(from)) {
			const b = r.body;
			if (!b || b.workflow !== this.workflow || !Array.isArray(b.items)) continue;
			for (const it of b.items) out.push({ ...it, executionId: b.executionId });
		}
		return out;
	}
	/** collector posts (one per execution) since `from` */
	posts(from = 0) {
		return this.collector.received
			.slice(from)
			.filter((r) => r.body && r.body.workflow === this.workflow);
	}
	get mark() {
		return this.collector.received.length;
	}
	/** waits until at least `count` items arrived since `from` */
	async waitItems(from, count, what, timeoutMs = 90000) {
		await waitFor(() => this.items(from).length >= count, `${count} ${what}`, timeoutMs);
	}
	/**
	 * Asserts that the items since `from` are exactly `expected` ([event, id] pairs): each once, nothing else.
	 * Returns the items.
	 */
	assertExactly(from, expected, what) {
		const got = this.items(from);
		const counts = new Map();
		for (const it of got)
			counts.set(key(it.event, it.id), (counts.get(key(it.event, it.id)) || 0) + 1);
		const want = new Map(expected.map(([e, id]) => [key(e, id), 1]));
		const missing = [...want.keys()].filter((k) => !counts.has(k));
		const repeated = [...counts].filter(([, c]) => c > 1).map(([k, c]) => `${k} x${c}`);
		const extra = [...counts.keys()].filter((k) => !want.has(k));
		assert.deepStrictEqual(
			{ missing: missing.slice(0, 10), repeated: repeated.slice(0, 10), extra: extra.slice(0, 10) },
			{ missing: [], repeated: [], extra: [] },
			`${what}: ${got.length} items for ${expected.length} changes (${missing.length} missing, ${repeated.length} repeated, ${extra.length} unexpected)`,
		);
		assert.strictEqual(got.length, expected.length, `${what}: item count`);
		return got;
	}
	/** no deliveryKey twice in the whole run, and none missing */
	assertKeysUnique() {
		const all = this.items();
		const keys = all.map((i) => i.deliveryKey);
		assert.ok(
			keys.every((k) => typeof k === 'string' && k.length > 0),
			'every item has a deliveryKey',
		);
		assert.strictEqual(new Set(keys).size, keys.length, 'a deliveryKey arrived twice');
		return all.length;
	}
}

/** API requests the sandbox received for a resource's list/count since index `from`. */
function pollRequests(sandbox, resource, from = 0) {
	const p = LIST_PATH[resource];
	return sandbox.requests.slice(from).filter((q) => q.path === p || q.path.startsWith(`${p}/`));
}

/** Waits until n8n sent a request for `resource` after request index `from`. */
async function pollStarted(sandbox, resource, from, timeoutMs = 80000) {
	await waitFor(
		() => pollRequests(sandbox, resource, from).length > 0,
		`a poll of ${resource}`,
		timeoutMs,
	);
}

/**
 * Waits until n8n polled `resource` after request index `from` and every request of that poll was answered
 * (no new request for `quietMs`). Returns the poll's requests.
 */
async function pollDone(sandbox, resource, from, { timeoutMs = 80000, quietMs = 1500 } = {}) {
	await pollStarted(sandbox, resource, from, timeoutMs);
	let seen = -1;
	for (;;) {
		const reqs = pollRequests(sandbox, resource, from);
		if (reqs.length === seen && reqs.every((q) => q.status !== 0)) return reqs;
		seen = reqs.length;
		await sleep(quietMs);
	}
}

module.exports = {
	shop,
	pollWorkflow,
	Ledger,
	pollRequests,
	pollStarted,
	pollDone,
	POLL_TRIGGER,
	LIST_PATH,
};

'use strict';
/**
 * The measurements of the poll benchmark (bench/poll.js): the Store Platform Poll Trigger through n8n-core's
 * real poller (test/harness/poll.ts, via test/workflow/habitPoller.ts) against the sandbox shop in this process.
 * Requests are counted at the sandbox; static data = the JSON length of the node's static data after the poll.
 * Each function takes the loaded modules (`m`, see poll.js load()) and the sandbox, and returns plain figures.
 */
const { performance } = require('perf_hooks');

const ms = (t0) => Math.round(performance.now() - t0);
const bytes = (p) => JSON.stringify(p.poller.staticData()).length;

/** A poller of the trigger against the sandbox (events lines keyed by the plan's key), requests kept per tick. */
function watch(m, sb, parameters, opts = {}) {
	const plan = m.planFor(parameters.resource);
	return m.habitPoller(sb, parameters, { key: plan.key, ...opts });
}

/** One tick, timed: { requests, events, error, ms, bytes, stopped }. */
async function tick(p, opts = {}) {
	const t0 = performance.now();
	const t = await p.tick(opts);
	return {
		requests: t.requests,
		events: t.events,
		error: t.error ? String(t.error.message) : undefined,
		stopped: t.stopped,
		ms: ms(t0),
		bytes: bytes(p),
	};
}

/** Grows a sandbox table (node resource name) to exactly `n` records. */
function seedTo(m, sb, resource, n) {
	const table = m.tableFor(sb.store, resource);
	const missing = n - table.size;
	if (missing < 0) throw new Error(`${resource} has ${table.size} records, more than ${n}`);
	if (missing > 0) sb.seed(resource, missing);
	return table.size;
}

// ---------------------------------------------------------------------------------------------
// 1. every watchable resource on the sandbox's default seed

/** The scope of a list with a parent: a seeded product (variants), a theme (its assets). */
function scopeOf(sb, plan) {
	const values = {
		productId: String(sb.store.variants.rows[0]?.product_id ?? ''),
		themeId: String(sb.store.themes.rows[0]?.id ?? ''),
	};
	const scope = {};
	for (const param of plan.scope) {
		if (!values[param.name]) throw new Error(`no value for ${plan.table.resource}'s ${param.name}`);
		scope[param.name] = values[param.name];
	}
	return scope;
}

/** Records the list holds now. */
function recordsOf(m, sb, plan, scope) {
	if (plan.table.resource === 'themeAsset') return sb.store.assetsOf(scope.themeId).size;
	const rows = m.tableFor(sb.store, plan.table.resource).rows;
	if (plan.table.resource === 'variant')
		return rows.filter((r) => String(r.product_id) === scope.productId).length;
	return rows.length;
}

async function perResource(m, sb) {
	const rows = [];
	for (const plan of m.plans) {
		sb.reset();
		const scope = scopeOf(sb, plan);
		const records = recordsOf(m, sb, plan, scope);
		const p = watch(m, sb, { resource: plan.table.resource, events: plan.events, ...scope });
		const activation = await tick(p, { activation: true });
		const quiet = await tick(p);
		const where = Object.entries(scope).map(([k, v]) => `${k.replace(/Id$/, '')} ${v}`);
		rows.push({
			resource: plan.table.resource,
			name: `${plan.table.displayName}${where.length ? ` (${where.join(', ')})` : ''}`,
			strategy: plan.strategy,
			events: plan.events,
			records,
			activation: activation.requests,
			quiet: quiet.requests,
			stated: m.quietRequests(plan, plan.events, records),
			bytes: quiet.bytes,
			emitted: quiet.events.length,
			error: activation.error ?? quiet.error,
		});
	}
	return rows;
}

// ---------------------------------------------------------------------------------------------
// 2. pages at scale (created, updated, deleted)

const PAGE_EVENTS = ['created', 'updated', 'deleted'];

async function pagesAtScale(m, sb, { n, budgetMs, slowLatencyMs }) {
	sb.reset();
	seedTo(m, sb, 'page', n);
	const p = watch(m, sb, { resource: 'page', events: PAGE_EVENTS });
	const activation = await tick(p, { activation: true });
	const quiet = await tick(p);
	const rows = sb.store.pages.rows;
	const gone = [0, Math.floor(n / 2), n - 1].map((i) => String(rows[i].id));
	for (const id of gone) sb.owner.remove('page', id);
	const deletion = await tick(p);
	const want = gone.map((id) => `page/deleted ${id}`).sort();
	const afterDeletion = await tick(p);
	const backlog = [];
	for (const latencyMs of [sb.faults.latencyMs, slowLatencyMs])
		backlog.push(await pageBacklog(m, sb, { n, budgetMs, latencyMs }));
	return {
		n,
		activation,
		quiet,
		deletion: {
			...deletion,
			exact: JSON.stringify(deletion.events) === JSON.stringify(want),
			ids: gone,
		},
		afterDeletion,
		backlog,
	};
}

/** Waits (at most 2 s) until the shop's clock is past the second `stamp`. */
async function laterSecond(sb, stamp) {
	for (let i = 0; i < 40 && sb.shopTime.now() <= stamp; i++)
		await new Promise((resolve) => setTimeout(resolve, 50));
}

/** `n` pages, each updated once after the activation; polls at `budgetMs` until one emits nothing. */
async function pageBacklog(m, sb, { n, budgetMs, latencyMs }) {
	const before = sb.faults.latencyMs;
	sb.reset();
	sb.faults.latencyMs = latencyMs;
	try {
		seedTo(m, sb, 'page', n);
		const p = watch(m, sb, { resource: 'page', events: PAGE_EVENTS }, { budgetMs });
		const activation = await tick(p, { activation: true });
		const first = sb.shopTime.now();
		for (const r of sb.store.pages.rows)
			sb.owner.change('page', r.id, { title: `${String(r.title)} (edited)` });
		const last = sb.shopTime.now();
		const polls = [];
		for (let i = 0; i < 40; i++) {
			const t = await tick(p);
			polls.push(t);
			if (t.error || t.events.length === 0) break;
		}
		const draining = polls.filter((t) => t.events.length > 0);
		const quietAfter = polls[polls.length - 1];
		const items = p.all.length;
		const counts = new Map();
		for (const e of p.all) counts.set(e, (counts.get(e) ?? 0) + 1);
		const want = sb.store.pages.rows.map((r) => `page/updated ${String(r.id)}`);
		// a record changed in a later second moves the scan's floor past the burst (floorOf, scan.ts): a few later updates
		await laterSecond(sb, last);
		const later = sb.store.pages.rows.slice(0, m.OUTLIERS + 1);
		for (const r of later) sb.owner.change('page', r.id, { title: 'later' });
		const wantLater = later.map((r) => `page/updated ${String(r.id)}`);
		const from = p.all.length;
		const untilLater = [];
		for (let i = 0; i < 10; i++) {
			untilLater.push(await tick(p));
			if (wantLater.every((e) => p.all.includes(e, from))) break;
		}
		const settled = [await tick(p), await tick(p)];
		return {
			latencyMs,
			budgetMs,
			n,
			shopSeconds: [first, last],
			activation,
			polls: draining.length,
			requests: draining.reduce((s, t) => s + t.requests, 0),
			maxRequests: Math.max(0, ...draining.map((t) => t.requests)),
			maxMs: Math.max(0, ...draining.map((t) => t.ms)),
			maxBytes: Math.max(0, ...draining.map((t) => t.bytes)),
			items,
			once: want.filter((e) => counts.get(e) === 1).length,
			missing: want.filter((e) => !counts.has(e)).length,
			repeated: [...counts.values()].filter((c) => c > 1).length,
			other: [...counts.keys()].filter((e) => !e.startsWith('page/updated ')).length,
			keysUnique: new Set(p.keys).size === p.keys.length,
			errors: polls.filter((t) => t.error).map((t) => t.error),
			quietAfter,
			later: {
				n: later.length,
				polls: untilLater.length,
				requests: untilLater.reduce((sum, t) => sum + t.requests, 0),
				items: p.all.length - from,
				reported: wantLater.every((e) => p.all.includes(e, from)),
				settled,
			},
		};
	} finally {
		sb.faults.latencyMs = before;
	}
}

// ---------------------------------------------------------------------------------------------
// 3. known ids (vouchers: created, deleted)

/** A small deterministic generator (the same irregular ids on every run). */
function lcg(seed) {
	let s = seed;
	return () => {
		s = (s * 1103515245 + 12345) % 2147483648;
		return s / 2147483648;
	};
}

/** Layouts of voucher ids: `n` records in all (the 4 seeded vouchers, ids 1–4, among them). */
function knownIdLayouts(n) {
	return [
		{ name: `${n.consecutive.toLocaleString('en-US')} consecutive ids`, n: n.consecutive },
		{
			name: `${n.stepped.toLocaleString('en-US')} ids in steps of 3 (\`idStep: 3\`)`,
			n: n.stepped,
			habits: { idStep: 3 },
		},
		{
			name: `${n.stepped.toLocaleString('en-US')} ids in irregular steps of 1–3`,
			n: n.stepped,
			irregular: true,
		},
	];
}

async function knownIds(m, sb, sizes) {
	const out = [];
	for (const layout of knownIdLayouts(sizes)) {
		sb.reset();
		if (layout.habits) sb.habits(layout.habits);
		if (layout.irregular) {
			// one voucher at a time, each at a step of 1, 2 or 3 from the one before
			const next = lcg(7);
			while (sb.store.vouchers.size < layout.n) {
				sb.habits({ idStep: 1 + Math.floor(next() * 3) });
				sb.seed('voucher', 1);
			}
			sb.habits({ idStep: 1 });
		} else seedTo(m, sb, 'voucher', layout.n);
		const ids = sb.store.vouchers.rows.map((r) => Number(r.id));
		const p = watch(m, sb, { resource: 'voucher', events: ['created', 'deleted'] });
		const activation = await tick(p, { activation: true });
		const quiet = await tick(p);
		const oldest = String(ids[0]);
		sb.owner.remove('voucher', oldest);
		const deletion = await tick(p);
		const after = await tick(p);
		out.push({
			name: layout.name,
			records: ids.length,
			highest: ids[ids.length - 1],
			activation,
			quiet,
			oldest,
			deletion,
			found: deletion.events.includes(`voucher/deleted ${oldest}`),
			exact: deletion.events.length === 1,
			after,
		});
	}
	return out;
}

module.exports = { perResource, pagesAtScale, knownIds, watch, tick, seedTo };

'use strict';
/**
 * The poll benchmark on a misbehaving shop (sandbox habits: sandbox/habits.ts) and at the request ceiling
 * (MAX_POLL_REQUESTS, nodes/StorePlatform/poll/reads/reader.ts). Part of bench/poll.js; helpers from pollCases.js.
 */
const { watch, tick, seedTo } = require('./pollCases');

/** Polls after the activation; the real changes are made after the first of them. */
const POLLS = 5;
/** Where a poll of these lists is stopped (the shop answers 400 from then on): far above any bound. */
const CEILING = 2000;

/**
 * The cases: the habit, the records first seeded, and the owner's real changes (returned as "event key" lines:
 * what the trigger must emit, each once).
 */
function habitCases() {
	const pageChanges = (middle) => (sb) => {
		const added = sb.owner.add('page');
		sb.owner.change('page', 2, { title: 'Renamed' });
		sb.owner.remove('page', middle);
		return [`page/created ${String(added.id)}`, 'page/updated 2', `page/deleted ${middle}`];
	};
	const pages = { resource: 'page', events: ['created', 'updated', 'deleted'] };
	const vouchers = { resource: 'voucher', events: ['created', 'deleted'] };
	const voucherChanges = (sb) => {
		const added = sb.owner.add('voucher');
		sb.owner.remove('voucher', 3);
		return [`voucher/created ${String(added.id)}`, 'voucher/deleted 3'];
	};
	const counted = (name, parameters, path, change) =>
		[1, -1].map((offset) => ({
			name: `${name}: count ${offset > 0 ? '+1' : '−1'}`,
			parameters,
			habits: { countOffset: { [path]: offset } },
			change,
		}));
	return [
		{
			name: 'pages ignore since_id (default seed)',
			parameters: pages,
			habits: { ignoreSinceId: ['/services/pages'] },
			change: pageChanges(3),
		},
		{
			name: 'pages ignore since_id (600 pages)',
			parameters: pages,
			seed: ['page', 600],
			habits: { ignoreSinceId: ['/services/pages'] },
			change: pageChanges(300),
		},
		{
			name: 'theme scripts ignore page (default seed)',
			parameters: { resource: 'themeScript', events: ['created', 'updated'] },
			habits: { ignorePage: ['/services/theme_scripts'] },
			change: (sb) => {
				const added = sb.owner.add('themeScript');
				sb.owner.change('themeScript', 1, { src: 'https://cdn.test/changed.js' });
				return [`themeScript/created ${String(added.id)}`, 'themeScript/updated 1'];
			},
		},
		{
			name: 'promotions ignore page (600 promotions)',
			parameters: { resource: 'promotion', events: ['created', 'updated', 'deleted'] },
			seed: ['promotion', 600],
			habits: { ignorePage: ['/services/promotions'] },
			change: (sb) => {
				sb.owner.change('promotion', 2, { promotion_value: 4321 });
				sb.owner.remove('promotion', 300);
				return ['promotion/updated 2', 'promotion/deleted 300'];
			},
		},
		...counted('pages', pages, '/services/pages/count', pageChanges(3)),
		...counted('vouchers', vouchers, '/services/vouchers/count', voucherChanges),
		{
			name: 'application charges, flipping forms',
			parameters: { resource: 'applicationCharge', events: ['created', 'updated', 'deleted'] },
			habits: { flipForms: true },
			change: (sb) => {
				sb.owner.decideCharge(1, 'accept');
				const added = sb.owner.add('applicationCharge');
				return ['applicationCharge/updated 1', `applicationCharge/created ${String(added.id)}`];
			},
		},
	];
}

async function misbehaving(m, sb) {
	const out = [];
	for (const c of habitCases()) {
		sb.reset();
		if (c.seed) seedTo(m, sb, c.seed[0], c.seed[1]);
		sb.habits(c.habits);
		const p = watch(m, sb, c.parameters);
		const activation = await tick(p, { activation: true, ceiling: CEILING });
		const polls = [];
		let real = [];
		for (let i = 0; i < POLLS; i++) {
			if (i === 1) real = c.change(sb);
			polls.push(await tick(p, { ceiling: CEILING }));
		}
		const emitted = p.all;
		const wanted = new Set(real);
		const errors = [activation, ...polls].map((t) => t.error).filter(Boolean);
		out.push({
			name: c.name,
			activation: activation.requests,
			maxRequests: Math.max(...polls.map((t) => t.requests)),
			requests: polls.map((t) => t.requests),
			real: real.length,
			emitted: emitted.length,
			invented: emitted.filter((e) => !wanted.has(e)).length,
			repeated: emitted.filter((e, i) => emitted.indexOf(e) !== i).length,
			missed: real.filter((e) => !emitted.includes(e)),
			errors,
			stopped: [activation, ...polls].some((t) => t.stopped),
		});
	}
	return out;
}

/**
 * The largest list an activation reads within MAX_POLL_REQUESTS: vouchers (count + pages of 250 by since_id),
 * at the largest size that fits and one record more; and a whole fingerprinted list (promotions) at
 * MAX_SNAPSHOT and one more.
 */
async function ceiling(m, sb, { vouchers, promotions }) {
	const out = [];
	try {
		for (const [resource, events, sizes] of [
			['voucher', ['created', 'deleted'], vouchers],
			['promotion', ['created', 'updated', 'deleted'], promotions],
		]) {
			sb.reset();
			// the figures are requests, not times: no latency (1,000 requests at 20 ms would take 20 s)
			sb.faults.latencyMs = 0;
			for (const n of sizes) {
				seedTo(m, sb, resource, n);
				sb.requests.length = 0;
				const p = watch(m, sb, { resource, events });
				const t = await tick(p, { activation: true, ceiling: CEILING });
				out.push({ resource, records: n, ...t });
			}
		}
	} finally {
		// back to the start latency, the big tables dropped
		sb.reset();
	}
	return out;
}

module.exports = { misbehaving, ceiling, POLLS };

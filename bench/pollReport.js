'use strict';
/**
 * The tables of the poll benchmark (bench/poll.js) and its own section of RESULTS.md, written between the
 * BEGIN/END markers, leaving the others as they are.
 */
const { table, fmtNum } = require('./lib/util');
const { markedSection } = require('./lib/section');

const BEGIN = '<!-- poll:begin (written by bench/poll.js) -->';
const END = '<!-- poll:end -->';

const n = (x) => fmtNum(x);
const s = (msValue) => `${(msValue / 1000).toFixed(1)} s`;
const yes = (ok) => (ok ? 'yes' : 'NO');

function resourcesTable(rows) {
	const body = rows.map((r) => [
		r.name,
		r.strategy,
		r.events.join(', '),
		n(r.records),
		n(r.activation),
		n(r.quiet),
		`${n(r.stated)}${r.quiet === r.stated ? '' : ' ≠'}`,
		n(r.bytes),
	]);
	const odd = rows.filter((r) => r.error || r.emitted > 0);
	return [
		table(
			[
				'resource',
				'strategy',
				'events (default)',
				'records',
				'activation requests',
				'quiet poll requests',
				'`quietRequests()`',
				'static data (bytes)',
			],
			body,
		),
		'',
		`Quiet polls as stated by \`quietRequests()\`: ${rows.filter((r) => r.quiet === r.stated).length} of ${rows.length}.` +
			(odd.length
				? ` Unexpected: ${odd.map((r) => `${r.name} ${r.error ?? `${r.emitted} items`}`).join('; ')}.`
				: ' No activation or quiet poll emitted an item or failed.'),
	];
}

/** The shop seconds the updates of each backlog run were stamped in. */
const burst = (runs) =>
	runs
		.map((b) => {
			const secs = [...new Set(b.shopSeconds.map((t) => t.slice(11)))];
			return `${b.latencyMs} ms run in ${secs.length === 1 ? 'shop second' : 'shop seconds'} ${secs.join('–')}`;
		})
		.join('; ');

function pagesTables(p) {
	const row = (what, t, items) => [what, n(t.requests), `${n(t.ms)} ms`, n(t.bytes), items];
	const L = [
		table(
			['poll', 'requests', 'time', 'static data (bytes)', 'items'],
			[
				row(`activation (${n(p.n)} pages)`, p.activation, 'none'),
				row('quiet poll', p.quiet, p.quiet.events.length ? p.quiet.events.join(', ') : 'none'),
				row(
					`3 pages deleted (ids ${p.deletion.ids.join(', ')})`,
					p.deletion,
					`${p.deletion.events.length} deleted, exactly those: ${yes(p.deletion.exact)}`,
				),
				row(
					'the quiet poll after',
					p.afterDeletion,
					p.afterDeletion.events.length ? 'some' : 'none',
				),
			],
		),
		'',
		`Backlog: a fresh activation on ${n(p.n)} pages, then every page updated once by the owner (one burst: ${burst(p.backlog)}), polled with \`getPollBudgetMs()\` = ${n(p.backlog[0].budgetMs)} ms (the trigger reads for 75% of it) until a poll emits nothing; then ${p.backlog[0].later.n} pages updated in a later shop second (a record changed in a later second moves the scan's floor past the burst: floorOf, scan.ts). The sandbox at the bench latency and at a slower shop's:`,
		'',
		table(
			[
				'latency per request',
				'polls until drained',
				'requests (most in one poll)',
				'longest poll',
				'items',
				'each exactly once',
				'static data, most while draining (bytes)',
				'quiet poll after: requests, static data',
				`${p.backlog[0].later.n} later updates: polls until reported (requests, items)`,
				'the two quiet polls after them: requests, static data',
			],
			p.backlog.map((b) => [
				`${b.latencyMs} ms`,
				n(b.polls),
				`${n(b.requests)} (${n(b.maxRequests)})`,
				`${n(b.maxMs)} ms`,
				n(b.items),
				`${n(b.once)} of ${n(b.n)} (missing ${b.missing}, repeated ${b.repeated}, other ${b.other}${b.errors.length ? `, errors ${b.errors.length}` : ''})`,
				n(b.maxBytes),
				`${n(b.quietAfter.requests)}, ${n(b.quietAfter.bytes)} B`,
				`${b.later.reported ? n(b.later.polls) : `not within ${b.later.polls}`} (${n(b.later.requests)}, ${n(b.later.items)})`,
				b.later.settled
					.map(
						(t) =>
							`${n(t.requests)}, ${n(t.bytes)} B${t.events.length ? `, ${t.events.length} items` : ''}`,
					)
					.join('; '),
			]),
		),
	];
	return L;
}

function knownIdsTable(rows) {
	return [
		table(
			[
				'voucher ids',
				'records (highest id)',
				'activation requests',
				'static data (bytes)',
				'quiet poll requests',
				'oldest id deleted: reported',
				'requests of that poll',
			],
			rows.map((r) => [
				r.name,
				`${n(r.records)} (${n(r.highest)})`,
				n(r.activation.requests),
				n(r.activation.bytes),
				n(r.quiet.requests),
				`${r.found ? 'yes' : 'NO'} (id ${r.oldest}${r.exact ? '' : `; items: ${r.deletion.events.join(', ')}`})`,
				n(r.deletion.requests),
			]),
		),
	];
}

function habitsTable(rows, polls) {
	const errors = [...new Set(rows.flatMap((r) => r.errors.map((e) => `${r.name}: "${e}"`)))];
	return [
		table(
			[
				'shop habit',
				'activation requests',
				`requests per poll (${polls} polls)`,
				'most in one poll',
				'real changes',
				'items',
				'invented',
				'repeated',
				'missed',
				'errors',
			],
			rows.map((r) => [
				r.name,
				n(r.activation),
				r.requests.join(', '),
				n(r.maxRequests),
				n(r.real),
				n(r.emitted),
				n(r.invented),
				n(r.repeated),
				n(r.missed.length),
				`${r.errors.length}${r.stopped ? ' (stopped at the ceiling)' : ''}`,
			]),
		),
		'',
		errors.length
			? `Errors shown: ${errors.join('; ')}. Such a list is reported once per n8n process; the polls after it wait (no item, no error) until the shop answers the parameter again, so its changes meanwhile are not reported ("missed").`
			: 'No poll failed.',
	];
}

function ceilingTable(rows, out) {
	return [
		`\`MAX_POLL_REQUESTS\` (nodes/StorePlatform/poll/reads/reader.ts) = **${n(out.maxPollRequests)}** requests per poll, the activation included; \`MAX_SNAPSHOT\` (snapshot.ts) = ${n(out.maxSnapshot)} records of a list without filters. Activations measured at the largest size within each and one record more (sandbox latency 0 here: the figures are requests):`,
		'',
		table(
			['resource', 'records', 'activation requests', 'time', 'static data (bytes)', 'result'],
			rows.map((r) => [
				r.resource,
				n(r.records),
				n(r.requests),
				`${n(r.ms)} ms`,
				n(r.bytes),
				r.error ? `refused: "${r.error}"` : 'read whole',
			]),
		),
	];
}

function render(out, meta) {
	const L = [BEGIN, '## 7. Poll trigger (`--only=poll`)', ''];
	L.push(
		`Written by \`bench/poll.js\` (${meta.date}, commit ${meta.commit}, Node ${process.versions.node}, n8n-core ${meta.n8nCore ?? '?'}${out.quick ? ', QUICK run' : ''}). No n8n install: the Store Platform Poll Trigger runs in the bench process through n8n-core's real poller (\`test/harness/poll.ts\` via \`test/workflow/habitPoller.ts\`) against the sandbox shop, ${out.latencyMs} ms per request unless said otherwise. ` +
			"Requests are counted at the sandbox; static data = the JSON length of the node's static data after the poll. " +
			`${s(out.totalMs)} in all (compile ${s(out.compileMs)}; ${Object.entries(out.times)
				.map(([k, v]) => `${k} ${s(v)}`)
				.join(', ')}).`,
	);
	const sections = [
		[
			"### Every watchable resource (default events, the sandbox's default seed)",
			out.resources && resourcesTable(out.resources),
		],
		['### Pages at scale (created, updated, deleted)', out.pages && pagesTables(out.pages)],
		['### Known ids: vouchers (created, deleted)', out.knownIds && knownIdsTable(out.knownIds)],
		[
			'### A misbehaving shop (sandbox habits): activation, then 5 polls; the real changes made before the 2nd',
			out.habits && habitsTable(out.habits, out.habits[0]?.requests.length ?? 0),
		],
		['### The request ceiling', out.ceiling && ceilingTable(out.ceiling, out)],
	];
	for (const [title, body] of sections) {
		if (!body) continue;
		L.push('', title, '', ...body);
	}
	L.push(END);
	return L.join('\n');
}

const { spliceSection, existingSection, writeSection } = markedSection(BEGIN, END);

module.exports = { render, spliceSection, existingSection, writeSection };

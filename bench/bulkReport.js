'use strict';
/**
 * The report of the bulk items benchmark (bench/bulk.js): the summary of its runs and its own section
 * of RESULTS.md, written between the BEGIN/END markers, leaving the others as they are.
 */
const { summary, table, fmtMs, fmtMB, fmtNum } = require('./lib/util');
const { markedSection } = require('./lib/section');

const BEGIN = '<!-- bulk:begin (written by bench/bulk.js) -->';
const END = '<!-- bulk:end -->';

function summarise(out) {
	const pick = (label) => out.runs.filter((r) => r.label.startsWith(label));
	const time = (runs) => summary(runs.filter((r) => r.ok).map((r) => r.nodeMs));
	const row = (label) => {
		const runs = pick(label);
		return { runs, time: time(runs), ok: runs.length > 0 && runs.every((r) => r.ok) };
	};
	const s = {
		bounds: [4, 8, 16, 32].map((p) => ({
			p,
			...row(`a. ours update 1000, Requests in Parallel ${p}`),
		})),
		ours: row('b. ours update 1000 #'),
		http: row('b. http update 1000 #'),
		capped: row('c. ours update 1000, cap 4 #'),
		httpCapped: row('c. http update 1000, cap 4'),
		big: row(`d. ours update ${out.big}`),
		oursGet: row('e. ours get 1000'),
		httpGet: row('e. http get 1000'),
		oursList: row('e. ours variants'),
		httpList: row('e. http variants'),
	};
	s.ratio = s.ours.time.median / s.http.time.median;
	s.cappedRatio = s.capped.time.median / s.ours.time.median;
	s.bigRatio = s.big.time.median / s.ours.time.median;
	const exact = (runs, n) =>
		runs.length > 0 && runs.every((r) => r.ok && r.once === n && !r.twice && r.paired);
	s.oursExact = exact(s.ours.runs, 1000);
	s.cappedExact = exact(s.capped.runs, 1000);
	s.bigExact = exact(s.big.runs, out.big);
	return s;
}

const yes = (b) => (b ? '**met**' : '**NOT met**');
const med = (runs, f) => summary(runs.filter((r) => r.ok).map(f));
/** Counts of every run, failed ones included (a failed run still made its requests). */
const all = (runs, f) => summary(runs.map(f));
const fmtCount = (s) =>
	Number.isFinite(s.median)
		? s.min === s.max
			? fmtNum(s.median)
			: `${fmtNum(s.median)} (${fmtNum(s.min)}–${fmtNum(s.max)})`
		: '–';

function render(out, meta) {
	const s = summarise(out);
	const L = [];
	L.push(BEGIN);
	L.push('## 5. Bulk items: many input items through one node (`--only=bulk`)');
	L.push('');
	L.push(
		`Written by \`bench/bulk.js\` (${meta.date}, n8n ${meta.version}, commit ${meta.commit}${meta.quick ? ', QUICK run' : ''}). The sandbox answers each request in ${out.latencyMs} ms. ` +
			"Manual Trigger → Wait → Code node (the items) → the measured node, in `n8n execute`; time = the node's `executionTime`. " +
			'HTTP Request node 4.2 on its defaults, authentication by the predefined credential type `storePlatformApi` (the same credential): PUT/GET `/services/vendors/{{ $json.id }}`. ' +
			'"stored once": vendors with exactly one PUT answered 200 (no write sent twice); "paired": the output is one item per input, in input order, each `pairedItem` its input. ' +
			'"in flight": the most API requests the sandbox had open together; "connections": TCP connections it accepted.',
	);
	L.push('');
	const goal = [];
	goal.push([
		'1,000 updates: ours ≤ 1.0× the HTTP Request node',
		`${s.ratio.toFixed(2)}× (${fmtMs(s.ours.time)} vs ${fmtMs(s.http.time)})`,
		yes(s.ratio <= 1 && s.oursExact),
	]);
	goal.push([
		'store allowing 4 in flight: 1,000/1,000 stored exactly once, paired, ≤ 2× uncapped',
		`${s.cappedRatio.toFixed(2)}× (${fmtMs(s.capped.time)}), ${s.capped.runs.map((r) => `${r.once}/1000`).join(', ')} once, paired ${s.capped.runs.every((r) => r.paired) ? 'yes' : 'NO'}`,
		yes(s.cappedRatio <= 2 && s.cappedExact),
	]);
	L.push(table(['goal', 'result', ''], goal));
	L.push('');
	const floorMs = (1000 * out.latencyMs) / 4;
	L.push(
		`A store allowing 4 requests in flight at ${out.latencyMs} ms each answers at most ${fmtNum(4000 / out.latencyMs)} requests/s: 1,000 updates take at least ${fmtNum(floorMs)} ms there, ` +
			`${(floorMs / s.ours.time.median).toFixed(2)}× the uncapped median; ours took ${(s.capped.time.median / floorMs).toFixed(2)}× that floor (the items are read and checked before the first request, which the floor does not count).`,
	);
	L.push('');
	L.push(
		`### 1,000 vendor updates (${out.runs.filter((r) => r.label.startsWith('b. ours')).length} runs each, interleaved)`,
	);
	L.push('');
	const upd = (name, r, cap) => [
		name,
		cap ? 'yes' : '',
		r.runs.every((x) => x.ok)
			? fmtMs(r.time)
			: `FAILED (${r.runs.filter((x) => !x.ok).length}/${r.runs.length}): ${String(
					r.runs.find((x) => !x.ok)?.error ?? '',
				)
					.split('\n')[0]
					.slice(0, 90)}`,
		r.runs.map((x) => `${fmtNum(x.once ?? NaN)}/1,000`).join(', '),
		r.runs.map((x) => (x.paired ? 'yes' : 'no')).join(', '),
		fmtCount(all(r.runs, (x) => x.requests)),
		fmtCount(all(r.runs, (x) => x.capped)),
		fmtCount(all(r.runs, (x) => x.maxInFlight)),
		fmtCount(all(r.runs, (x) => x.connections)),
	];
	L.push(
		table(
			[
				'node',
				'store capped at 4',
				'time',
				'stored once',
				'paired',
				'requests',
				'refused (429)',
				'max in flight',
				'connections',
			],
			[
				upd('Store Platform', s.ours),
				upd('HTTP Request node', s.http),
				upd('Store Platform', s.capped, true),
				upd('HTTP Request node', s.httpCapped, true),
			],
		),
	);
	L.push('');
	L.push('The default bound (one run each, 1,000 updates):');
	L.push('');
	L.push(
		table(
			['Requests in Parallel', 'time', 'max in flight', 'stored once', 'paired'],
			s.bounds.map((b) => [
				String(b.p),
				fmtMs(b.time),
				fmtCount(med(b.runs, (x) => x.maxInFlight)),
				b.runs.map((x) => `${fmtNum(x.once ?? NaN)}/1,000`).join(', '),
				b.runs.map((x) => (x.paired ? 'yes' : 'no')).join(', '),
			]),
		),
	);
	L.push('');
	L.push(`### ${fmtNum(out.big)} updates vs 1,000 (Store Platform)`);
	L.push('');
	const mem = (r) => [
		fmtMB(med(r.runs, (x) => x.rssBefore).median),
		fmtMB(med(r.runs, (x) => x.nodePeakRss).median),
		fmtMB(med(r.runs, (x) => x.peakRss).median),
	];
	L.push(
		table(
			[
				'updates',
				'time',
				'per 1,000',
				'stored once',
				'paired',
				'RSS before node',
				'RSS peak during node',
				'process peak (VmHWM)',
			],
			[
				[
					'1,000',
					fmtMs(s.ours.time),
					fmtMs(s.ours.time),
					s.ours.runs.map((x) => `${fmtNum(x.once)}`).join(', '),
					s.ours.runs.every((x) => x.paired) ? 'yes' : 'no',
					...mem(s.ours),
				],
				[
					fmtNum(out.big),
					fmtMs(s.big.time),
					`${fmtNum(s.big.time.median / (out.big / 1000))} ms`,
					s.big.runs.map((x) => `${fmtNum(x.once)}`).join(', '),
					s.big.runs.every((x) => x.paired) ? 'yes' : 'no',
					...mem(s.big),
				],
				[
					'1,000, HTTP Request node (for comparison)',
					fmtMs(s.http.time),
					fmtMs(s.http.time),
					s.http.runs.map((x) => `${fmtNum(x.once)}`).join(', '),
					s.http.runs.every((x) => x.paired) ? 'yes' : 'no',
					...mem(s.http),
				],
			],
		),
	);
	L.push('');
	const growth = (r) => med(r.runs, (x) => x.nodePeakRss - x.rssBefore).median;
	L.push(
		`Time ${fmtNum(out.big)} / 1,000: ${s.bigRatio.toFixed(1)}× (linear: ${out.big / 1000}×). RSS growth while the node ran: ${fmtMB(growth(s.ours))} for 1,000, ${fmtMB(growth(s.big))} for ${fmtNum(out.big)} (${(growth(s.big) / growth(s.ours)).toFixed(1)}×). ` +
			"RSS is the whole `n8n execute` process (n8n itself ~400 MB): it includes the items, n8n's run data and the expression engine's memory; the process peak also includes printing the run's output as JSON.",
	);
	L.push('');
	L.push(
		"### Reads: 1,000 Gets and 100 Return All items (each a product's variants, 4 per product)",
	);
	L.push('');
	const rd = (name, a, b) => [
		name,
		fmtMs(a.time),
		fmtMs(b.time),
		(a.time.median / b.time.median).toFixed(2) + '×',
		fmtCount(med(a.runs, (x) => x.requests)),
		fmtCount(med(b.runs, (x) => x.requests)),
		fmtCount(med(a.runs, (x) => x.maxInFlight)),
		fmtCount(med(b.runs, (x) => x.maxInFlight)),
	];
	L.push(
		table(
			[
				'items',
				'Store Platform',
				'HTTP Request node',
				'ratio',
				'requests (ours)',
				'requests (HTTP)',
				'max in flight (ours)',
				'max in flight (HTTP)',
			],
			[
				rd('1,000 Gets', s.oursGet, s.httpGet),
				rd('100 Return All (variants)', s.oursList, s.httpList),
			],
		),
	);
	L.push('');
	L.push(END);
	return L.join('\n');
}

const { spliceSection, existingSection, writeSection } = markedSection(BEGIN, END);

module.exports = { summarise, render, spliceSection, existingSection, writeSection };

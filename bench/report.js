'use strict';
/** Renders the benchmark results as Markdown (printed, and written to bench/RESULTS.md). */
const { table, fmtNum, fmtSummary, fmtMs } = require('./lib/util');

const MB = 1048576;
const mb = (s) =>
	fmtSummary({ median: s.median / MB, min: s.min / MB, max: s.max / MB, n: s.n }, 0, ' MB');
const x = (v, digits = 2) => (Number.isFinite(v) ? `${v.toFixed(digits)}×` : '–');
const pass = (ok) => (ok === undefined ? 'n/a' : ok ? '**met**' : '**NOT met**');

function machineSection(meta) {
	return [
		'## Machine and versions',
		'',
		table(
			['', ''],
			[
				['date', meta.date],
				['CPU', `${meta.cpus} × ${meta.cpuModel} (nproc ${meta.nproc})`],
				['memory', `${fmtNum(meta.memMB)} MB`],
				['OS', meta.os],
				['bench driver + sandbox', `Node ${meta.driverNode}`],
				[
					'n8n',
					`${meta.n8nVersion} on Node ${meta.n8nNode}${meta.fallback ? ` (fallback: ${meta.fallback.join('; ')})` : ''}`,
				],
				[
					'package',
					`${meta.pkgName} ${meta.pkgVersion} (commit ${meta.commit}${meta.dirty ? ', uncommitted changes' : ''})`,
				],
				['sandbox latency', `${meta.latencyMs} ms per request (fixed)`],
				['machine speed check', meta.speed],
				[
					'whole run',
					`${fmtNum(meta.totalS)} s${meta.quick ? ' (--quick: 1 repetition, smaller sizes; figures indicative only)' : ''}`,
				],
			],
		),
		'',
		'CPU used beside the benchmark (machine busy time not accounted to the bench process and the n8n processes it started; on a shared machine this disturbs the figures):',
		'',
		table(
			[
				'part',
				'wall s',
				'bench CPU s',
				'other processes CPU s',
				'mean other cores busy',
				'steal s',
			],
			(meta.load || []).map((l) => [
				l.name,
				fmtNum(l.wallMs / 1000),
				fmtNum(l.mineMs / 1000),
				fmtNum(l.othersMs / 1000),
				(l.othersMs / l.wallMs).toFixed(2),
				fmtNum(l.stealMs / 1000, 1),
			]),
		),
	].join('\n');
}

function returnAllSection(ra) {
	const lines = [
		"## 1. Return All of 10,000 records: Store Platform node vs n8n's HTTP Request node",
		'',
	];
	lines.push(
		`Wall time of the node (runData \`executionTime\` of that node in \`n8n execute\`), median (min–max) of ${ra.cmp[0].oursRuns.length} runs, interleaved. ` +
			'HTTP Request node: "Update a Parameter in Each Request" page = `{{ $pageCount + 1 }}`, limit 250, complete when the list is empty, predefined credential type `storePlatformApi`.',
		'',
	);
	lines.push(
		table(
			[
				'resource (how ours reads)',
				'Store Platform',
				'requests',
				'HTTP Request node',
				'requests',
				'ratio (median)',
				'ratio per run (min–max)',
				'goal ≤ 0.5×',
			],
			ra.cmp.map((c) => [
				`${c.table} (${c.strategy})`,
				fmtMs(c.ours),
				fmtSummary(c.oursRequests),
				fmtMs(c.http),
				fmtSummary(c.httpRequests),
				x(c.ratio),
				fmtSummary(c.pairedRatio, 2, '×'),
				pass(c.oursOk && c.httpOk ? c.ratio <= 0.5 : undefined),
			]),
		),
	);
	lines.push('', '### Where the time goes (per run, medians)', '');
	const prof = [];
	for (const c of ra.cmp) {
		for (const [impl, runs] of [
			['Store Platform', c.oursRuns],
			['HTTP Request', c.httpRuns],
		]) {
			const ok = runs.filter((r) => r.ok);
			const middle = (f) => ok.map(f).sort((a, b) => a - b)[ok.length >> 1];
			const med = (f) => fmtNum(middle(f) ?? NaN);
			prof.push([
				`${c.table} / ${impl}`,
				med((r) => r.nodeMs),
				med((r) => r.spanMs),
				med((r) => r.idleMs),
				ok.length ? middle((r) => r.concurrency).toFixed(2) : '–',
				ok.length ? middle((r) => r.serverMs).toFixed(1) : '–',
				med((r) => r.nodeCpuMs),
				med((r) => r.otherCpuMs),
				med((r) => r.sandboxCpuMs),
			]);
		}
	}
	lines.push(
		table(
			[
				'run',
				'node ms',
				'first→last request ms',
				'no request in flight ms',
				'mean requests in flight',
				'sandbox ms/request beyond latency',
				'n8n CPU ms during node',
				'other n8n processes CPU ms',
				'sandbox CPU ms',
			],
			prof,
		),
	);
	if (ra.profiles?.ours?.analysis && ra.profiles?.http?.analysis) {
		lines.push(
			'',
			`CPU profile of one 10k vendors run each (\`--cpu-prof\`, 250 µs; self time within the node, ms; profiling slows both):`,
			'',
		);
		const names = [
			...new Set(
				[...ra.profiles.ours.analysis.buckets, ...ra.profiles.http.analysis.buckets].map(
					(b) => b.name,
				),
			),
		];
		const get = (a, n) => fmtNum(a.buckets.find((b) => b.name === n)?.ms ?? 0);
		lines.push(
			table(
				['bucket', 'Store Platform', 'HTTP Request'],
				[
					[
						'node window (ms)',
						fmtNum(ra.profiles.ours.analysis.windowMs),
						fmtNum(ra.profiles.http.analysis.windowMs),
					],
					...names.map((n) => [
						n,
						get(ra.profiles.ours.analysis, n),
						get(ra.profiles.http.analysis, n),
					]),
					...['getCredentials (n8n)', 'authenticate (credential signing)'].map((k) => [
						`inclusive: ${k}`,
						fmtNum(ra.profiles.ours.analysis.inclusiveMs[k] ?? 0),
						fmtNum(ra.profiles.http.analysis.inclusiveMs[k] ?? 0),
					]),
				],
			),
		);
	}
	return lines.join('\n');
}

function scalingSection(ra) {
	const lines = ['## 2. Return All scaling (Store Platform node)', ''];
	lines.push(
		'Time: node `executionTime`. Memory of the `n8n execute` process: RSS sampled every 20 ms (before the node → peak while it ran), and the process peak (VmHWM / GNU time max RSS, which includes printing the whole result as JSON).',
		'',
	);
	const rows = [];
	for (const s of ra.scale) {
		for (const r of s.rows) {
			if (!r.runs.length) continue;
			rows.push([
				`${s.table} (${s.strategy})`,
				fmtNum(r.n),
				`${fmtMs(r.time)}${r.ok ? '' : ' (FAILED)'}`,
				String(r.runs.length),
				fmtSummary(r.requests),
				`${mb(r.rssBefore)} → ${mb(r.nodePeakRss)}`,
				mb(r.peakRss),
				Number.isFinite(r.serverMs.median) ? r.serverMs.median.toFixed(1) : '–',
				fmtSummary(r.sandboxCpuMs),
				x(r.vs10k, 1),
			]);
		}
	}
	lines.push(
		table(
			[
				'resource',
				'records',
				'time',
				'runs',
				'requests',
				'RSS before → peak during node',
				'process peak (VmHWM)',
				'sandbox ms/request beyond latency',
				'sandbox CPU ms',
				'vs 10k',
			],
			rows,
		),
	);
	lines.push(
		'',
		table(
			['goal', 'vendors', 'promotions'],
			[
				[
					'100k ≤ 11× the 10k time',
					...ra.scale.map((s) => {
						const r = s.rows[2];
						return r.runs.length
							? `${x(r.vs10k, 1)} ${pass(r.ok ? r.vs10k <= 11 : undefined)}`
							: 'not run';
					}),
				],
			],
		),
	);
	return lines.join('\n');
}

function triggerSection(tr, out) {
	const lines = ['## 3. Trigger throughput', ''];
	lines.push(
		`${fmtNum(out.count)} signed \`order/create\` deliveries (form-encoded, HMAC like the sandbox), ${out.concurrency} concurrent over keep-alive connections, to a running \`n8n start\`; both workflows active (→ No Operation), executions saved (n8n defaults). ${tr.main.ours.runs} run(s) each, interleaved. Rate = deliveries / time until the last answer; "processed" also waits until the last execution is recorded.`,
		'',
	);
	const row = (label, r) => [
		label,
		fmtSummary(r.rate, 1, '/s'),
		fmtSummary(r.processedRate, 1, '/s'),
		fmtMs(r.p50),
		fmtMs(r.p99),
		`${fmtNum(r.executions)} / ${fmtNum(r.sent)}`,
		String(r.lost),
	];
	lines.push(
		table(
			[
				'workflow',
				'deliveries/s',
				'processed/s',
				'p50 latency',
				'p99 latency',
				'executions / sent',
				'lost',
			],
			[row('Store Platform Trigger v2', tr.main.ours), row("n8n's Webhook node", tr.main.webhook)],
		),
	);
	lines.push(
		'',
		table(
			['goal', 'value', ''],
			[
				[
					'≥ 0.95× the Webhook node',
					`${x(tr.main.ratio)} (per run ${fmtSummary(tr.main.pairedRatio, 2, '×')})`,
					pass(tr.main.ratio >= 0.95),
				],
				['0 lost', String(tr.main.ours.lost), pass(tr.main.ours.lost === 0)],
			],
		),
	);
	if (tr.lazy) {
		const lz = tr.lazy;
		lines.push(
			'',
			`With \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\` (n8n 2.x takes an isolate only when an expression is evaluated; the trigger's typeVersion 2 evaluates none when a delivery arrives, typeVersion 1 makes n8n evaluate a \`binaryData\` expression for it), ${lz.ours.runs} run(s) each, interleaved, one \`n8n start\` with the three workflows:`,
			'',
			table(
				[
					'workflow',
					'deliveries/s',
					'processed/s',
					'p50 latency',
					'p99 latency',
					'executions / sent',
					'lost',
				],
				[
					row('Store Platform Trigger v2', lz.ours),
					row('Store Platform Trigger v1', lz.oursV1),
					row("n8n's Webhook node", lz.webhook),
				],
			),
			'',
			table(
				['goal', 'value', ''],
				[
					[
						'≥ 0.95× the Webhook node (trigger v2, lazy acquire)',
						`${x(lz.ratio)} (per run ${fmtSummary(lz.pairedRatio, 2, '×')})`,
						pass(lz.ratio >= 0.95),
					],
					['trigger v1, lazy acquire (for comparison)', x(lz.ratioV1), ''],
					[
						'0 lost',
						String(lz.ours.lost + lz.oursV1.lost),
						pass(lz.ours.lost + lz.oursV1.lost === 0),
					],
				],
			),
		);
	}
	if (tr.diagnostics.length) {
		lines.push(
			'',
			"Why: n8n 2.x evaluates expressions in isolates and takes one for the webhook phase of each request — except for its own Webhook node with static parameters (`webhookPhaseNeedsIsolate` in n8n's live-webhooks, `N8N_EXPRESSION_ENGINE_ALLOW_WEBHOOK_ISOLATE_SKIP`, on by default). Every other trigger node, n8n's own included, pays one isolate more per delivery, and an isolate costs more CPU than all the rest of a delivery. A community node cannot opt in. The diagnostics (medians of 2–3 runs each, interleaved) measure both nodes on equal terms:",
			'',
			table(
				['n8n', 'Store Platform Trigger', "n8n's Webhook node", 'ratio', 'lost (ours / webhook)'],
				tr.diagnostics.map((d) => [
					d.name,
					fmtSummary(d.ours.rate, 1, '/s'),
					fmtSummary(d.webhook.rate, 1, '/s'),
					x(d.ratio),
					`${d.ours.lost} / ${d.webhook.lost}`,
				]),
			),
		);
	}
	return lines.join('\n');
}

function startupSection(st) {
	const lines = ['## 4. n8n start-up time', ''];
	lines.push(
		'`n8n start` until "Editor is now accessible" on its output, and until `/healthz` answers 200 (polled every 25 ms). Fresh user folders, no workflows; the first start creates the database.',
		'',
	);
	lines.push(
		table(
			[
				'',
				'first start (creates the DB): ready line / healthz',
				'later starts: ready line',
				'later starts: healthz',
			],
			st.rows.map((r) => [
				r.withPackage ? 'with the package' : 'without the package',
				`${fmtNum(r.cold.readyLineMs)} / ${fmtNum(r.cold.healthzMs)} ms`,
				fmtMs(r.readyLine),
				fmtMs(r.healthz),
			]),
		),
		'',
		`Difference with the package (median of later starts, ready line): ${fmtNum(st.deltaMs)} ms. ` +
			`Loading the package (\`require\` + construct its 2 node and 2 credential classes in a fresh Node, n8n-workflow already loaded): ${fmtSummary(st.loadMs, 0, ' ms')}. ` +
			`Package nodes listed by the running n8n (/types/nodes.json): ${st.listed === undefined ? 'not checked' : st.listed ? 'yes' : '**no**'}.`,
	);
	return lines.join('\n');
}

function goalsSection(g) {
	return [
		'## Goals',
		'',
		table(
			['goal', 'result', ''],
			g.map((r) => [r.goal, r.value, pass(r.ok)]),
		),
	].join('\n');
}

function render(meta, parts) {
	const out = [
		'# Benchmarks (latest run)',
		'',
		'Written by `npm run bench` (bench/run.js). Analysis and proposals: bench/ANALYSIS.md. Medians with (min–max).',
		'',
		machineSection(meta),
	];
	if (parts.goals) out.push('', goalsSection(parts.goals));
	if (parts.returnAll)
		out.push('', returnAllSection(parts.returnAll), '', scalingSection(parts.returnAll));
	if (parts.trigger) out.push('', triggerSection(parts.trigger.summary, parts.trigger.raw));
	if (parts.startup) out.push('', startupSection(parts.startup));
	if (parts.errors?.length) out.push('', '## Errors', '', ...parts.errors.map((e) => `- ${e}`));
	return `${out.join('\n')}\n`;
}

module.exports = { render };

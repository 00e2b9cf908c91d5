#!/usr/bin/env node
'use strict';
/**
 * End-to-end leg of the input rules (README "Input rules") in REAL n8n: the packed package in one
 * `n8n execute` of a workflow whose Store Platform nodes take values from expressions over an item
 * (Edit Fields, raw JSON), each with "On Error: Continue". It proves that n8n delivers what the unit and
 * workflow tests assume:
 *   - rows from an expression in Metadata (JSON) reach the shop as given;
 *   - an expression for the whole Metadata fixed collection is dropped by n8n -> refused with the hint;
 *   - an expression for its row list is split by n8n into empty rows -> refused, nothing written;
 *   - an object to a text field, a list to an ID filter, hex to a number, +99:99 to a date, javascript:
 *     to a URL -> refused naming the field, no request;
 *   - a Luxon DateTime and {{ $now }} -> sent as the workflow time zone's wall clock.
 *
 *   node test/e2e/inputRules.js [2.40.7] [--tgz=<packed package>]
 * Part of `npm run test:e2e` (run.js runs it for each version, as a child process).
 *
 * Needs n8n in the cache (scripts/n8n/install.js); compiles the sandbox (tsc) and packs the package.
 */
const assert = require('assert');
const crypto = require('crypto');
const path = require('path');
const { spawnSync } = require('child_process');

const { N8nInstance, packProject, PROJECT_DIR } = require('../../scripts/n8n/instance');
const { isInstalled } = require('../../scripts/n8n/install');

const VERSION = process.argv.slice(2).find((a) => /^\d+\.\d+\.\d+$/.test(a)) || '2.40.7';
const TZ = 'Europe/Warsaw';
const NODE = 'n8n-nodes-store-platform.storePlatform';

const DATA = {
	metadata: [
		{ meta_title: 'E2E title', meta_description: 'From an expression', meta_keywords: 'e2e, rows' },
		{ meta_title: 'Second row' },
	],
	obj: { id: 5 },
	list: [1, 2],
	hex: '0x10',
	offset: '2026-05-01T10:00:00+99:99',
	js: 'javascript:alert(1)',
};

const locator = (value) => ({ __rl: true, mode: 'id', value });

/** [node name, parameters, expected: { refused: /message/ } | { sent: true }] */
const STEPS = [
	['Rows JSON from expression', { resource: 'vendor', operation: 'update', vendorId: locator('1'), updateFields: { metadataJson: '={{ $json.metadata }}' } }, { sent: true }],
	['Rows field by one expression', { resource: 'vendor', operation: 'update', vendorId: locator('1'), updateFields: { metadata: '={{ $json.metadata }}' } }, { refused: /'Metadata' has no rows.*use 'Metadata \(JSON\)'/ }],
	['Row list by one expression', { resource: 'vendor', operation: 'update', vendorId: locator('1'), updateFields: { metadata: { meta: '={{ $json.metadata }}' } } }, { refused: /'Metadata' row 1 is empty/ }],
	['Object to Title', { resource: 'vendor', operation: 'update', vendorId: locator('1'), updateFields: { title: '={{ $json.obj }}' } }, { refused: /'Title' must be text, not an object/ }],
	['List to Since ID', { resource: 'vendor', operation: 'getAll', returnAll: false, limit: 5, filters: { sinceId: '={{ $json.list }}' }, options: {} }, { refused: /'Since ID' must be an ID \(a whole number or text\), not a list/ }],
	['Hex to Price', { resource: 'variant', operation: 'update', productId: '1', variantId: locator('1'), updateFields: { price: '={{ $json.hex }}' } }, { refused: /'Price' must be a decimal number such as 12 or 12\.5, not "0x10"/ }],
	['Offset +99:99', { resource: 'promotion', operation: 'update', promotionId: locator('1'), updateFields: { startAt: '={{ $json.offset }}' } }, { refused: /'Start At' has an impossible UTC offset \+99:99/ }],
	['javascript: URL', { resource: 'webhook', operation: 'create', section: 'order/create', siteUrl: '={{ $json.js }}' }, { refused: /'Target URL' must be an http:\/\/ or https:\/\/ URL/ }],
	['Luxon dates', { resource: 'promotion', operation: 'update', promotionId: locator('2'), updateFields: { startAt: "={{ DateTime.fromISO('2026-07-01T10:00:00Z') }}", finishAt: '={{ $now }}' } }, { sent: true }],
];

function workflow(cred) {
	const node = (name, type, typeVersion, parameters, position, extra = {}) => ({ id: crypto.randomUUID(), name, type, typeVersion, position, parameters, ...extra });
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, [0, 0]),
		node('Data', 'n8n-nodes-base.set', 3.4, { mode: 'raw', jsonOutput: JSON.stringify(DATA), options: {} }, [220, 0]),
		...STEPS.map(([name, parameters], i) =>
			node(name, NODE, 1, parameters, [460, 160 * i], {
				onError: 'continueRegularOutput',
				credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
			}),
		),
	];
	const to = (names) => ({ main: [names.map((n) => ({ node: n, type: 'main', index: 0 }))] });
	return {
		name: 'E2E: input rules',
		nodes,
		connections: { Start: to(['Data']), Data: to(STEPS.map(([name]) => name)) },
		settings: { executionOrder: 'v1', timezone: TZ },
	};
}

/** The wall clock of an instant in a time zone, as the spec writes it. */
function wall(date, timeZone) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
			.formatToParts(date)
			.map((p) => [p.type, p.value]),
	);
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

let passed = 0;
let failed = 0;
async function check(name, fn) {
	const t = Date.now();
	try {
		await fn();
		passed++;
		console.log(`  ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)}s)`);
	} catch (error) {
		failed++;
		console.log(`  FAIL ${name}: ${error.message}`);
	}
}

async function main() {
	console.log(`# input rules in real n8n ${VERSION}`);
	if (!isInstalled(VERSION)) throw new Error(`n8n ${VERSION} is not in the cache: node scripts/n8n/install.js ${VERSION}`);
	// --tgz=<packed package>: run by test/e2e/run.js, which has compiled the sandbox and packed already
	let tgz = (process.argv.find((a) => a.startsWith('--tgz=')) || '').slice(6);
	if (!tgz) {
		const tsc = spawnSync(path.join(PROJECT_DIR, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.dev.json'], { cwd: PROJECT_DIR, encoding: 'utf8' });
		if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
		tgz = packProject();
	}
	const { startSandbox } = require(path.join(PROJECT_DIR, 'build', 'test', 'sandbox', 'index.js'));
	const sandbox = await startSandbox({ port: 0 });
	const n8n = await N8nInstance.create({ version: VERSION });
	try {
		await n8n.installPackage(tgz);
		const cred = { id: crypto.randomBytes(8).toString('hex'), name: 'Store Platform sandbox (tokens)' };
		await n8n.importCredentials([{ ...cred, type: 'storePlatformApi', data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials } }]);
		const id = await n8n.importWorkflow(workflow(cred));
		const started = new Date();
		const res = await n8n.execute(id, { timeoutMs: 240000 });
		const ended = new Date();
		assert.ok(res.result, `no run JSON (exit ${res.code})\n${res.stdout.slice(-2000)}\n${res.stderr.slice(-2000)}`);
		const requests = sandbox.requests.filter((r) => r.path.startsWith('/services/'));

		for (const [name, , want] of STEPS) {
			await check(`${name}: ${want.sent ? 'sent' : 'refused before any request, naming the field'}`, async () => {
				const out = N8nInstance.nodeOutput(res.result, name);
				assert.ok(out, `${name} did not run`);
				assert.strictEqual(out.length, 1, `${out.length} output items`);
				const json = out[0].json;
				if (want.refused) {
					assert.match(String(json.error), want.refused);
					assert.match(String(json.description), /^Field: /);
				} else {
					assert.strictEqual(json.error, undefined, String(json.error));
				}
			});
		}
		await check('the shop received exactly the two accepted requests, as given', async () => {
			assert.deepStrictEqual(requests.map((r) => `${r.method} ${r.path}`).sort(), ['PUT /services/promotions/2', 'PUT /services/vendors/1']);
			const vendor = requests.find((r) => r.path === '/services/vendors/1').body.vendor;
			assert.deepStrictEqual(vendor, { metadata: DATA.metadata });
			const promotion = requests.find((r) => r.path === '/services/promotions/2').body.promotion;
			assert.strictEqual(promotion.start_at, '2026-07-01 12:00:00', `Luxon 2026-07-01T10:00:00Z in ${TZ}`);
			const [from, to] = [wall(new Date(started.getTime() - 120000), TZ), wall(new Date(ended.getTime() + 1000), TZ)];
			assert.ok(promotion.finish_at >= from && promotion.finish_at <= to, `{{ $now }} sent as ${promotion.finish_at}, not within ${from} .. ${to}`);
		});
	} finally {
		await n8n.stop();
		if (failed) console.log(`  (n8n folder kept: ${n8n.folder})`);
		else n8n.cleanup();
		await sandbox.close();
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
	console.error(`FAIL ${error.stack || error}`);
	process.exitCode = 1;
});

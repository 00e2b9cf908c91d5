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
 *   - Metadata (JSON) takes a list of rows, one row, the editor shape or JSON text; malformed rows, both
 *     Metadata fields at once, and Progressive Steps (JSON) with hex or misspelled cells are refused;
 *   - objects and lists to text, ID and URL fields are refused, never stringified;
 *   - a Luxon DateTime, a JS Date and {{ $now }} -> sent as the workflow time zone's wall clock.
 * (Moved here from test/workflow/rowsByExpression.test.ts, which ran the same cases in n8n-core's engine.)
 *
 * Leg "inputRules" of `npm run test:e2e` (one version: STORE_PLATFORM_E2E_VERSIONS=2.41.1 node --test test/e2e/inputRules.test.js).
 */
const assert = require('assert');
const crypto = require('crypto');
const { leg, N8nInstance } = require('./setup');

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
	row: { meta_title: 'One row' },
	editorRows: { meta: [{ meta_title: 'Editor shape' }] },
	rowsText: JSON.stringify([{ meta_title: 'From text' }]),
	unknownKey: [{ metaTitle: 'x' }],
	objectCell: [{ meta_title: { a: 1 } }],
	notJson: 'not json',
	noRows: [],
	number: 42,
	emptyRow: [{ meta_title: '' }],
	steps: [
		{ treshold: '100', discount: ' 5.5 ' },
		{ treshold: 200, discount: 10 },
	],
	hexStep: [{ treshold: '0x10', discount: 1 }],
	misspelledStep: [{ threshold: 1, discount: 1 }],
};

const locator = (value) => ({ __rl: true, mode: 'id', value });

const vendorRows = (key) => ({
	resource: 'vendor',
	operation: 'update',
	vendorId: locator('1'),
	updateFields: { metadataJson: `={{ $json.${key} }}` },
});
const voucherSteps = (key) => ({
	resource: 'voucher',
	operation: 'update',
	voucherId: locator('1'),
	updateFields: { progressiveStepsJson: `={{ $json.${key} }}` },
});

/** [node name, parameters, expected: { refused: /message/ } | { sent: true }] */
const STEPS = [
	[
		'Rows JSON from expression',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: { metadataJson: '={{ $json.metadata }}' },
		},
		{ sent: true },
	],
	[
		'Rows field by one expression',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: { metadata: '={{ $json.metadata }}' },
		},
		{ refused: /'Metadata' has no rows.*use 'Metadata \(JSON\)'/ },
	],
	[
		'Row list by one expression',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: { metadata: { meta: '={{ $json.metadata }}' } },
		},
		{ refused: /'Metadata' row 1 is empty/ },
	],
	[
		'Object to Title',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: { title: '={{ $json.obj }}' },
		},
		{ refused: /'Title' must be text, not an object/ },
	],
	[
		'List to Since ID',
		{
			resource: 'vendor',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: { sinceId: '={{ $json.list }}' },
			options: {},
		},
		{ refused: /'Since ID' must be an ID \(a whole number or text\), not a list/ },
	],
	[
		'Hex to Price',
		{
			resource: 'variant',
			operation: 'update',
			productId: '1',
			variantId: locator('1'),
			updateFields: { price: '={{ $json.hex }}' },
		},
		{ refused: /'Price' must be a decimal number such as 12 or 12\.5, not "0x10"/ },
	],
	[
		'Offset +99:99',
		{
			resource: 'promotion',
			operation: 'update',
			promotionId: locator('1'),
			updateFields: { startAt: '={{ $json.offset }}' },
		},
		{ refused: /'Start At' has an impossible UTC offset \+99:99/ },
	],
	[
		'javascript: URL',
		{
			resource: 'webhook',
			operation: 'create',
			section: 'order/create',
			siteUrl: '={{ $json.js }}',
		},
		{ refused: /'Target URL' must be an http:\/\/ or https:\/\/ URL/ },
	],
	[
		'Luxon dates',
		{
			resource: 'promotion',
			operation: 'update',
			promotionId: locator('2'),
			updateFields: {
				startAt: "={{ DateTime.fromISO('2026-07-01T10:00:00Z') }}",
				finishAt: '={{ $now }}',
			},
		},
		{ sent: true },
	],
	// Metadata (JSON) takes a list of rows (above), one row, the editor shape or JSON text; malformed rows are refused
	['Rows JSON one row', vendorRows('row'), { sent: true }],
	['Rows JSON editor shape', vendorRows('editorRows'), { sent: true }],
	['Rows JSON as text', vendorRows('rowsText'), { sent: true }],
	[
		'Rows JSON unknown key',
		vendorRows('unknownKey'),
		{ refused: /row 1 has an unknown key 'metaTitle'/ },
	],
	[
		'Rows JSON object cell',
		vendorRows('objectCell'),
		{ refused: /'Metadata \(JSON\)' row 1: 'Meta Title' must be text, not an object/ },
	],
	[
		'Rows JSON not JSON',
		vendorRows('notJson'),
		{ refused: /'Metadata \(JSON\)' is not valid JSON/ },
	],
	['Rows JSON no rows', vendorRows('noRows'), { refused: /'Metadata \(JSON\)' has no rows/ }],
	['Rows JSON a number', vendorRows('number'), { refused: /'Metadata \(JSON\)' must be rows/ }],
	[
		'Rows JSON empty row',
		vendorRows('emptyRow'),
		{ refused: /'Metadata \(JSON\)' row 1 is empty/ },
	],
	[
		'Both Metadata fields',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: {
				metadata: { meta: [{ meta_title: 'x' }] },
				metadataJson: '={{ $json.metadata }}',
			},
		},
		{ refused: /^Give either 'Metadata' or 'Metadata \(JSON\)', not both/ },
	],
	// Progressive Steps (JSON) from data: text numbers are decimal only; the API's spelling 'treshold'
	['Steps JSON from data', voucherSteps('steps'), { sent: true }],
	[
		'Steps JSON hex',
		voucherSteps('hexStep'),
		{ refused: /'Threshold' must be a decimal number such as 12 or 12\.5, not "0x10"/ },
	],
	[
		'Steps JSON misspelled',
		voucherSteps('misspelledStep'),
		{ refused: /unknown key 'threshold' \(the API spells it 'treshold'\)/ },
	],
	// a JS Date, and lists and objects to text, ID and URL fields (never stringified)
	[
		'JS Date',
		{
			resource: 'promotion',
			operation: 'update',
			promotionId: locator('1'),
			updateFields: { startAt: "={{ new Date('2026-12-01T10:00:00.000Z') }}" },
		},
		{ sent: true },
	],
	[
		'List to Title',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: locator('1'),
			updateFields: { title: '={{ $json.list }}' },
		},
		{ refused: /'Title' must be text, not a list/ },
	],
	[
		'Object to Since ID',
		{
			resource: 'vendor',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: { sinceId: '={{ $json.obj }}' },
			options: {},
		},
		{ refused: /'Since ID' must be an ID \(a whole number or text\), not an object/ },
	],
	[
		'Object to Target URL',
		{
			resource: 'webhook',
			operation: 'create',
			section: 'order/create',
			siteUrl: '={{ $json.obj }}',
		},
		{ refused: /'Target URL' must be an http:\/\/ or https:\/\/ URL/ },
	],
	[
		'List to Target URL',
		{
			resource: 'webhook',
			operation: 'create',
			section: 'order/create',
			siteUrl: '={{ $json.list }}',
		},
		{ refused: /'Target URL' must be an http:\/\/ or https:\/\/ URL/ },
	],
];

function workflow(cred) {
	const node = (name, type, typeVersion, parameters, position, extra = {}) => ({
		id: crypto.randomUUID(),
		name,
		type,
		typeVersion,
		position,
		parameters,
		...extra,
	});
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, [0, 0]),
		node(
			'Data',
			'n8n-nodes-base.set',
			3.4,
			{ mode: 'raw', jsonOutput: JSON.stringify(DATA), options: {} },
			[220, 0],
		),
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
		new Intl.DateTimeFormat('en-CA', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(date)
			.map((p) => [p.type, p.value]),
	);
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

leg('inputRules', async (v) => {
	const { n8n, sandbox, ids } = await v.setUp({ workflows: (cred) => [workflow(cred)] });
	const [id] = ids;
	let started;
	let ended;
	const run = await v.check(
		'the input-rules workflow runs in one n8n execute (each node On Error: Continue)',
		async () => {
			started = new Date();
			const res = await n8n.execute(id, { timeoutMs: 240000 });
			ended = new Date();
			assert.ok(
				res.result,
				`no run JSON (exit ${res.code})\n${res.stdout.slice(-2000)}\n${res.stderr.slice(-2000)}`,
			);
			return res.result;
		},
		{ timeoutMs: 300000 },
	);
	if (!run.ok) return;
	const requests = sandbox.requests.filter((r) => r.path.startsWith('/services/'));

	for (const [name, , want] of STEPS) {
		await v.check(
			`${name}: ${want.sent ? 'sent' : 'refused before any request, naming the field'}`,
			async () => {
				const out = N8nInstance.nodeOutput(run.value, name);
				assert.ok(out, `${name} did not run`);
				assert.strictEqual(out.length, 1, `${out.length} output items`);
				const json = out[0].json;
				if (want.refused) {
					assert.match(String(json.error), want.refused);
					assert.match(String(json.description), /^Field: /);
				} else {
					assert.strictEqual(json.error, undefined, String(json.error));
				}
			},
		);
	}
	await v.check('the shop received exactly the accepted requests, as given', async () => {
		assert.deepStrictEqual(requests.map((r) => `${r.method} ${r.path}`).sort(), [
			'PUT /services/promotions/1',
			'PUT /services/promotions/2',
			'PUT /services/vendors/1',
			'PUT /services/vendors/1',
			'PUT /services/vendors/1',
			'PUT /services/vendors/1',
			'PUT /services/vouchers/1',
		]);
		const vendors = requests
			.filter((r) => r.path === '/services/vendors/1')
			.map((r) => JSON.stringify(r.body.vendor));
		const rows = [DATA.metadata, [DATA.row], DATA.editorRows.meta, JSON.parse(DATA.rowsText)];
		assert.deepStrictEqual(
			vendors.sort(),
			rows.map((metadata) => JSON.stringify({ metadata })).sort(),
		);
		const voucher = requests.find((r) => r.path === '/services/vouchers/1').body;
		assert.deepStrictEqual(voucher, {
			progressive_steps: [
				{ treshold: 100, discount: 5.5 },
				{ treshold: 200, discount: 10 },
			],
		});
		const jsDate = requests.find((r) => r.path === '/services/promotions/1').body.promotion;
		assert.deepStrictEqual(
			jsDate,
			{ start_at: '2026-12-01 11:00:00' },
			`JS Date 2026-12-01T10:00:00Z in ${TZ}`,
		);
		const promotion = requests.find((r) => r.path === '/services/promotions/2').body.promotion;
		assert.strictEqual(
			promotion.start_at,
			'2026-07-01 12:00:00',
			`Luxon 2026-07-01T10:00:00Z in ${TZ}`,
		);
		const [from, to] = [
			wall(new Date(started.getTime() - 120000), TZ),
			wall(new Date(ended.getTime() + 1000), TZ),
		];
		assert.ok(
			promotion.finish_at >= from && promotion.finish_at <= to,
			`{{ $now }} sent as ${promotion.finish_at}, not within ${from} .. ${to}`,
		);
	});
});

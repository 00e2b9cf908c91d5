'use strict';
/**
 * Leg "newcomer" (2.x): a walk of the editor as a no-code user without a public URL meets it (issue 35), in
 * headless Chromium, one screenshot per point into build/e2e/<version>/newcomer/ (the useful ones are copied to
 * docs/ by hand):
 *   a. the nodes panel: "Store Platform" opened, the names of its trigger entries
 *   b. the workflow menu … → Import (n8n 2.x words) and the Publish button
 *   c. the webhook trigger: its notice (reachable from the shop), its panel's help with the sandbox's fire command
 *   d. the webhook trigger's Events list: each event in words
 *   e. the poll trigger on Variant: Product ID with its placeholder and the visible hint on where to find one
 *   f. the poll trigger's Fetch Test Event with a product the sandbox lacks (42): the error and the hints above it
 *   g. the action node: Abandoned Cart → Get Many, Simplify off: the product_id of the cart's items (1 and 3)
 *   h. Voucher → Create of a new node: Amount Off empty and marked required, not 0
 * Each check waits on the text its point must show (throws when it does not appear).
 */
const fs = require('fs');
const path = require('path');
const { leg, openBrowser, PROJECT_DIR, NO_BROWSER } = require('./setup');
const { closeToasts } = require('./screenshots');

const NODE = 'n8n-nodes-store-platform.storePlatform';
const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';
const POLL_TRIGGER = 'n8n-nodes-store-platform.storePlatformPollTrigger';
const OUTPUT = '[data-test-id="output-panel"]';

let counter = 0;
const node = (name, type, parameters, position, extra = {}) => ({
	id: `walk-${Date.now()}-${++counter}`,
	name,
	type,
	typeVersion: 1,
	position,
	parameters,
	...extra,
});
const creds = (cred) => ({ storePlatformApi: { id: cred.id, name: cred.name } });
const workflow = (name, nodes, connections = {}) => ({
	name,
	nodes,
	connections,
	settings: { executionOrder: 'v1' },
});

function actionWorkflow(name, nodeName, parameters, cred) {
	const start = node(
		'When clicking ‘Execute workflow’',
		'n8n-nodes-base.manualTrigger',
		{},
		[0, 0],
	);
	const store = node(nodeName, NODE, parameters, [260, 0], {
		typeVersion: 3,
		credentials: creds(cred),
	});
	return workflow(name, [start, store], {
		[start.name]: { main: [[{ node: store.name, type: 'main', index: 0 }]] },
	});
}

async function openNode(page, n8n, workflowId, nodeName) {
	await page.goto(`${n8n.baseUrl}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
	await page.waitForTimeout(1000);
	const canvasNode = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await canvasNode.first().waitFor();
	await page.waitForTimeout(500);
	await canvasNode.first().dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await page.locator('[data-test-id="node-parameters"]').first().waitFor();
}

async function closeNdv(page) {
	await page.keyboard.press('Escape');
	await page
		.locator('[data-test-id="ndv"]')
		.waitFor({ state: 'hidden', timeout: 5000 })
		.catch(() => undefined);
}

leg(
	'newcomer',
	async (v) => {
		const { n8n, cred } = await v.setUp({ start: true });
		const b = await openBrowser(v, n8n);
		if (!b) return;
		const { page } = b;
		// leaving a workflow the editor marks as changed asks "leave the page?": yes (goto hangs otherwise)
		page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
		page.setDefaultNavigationTimeout(180000);
		const dir = path.join(PROJECT_DIR, 'build', 'e2e', v.version, 'newcomer');
		fs.mkdirSync(dir, { recursive: true });
		const shot = async (name, { keepToasts = false } = {}) => {
			if (!keepToasts) await closeToasts(page);
			await page.waitForTimeout(600);
			const file = path.join(dir, name);
			await page.screenshot({ path: file });
			v.log(`screenshot ${path.relative(PROJECT_DIR, file)}`);
		};
		const texts = (selector) => page.locator(selector).allInnerTexts();
		// STORE_PLATFORM_WALK_ONLY=c,f,h walks only those points (the others are reported as skipped)
		const only = (process.env.STORE_PLATFORM_WALK_ONLY || '').split(',').filter(Boolean);
		const check = v.check.bind(v);
		v.check = (name, fn, options) =>
			only.length && !only.includes(name[0])
				? check(`${name} (skipped: STORE_PLATFORM_WALK_ONLY)`, async () => undefined, options)
				: check(name, fn, options);

		const triggerId = await n8n.createWorkflowRest(
			workflow('Walk: order events', [
				node('Store Platform Trigger', TRIGGER, { events: ['order/create'] }, [0, 0], {
					typeVersion: 4,
					webhookId: `walk-${Date.now()}`,
					credentials: creds(cred),
				}),
			]),
		);

		const emptyId = await n8n.createWorkflowRest(workflow('Walk: a new workflow', []));
		await v.check(
			'a. a new workflow\'s nodes panel: "Store Platform" opened shows its triggers',
			async () => {
				await page.goto(`${n8n.baseUrl}/workflow/${emptyId}`, { waitUntil: 'domcontentloaded' });
				await page.waitForTimeout(1500);
				await page
					.locator(
						'[data-test-id="canvas-add-button"], [data-test-id="canvas-plus-button"], [data-test-id="node-creator-plus-button"]',
					)
					.first()
					.click();
				const search = page
					.locator(
						'[data-test-id="node-creator-search-bar"] input, [data-test-id="node-creator-search-bar"]',
					)
					.first();
				await search.waitFor();
				await page.waitForTimeout(800);
				const first = await texts('[data-test-id="node-creator-item-name"]');
				v.log(`first step panel: ${first.slice(0, 10).join(' | ')}`);
				await shot('a-nodes-panel-first-step.png');
				await search.fill('Store Platform');
				await page.waitForTimeout(1000);
				await shot('a-nodes-panel-search.png');
				await page
					.locator('[data-test-id="node-creator-item-name"]')
					.getByText('Store Platform', { exact: true })
					.first()
					.click();
				await page.waitForTimeout(1500);
				const names = await texts('[data-test-id="node-creator-item-name"]');
				v.log(`Store Platform entries: ${names.slice(0, 12).join(' | ')}`);
				await shot('a-nodes-panel-store-platform.png');
				await page
					.getByText(/On order created/i)
					.first()
					.waitFor({ timeout: 30000 });
				await page.keyboard.press('Escape');
				await page.keyboard.press('Escape');
			},
		);

		await v.check('b. the workflow menu: … → Import, and the Publish button', async () => {
			await page.goto(`${n8n.baseUrl}/workflow/${triggerId}`, { waitUntil: 'domcontentloaded' });
			await page.locator('[data-test-id="canvas-node"]').first().waitFor();
			await page.locator('[data-test-id="workflow-menu"]').first().click();
			const item = page.getByText(/^Import/).first();
			await item.waitFor({ timeout: 10000 });
			await item.hover();
			await page.waitForTimeout(800);
			v.log(
				`menu: ${(
					await texts(
						'[role="menuitem"], .el-dropdown-menu__item, [data-test-id^="workflow-menu-item"]',
					)
				)
					.map((t) => t.replace(/\s+/g, ' ').trim())
					.filter(Boolean)
					.join(' | ')}`,
			);
			await shot('b-workflow-menu-import.png');
			await page.keyboard.press('Escape');
		});

		await v.check(
			"c. the webhook trigger: notice (reachable from the shop) and its panel's help with the fire command",
			async () => {
				await openNode(page, n8n, triggerId, 'Store Platform Trigger');
				await page
					.getByText(/reachable from the shop/)
					.first()
					.waitFor();
				await page
					.getByText(/When will this node trigger my flow/)
					.first()
					.click();
				await page
					.getByText(/npm run sandbox -- fire order\/create/)
					.first()
					.waitFor();
				await shot('c-trigger-panel.png');
			},
		);

		await v.check('d. the webhook trigger: the Events list in words', async () => {
			const events = page.locator('[data-test-id="parameter-input-events"]').first();
			await events.click();
			await page
				.getByText(/An order was created/)
				.first()
				.waitFor({ timeout: 10000 });
			await shot('d-trigger-events.png');
			await page.keyboard.press('Escape');
			await closeNdv(page);
		});

		const pollId = await n8n.createWorkflowRest(
			workflow('Walk: variants', [
				node(
					'Store Platform Poll Trigger',
					POLL_TRIGGER,
					{ pollTimes: { item: [{ mode: 'everyMinute' }] }, resource: 'variant' },
					[0, 0],
					{ credentials: creds(cred) },
				),
			]),
		);
		await v.check(
			'e. the poll trigger on Variant: Product ID with a visible hint and e.g. 3',
			async () => {
				await openNode(page, n8n, pollId, 'Store Platform Poll Trigger');
				await page
					.getByText(/Abandoned Cart → Get Many/)
					.first()
					.waitFor();
				await page.locator('input[placeholder="e.g. 3"]').first().waitFor();
				await shot('e-poll-variant-product-id.png');
			},
		);

		await v.check(
			'f. Fetch Test Event with product 42 (not on the sandbox): the error',
			async () => {
				const input = page.locator('input[placeholder="e.g. 3"]').first();
				await input.fill('42');
				await page.keyboard.press('Tab');
				await page.locator('[data-test-id="node-execute-button"]').first().click();
				await page
					.getByText(/no product with Product ID 42/)
					.first()
					.waitFor({ timeout: 30000 });
				await shot('f-poll-unknown-product.png');
				await input.fill('3');
				await page.keyboard.press('Tab');
				await page.locator('[data-test-id="node-execute-button"]').first().click();
				await page
					.locator(OUTPUT)
					.getByText(/deliveryKey/)
					.first()
					.waitFor({ timeout: 30000 });
				await shot('f-poll-product-3.png');
				await closeNdv(page);
			},
		);

		const cartsId = await n8n.createWorkflowRest(
			actionWorkflow(
				'Walk: product ids from carts',
				'Get Many Abandoned Carts',
				{ resource: 'abandonedCart', operation: 'getAll', limit: 5, simplify: false },
				cred,
			),
		);
		await v.check(
			'g. Abandoned Cart → Get Many, Simplify off: the items hold product_id',
			async () => {
				await openNode(page, n8n, cartsId, 'Get Many Abandoned Carts');
				await page.locator('[data-test-id="node-execute-button"]').first().click();
				const json = page.locator(`${OUTPUT} [data-test-id="radio-button-json"]`).first();
				await json.waitFor({ timeout: 30000 });
				await json.click();
				await page.locator(OUTPUT).getByText('"product_id"').first().waitFor({ timeout: 30000 });
				await page.locator(OUTPUT).getByText('"product_id"').first().scrollIntoViewIfNeeded();
				await shot('g-carts-product-id.png');
				await closeNdv(page);
			},
		);

		const voucherId = await n8n.createWorkflowRest(
			actionWorkflow(
				'Walk: a new voucher',
				'Create Voucher',
				{ resource: 'voucher', operation: 'create' },
				cred,
			),
		);
		await v.check(
			'h. Voucher → Create of a new node: Amount Off empty and marked required; a 0 refused naming it',
			async () => {
				await openNode(page, n8n, voucherId, 'Create Voucher');
				await page.locator('input[placeholder="e.g. SUMMER10"]').first().fill('SUMMER10');
				await page.keyboard.press('Tab');
				await page.locator('[data-test-id="parameter-input-discountAmount"]').first().hover();
				await page.waitForTimeout(800);
				await shot('h-voucher-create-new.png');
				await page.locator('input[placeholder="e.g. 500"]').first().fill('0');
				await page.keyboard.press('Tab');
				await page.locator('[data-test-id="node-execute-button"]').first().click();
				await page
					.getByText(/'Amount Off' must be more than 0/)
					.first()
					.waitFor({ timeout: 30000 });
				await shot('h-voucher-create-zero.png');
				await closeNdv(page);
			},
		);
	},
	{ only2x: true, skip: NO_BROWSER, serial: true },
);

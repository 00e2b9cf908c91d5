'use strict';
/**
 * The newcomer leg's walk of the editor (issue 35; newcomer.test.js lists the points), points a to h: the nodes
 * panel, the workflow menu, the webhook trigger's panel and events, the poll trigger's Product ID, the action node's
 * carts and a new voucher. `walk` is the leg's page and helpers (newcomer.test.js); returns the webhook trigger's
 * workflow id (point j counts its executions).
 */
const {
	TRIGGER,
	POLL_TRIGGER,
	OUTPUT,
	node,
	creds,
	workflow,
	actionWorkflow,
	openNode,
	closeNdv,
} = require('./canvas');

async function walkPanels({ v, n8n, cred, page, shot, texts }) {
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

	const pollNode = (parameters) =>
		node(
			'Store Platform Poll Trigger',
			POLL_TRIGGER,
			{ pollTimes: { item: [{ mode: 'everyMinute' }] }, resource: 'variant', ...parameters },
			[0, 0],
			{ credentials: creds(cred) },
		);
	const pollId = await n8n.createWorkflowRest(workflow('Walk: variants', [pollNode({})]));
	await v.check(
		'e. the poll trigger on Variant: a Product ID From list in two clicks from the field, then Fetch Test Event',
		async () => {
			await openNode(page, n8n, pollId, 'Store Platform Poll Trigger');
			await page
				.getByText(/From list shows those in abandoned carts/)
				.first()
				.waitFor();
			await shot('e-poll-variant-product-id.png');
			// click 1: the field opens its list of products
			await page
				.locator('[data-test-id="parameter-input-productId"] [data-test-id="rlc-input"]')
				.first()
				.click();
			const item = page
				.locator('[data-test-id="rlc-item"]')
				.filter({ hasText: 'Leather belt (3)' })
				.first();
			await item.waitFor({ timeout: 30000 });
			const offered = await texts('[data-test-id="rlc-item"]');
			v.log(`Product ID From list: ${offered.join(' | ')}`);
			await shot('e-poll-product-list.png');
			// click 2: the product
			await item.click();
			await page.locator('[data-test-id="node-execute-button"]').first().click();
			await page
				.locator(OUTPUT)
				.getByText(/deliveryKey/)
				.first()
				.waitFor({ timeout: 30000 });
			await shot('e-poll-product-3.png');
			await closeNdv(page);
		},
	);

	const oldPollId = await n8n.createWorkflowRest(
		workflow('Walk: variants saved before the list', [pollNode({ productId: '42' })]),
	);
	await v.check(
		'f. a Product ID saved as text before the list (42, not on the sandbox): shown, and Fetch Test Event names it',
		async () => {
			await openNode(page, n8n, oldPollId, 'Store Platform Poll Trigger');
			const field = page.locator('[data-test-id="parameter-input-productId"]').first();
			await field.waitFor();
			await page.waitForTimeout(800);
			await shot('f-poll-product-id-saved-as-text.png');
			const mode = await field
				.locator('[data-test-id="rlc-mode-selector"] input')
				.first()
				.inputValue()
				.catch(() => '?');
			const shown = await field.locator('[data-test-id="rlc-input"]').first().inputValue();
			v.log(`a Product ID saved as text shows as: "${shown}" (mode "${mode}")`);
			if (!shown.includes('42')) throw new Error(`the saved 42 shows as "${shown}"`);
			await page.locator('[data-test-id="node-execute-button"]').first().click();
			await page
				.getByText(/no product with Product ID 42/)
				.first()
				.waitFor({ timeout: 30000 });
			await shot('f-poll-unknown-product.png');
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
	return triggerId;
}

module.exports = { walkPanels };

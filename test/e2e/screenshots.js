'use strict';
/**
 * The editor screenshots of docs/, as a no-code user meets the package in n8n 2.x: the nodes panel searched
 * for "Store Platform", a Create form, a Get Many with its output, the trigger node, two failed credential
 * tests (a wrong Shared Secret; n8n's own address as Shop Base URL, with its message) and an error. Takes a signed-in page (browser.js open()), the running n8n (REST helpers of
 * scripts/n8n/rest.js) and the sandbox; creates the workflows and the wrong credential it shows over REST.
 * Returns { file: bytes } of every PNG written.
 */
const fs = require('fs');
const path = require('path');

const NODE = 'n8n-nodes-store-platform.storePlatform';
const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';

let counter = 0;
const node = (name, type, parameters, position, extra = {}) => ({
	id: `shot-${Date.now()}-${++counter}`,
	name,
	type,
	typeVersion: extra.typeVersion || 1,
	position,
	parameters,
	...extra,
});

function oneNodeWorkflow(name, nodeName, parameters, cred, typeVersion = 2) {
	const start = node(
		'When clicking ‘Execute workflow’',
		'n8n-nodes-base.manualTrigger',
		{},
		[0, 0],
	);
	const store = node(nodeName, NODE, parameters, [260, 0], {
		typeVersion,
		credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
	});
	return {
		name,
		nodes: [start, store],
		connections: { [start.name]: { main: [[{ node: store.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function save(page, file) {
	await page.mouse.move(0, 0);
	await page.waitForTimeout(800);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	await page.screenshot({ path: file });
	return fs.statSync(file).size;
}

/** Opens a workflow's node panel (NDV); optionally runs the step and waits for `outcome`. */
async function openNode(page, n8n, workflowId, nodeName, { execute = false, outcome } = {}) {
	await page.goto(`${n8n.baseUrl}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
	const canvasNode = page
		.locator(
			`[data-test-id="canvas-node"][data-node-name="${nodeName}"], [data-test-id="canvas-node"]:has-text("${nodeName}")`,
		)
		.first();
	await canvasNode.waitFor();
	await page.waitForTimeout(500);
	await canvasNode.dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await page.waitForTimeout(500);
	if (!execute) return;
	try {
		await page.locator('[data-test-id="node-execute-button"]').first().click({ timeout: 10000 });
		await page.locator(outcome).first().waitFor({ timeout: 30000 });
	} catch {
		/* the screenshot shows what the panel shows */
	}
}

async function screenshotTour({ page, n8n, sandbox, cred, dir }) {
	const shots = {};
	const shot = async (name) => {
		const file = path.join(dir, name);
		shots[path.basename(file)] = await save(page, file);
	};

	// 1. Get Many with its output (typeVersion 2: Simplify on)
	const listId = await n8n.createWorkflowRest(
		oneNodeWorkflow(
			'Store Platform: vouchers',
			'Get Many Vouchers',
			{ resource: 'voucher', operation: 'getAll', limit: 5 },
			cred,
		),
	);
	await openNode(page, n8n, listId, 'Get Many Vouchers', {
		execute: true,
		outcome: '[data-test-id="ndv-output-panel"] table, [data-test-id="output-panel"] table',
	});
	await shot('editor-get-many.png');

	// 2. the nodes panel, searched as a user does (Tab opens it on an open workflow)
	await page.keyboard.press('Escape');
	await page.waitForTimeout(500);
	await page.keyboard.press('Tab');
	const search = page
		.locator(
			'[data-test-id="node-creator-search-bar"] input, [data-test-id="node-creator-search-bar"]',
		)
		.first();
	// 2.41.1 does not always take the Tab shortcut after the panel closed: the canvas's "+" button opens it too
	if (
		!(await search.waitFor({ timeout: 5000 }).then(
			() => true,
			() => false,
		))
	) {
		await page
			.locator('[data-test-id="node-creator-plus-button"], [data-test-id="canvas-plus-button"]')
			.first()
			.click();
		await search.waitFor();
	}
	await search.fill('Store Platform');
	await page.waitForTimeout(1500);
	await shot('editor-nodes-panel.png');
	await page.keyboard.press('Escape');

	// 3. a Create form: the voucher form of new nodes (typeVersion 3), each field shown where it applies
	const createId = await n8n.createWorkflowRest(
		oneNodeWorkflow(
			'Store Platform: new voucher',
			'Create Voucher',
			{
				resource: 'voucher',
				operation: 'create',
				code: 'SUMMER10',
				discountType: 2,
				discountPercent: 10,
				discountOn: 3,
				discountOnType: 4,
				discountSet: '1',
				additionalFields: { voucherMultipleUse: 1, discountMaximalValue: 2000 },
			},
			cred,
			3,
		),
	);
	await openNode(page, n8n, createId, 'Create Voucher');
	await shot('editor-create.png');

	// 4. an error: a vendor that does not exist
	const errorId = await n8n.createWorkflowRest(
		oneNodeWorkflow(
			'Store Platform: missing vendor',
			'Get Vendor',
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '424242' },
			},
			cred,
		),
	);
	await openNode(page, n8n, errorId, 'Get Vendor', {
		execute: true,
		outcome:
			'[data-test-id="node-error-message"], [data-test-id="node-error-description"], .error-message',
	});
	await shot('editor-error.png');

	// 5. the trigger node, with its options opened
	const trigger = node(
		'Store Platform Trigger',
		TRIGGER,
		{
			events: ['order/create', 'order/cancelled'],
			options: { registrationCheckMinutes: 5, normaliseNumbers: true, skipVerification: true },
		},
		[0, 0],
		{
			typeVersion: 2,
			webhookId: `shot-${Date.now()}`,
			credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
		},
	);
	const triggerId = await n8n.createWorkflowRest({
		name: 'Store Platform: orders',
		nodes: [trigger],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await openNode(page, n8n, triggerId, 'Store Platform Trigger');
	await shot('editor-trigger.png');
	await page.keyboard.press('Escape');

	// 6. a failed credential test: a wrong Shared Secret
	const wrong = await n8n.createCredentialRest({
		name: 'Store Platform (wrong secret)',
		type: 'storePlatformApi',
		data: { baseUrl: sandbox.url, ...sandbox.credentials, consumerSecret: 'not-the-secret' },
	});
	await page.goto(`${n8n.baseUrl}/home/credentials/${wrong.id}`, { waitUntil: 'domcontentloaded' });
	const modal = page.locator('[data-test-id="editCredential-modal"], .el-dialog').first();
	await modal.waitFor();
	try {
		await page
			.getByText(/refused these credentials/)
			.first()
			.waitFor({ timeout: 15000 });
	} catch {
		// the test runs on save in some versions
		await page
			.locator('[data-test-id="credential-save-button"]')
			.first()
			.click({ timeout: 5000 })
			.catch(() => undefined);
		await page
			.getByText(/refused these credentials/)
			.first()
			.waitFor({ timeout: 20000 })
			.catch(() => undefined);
	}
	await shot('editor-credential-test.png');
	await page.keyboard.press('Escape');

	// 7. a failed credential test: the Shop Base URL is n8n's own address (not a shop), with the message shown
	shots['editor-credential-test-address.png'] = await credentialTestAddressShot({
		page,
		n8n,
		sandbox,
		file: path.join(dir, 'editor-credential-test-address.png'),
	});
	return shots;
}

/**
 * A Store Platform API credential whose Shop Base URL is n8n's own address: its modal after n8n's test, with
 * "More details" opened so that the message shows. Returns the PNG's size.
 */
async function credentialTestAddressShot({ page, n8n, sandbox, file }) {
	const notShop = await n8n.createCredentialRest({
		name: "Store Platform (n8n's address)",
		type: 'storePlatformApi',
		data: { ...sandbox.credentials, baseUrl: n8n.baseUrl },
	});
	await page.goto(`${n8n.baseUrl}/home/credentials/${notShop.id}`, {
		waitUntil: 'domcontentloaded',
	});
	await page.locator('[data-test-id="editCredential-modal"], .el-dialog').first().waitFor();
	const failed = page.getByText(/Couldn.t connect with these settings/).first();
	if (
		!(await failed.waitFor({ timeout: 15000 }).then(
			() => true,
			() => false,
		))
	) {
		// the test runs on save in some versions
		await page
			.locator('[data-test-id="credential-save-button"]')
			.first()
			.click({ timeout: 5000 })
			.catch(() => undefined);
		await failed.waitFor({ timeout: 20000 }).catch(() => undefined);
	}
	await page
		.getByText(/More details/)
		.first()
		.click({ timeout: 5000 })
		.catch(() => undefined);
	await page
		.getByText(/did not answer as a Store Platform shop/)
		.first()
		.waitFor({ timeout: 10000 })
		.catch(() => undefined);
	return await save(page, file);
}

module.exports = { screenshotTour, credentialTestAddressShot };

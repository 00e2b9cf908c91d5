'use strict';
/**
 * The editor screenshots of docs/, as a no-code user meets the package in n8n 2.x: the nodes panel searched
 * for "Store Platform", a Create form, a Get Many with its output, an output with words beside codes, the
 * webhook trigger, the poll trigger after Fetch Test Event, two failed credential tests (a wrong Shared Secret;
 * n8n's own address as Shop Base URL, each with its message) and an error. Nodes are at the typeVersions a new
 * node gets (action 3, webhook trigger 4). Takes a signed-in page (browser.js open()), the running n8n (REST
 * helpers of scripts/n8n/rest.js) and the sandbox; creates the workflows and the wrong credentials it shows over
 * REST. Waits on what each shot must show (throws when it does not appear). Returns { file: bytes } of every PNG.
 */
const fs = require('fs');
const path = require('path');

const NODE = 'n8n-nodes-store-platform.storePlatform';
const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';
const POLL_TRIGGER = 'n8n-nodes-store-platform.storePlatformPollTrigger';
/** The typeVersions a node added in the editor gets (the nodes' defaultVersion). */
const NEW_ACTION = 3;
const NEW_TRIGGER = 4;

const OUTPUT = '[data-test-id="output-panel"]';
const OUTPUT_TABLE = '[data-test-id="ndv-output-panel"] table, [data-test-id="output-panel"] table';

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

function oneNodeWorkflow(name, nodeName, parameters, cred, typeVersion = NEW_ACTION) {
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

/** A workflow of one trigger node. */
function triggerWorkflow(name, trigger) {
	return { name, nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } };
}

/** Closes n8n's toasts ("Node executed successfully"): they cover the lower right of the output. */
async function closeToasts(page) {
	const close = page.locator('.el-notification .el-notification__closeBtn');
	for (let i = await close.count(); i > 0; i--) {
		await close
			.first()
			.click({ timeout: 2000 })
			.catch(() => undefined);
	}
	await page
		.locator('.el-notification')
		.first()
		.waitFor({ state: 'hidden', timeout: 5000 })
		.catch(() => undefined);
}

async function save(page, file) {
	await closeToasts(page);
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
	await page.locator('[data-test-id="node-parameters"]').first().waitFor();
	if (!execute) return;
	try {
		await page.locator('[data-test-id="node-execute-button"]').first().click({ timeout: 10000 });
		await page.locator(outcome).first().waitFor({ timeout: 30000 });
	} catch {
		/* the screenshot shows what the panel shows */
	}
}

/**
 * The output panel in one view (`table`, `json`; n8n keeps the last one chosen), once `text` shows in it. The view
 * buttons show once the step has output. Throws when either does not show.
 */
async function outputAs(page, view, text) {
	const button = page.locator(`${OUTPUT} [data-test-id="radio-button-${view}"]`).first();
	await button.waitFor({ timeout: 30000 });
	await button.click();
	await page.locator(OUTPUT).getByText(text).first().waitFor({ timeout: 30000 });
}

async function screenshotTour({ page, n8n, sandbox, cred, dir }) {
	const shots = {};
	// leaving a workflow the editor marks as changed asks "leave the page?": yes (goto hangs until its timeout
	// otherwise); a loaded machine needs more than a minute for a page
	page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
	page.setDefaultNavigationTimeout(180000);
	const shot = async (name) => {
		const file = path.join(dir, name);
		shots[path.basename(file)] = await save(page, file);
	};

	// 1. Get Many with its output (a new node: Simplify on, words beside codes)
	const listId = await n8n.createWorkflowRest(
		oneNodeWorkflow(
			'Store Platform: vouchers',
			'Get Many Vouchers',
			{ resource: 'voucher', operation: 'getAll', limit: 5 },
			cred,
		),
	);
	await openNode(page, n8n, listId, 'Get Many Vouchers', { execute: true, outcome: OUTPUT_TABLE });
	await outputAs(page, 'table', 'discount_type_label');
	await shot('editor-get-many.png');

	// 2. the nodes panel, searched as a user does (Tab opens it on an open workflow)
	await page.keyboard.press('Escape');
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
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
	// the action node (with the webhook trigger) and the poll trigger: two entries
	await page
		.locator('[data-test-id="node-creator-item-name"]')
		.getByText('Store Platform Poll Trigger')
		.first()
		.waitFor();
	await shot('editor-nodes-panel.png');
	await page.keyboard.press('Escape');

	// 3. a Create form: the voucher form of new nodes, each field shown where it applies
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
		),
	);
	await openNode(page, n8n, createId, 'Create Voucher');
	await shot('editor-create.png');

	// 4. an output with words: a voucher's whole record (Simplify off) in the JSON view, each code beside its word
	const wordsId = await n8n.createWorkflowRest(
		oneNodeWorkflow(
			'Store Platform: a voucher',
			'Get Voucher',
			{
				resource: 'voucher',
				operation: 'get',
				voucherId: { __rl: true, mode: 'id', value: '1' },
				simplify: false,
			},
			cred,
		),
	);
	await openNode(page, n8n, wordsId, 'Get Voucher', { execute: true, outcome: OUTPUT_TABLE });
	await outputAs(page, 'json', '"discount_type_label"');
	await shot('editor-output-words.png');

	// 5. an error: a vendor that does not exist
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

	// 6. the webhook trigger of new workflows, with options a user sets opened
	const triggerId = await n8n.createWorkflowRest(
		triggerWorkflow(
			'Store Platform: orders',
			node(
				'Store Platform Trigger',
				TRIGGER,
				{
					events: ['order/create', 'order/cancelled'],
					options: { registrationCheckMinutes: 5, normaliseNumbers: true },
				},
				[0, 0],
				{
					typeVersion: NEW_TRIGGER,
					webhookId: `shot-${Date.now()}`,
					credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
				},
			),
		),
	);
	await openNode(page, n8n, triggerId, 'Store Platform Trigger');
	await shot('editor-trigger.png');
	await page.keyboard.press('Escape');

	// 7. the poll trigger (the README's example: a charge the shop owner accepts or declines), after Fetch Test Event
	shots['editor-poll-trigger.png'] = await pollTriggerShot({
		page,
		n8n,
		cred,
		file: path.join(dir, 'editor-poll-trigger.png'),
	});

	// 8. a failed credential test: a wrong Shared Secret, with the message shown
	shots['editor-credential-test.png'] = await credentialTestShot({
		page,
		n8n,
		credential: {
			name: 'Store Platform (wrong secret)',
			data: { baseUrl: sandbox.url, ...sandbox.credentials, consumerSecret: 'not-the-secret' },
		},
		message: /refused these credentials/,
		file: path.join(dir, 'editor-credential-test.png'),
	});

	// 9. a failed credential test: the Shop Base URL is n8n's own address (not a shop), with the message shown
	shots['editor-credential-test-address.png'] = await credentialTestAddressShot({
		page,
		n8n,
		sandbox,
		file: path.join(dir, 'editor-credential-test-address.png'),
	});
	return shots;
}

/**
 * The poll trigger on an application charge's updates, Poll Times Every Minute, after Fetch Test Event: the newest
 * charge with `event` and `deliveryKey`, in the JSON view. Returns the PNG's size.
 */
async function pollTriggerShot({ page, n8n, cred, file }) {
	const name = 'Store Platform Poll Trigger';
	const pollId = await n8n.createWorkflowRest(
		triggerWorkflow(
			'Store Platform: charge decided',
			node(
				name,
				POLL_TRIGGER,
				{
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					resource: 'applicationCharge',
					events: ['updated'],
				},
				[0, 0],
				{ credentials: { storePlatformApi: { id: cred.id, name: cred.name } } },
			),
		),
	);
	await openNode(page, n8n, pollId, name);
	await page.locator('[data-test-id="node-execute-button"]').first().click();
	await outputAs(page, 'json', '"deliveryKey"');
	const size = await save(page, file);
	await page.keyboard.press('Escape');
	return size;
}

/**
 * A credential's modal after n8n's test failed, with "More details" opened so that `message` shows. Returns
 * the PNG's size.
 */
async function credentialTestShot({ page, n8n, credential, message, file }) {
	const made = await n8n.createCredentialRest({ type: 'storePlatformApi', ...credential });
	await page.goto(`${n8n.baseUrl}/home/credentials/${made.id}`, {
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
	await page.getByText(message).first().waitFor({ timeout: 10000 });
	const size = await save(page, file);
	await page.keyboard.press('Escape');
	return size;
}

/** A Store Platform API credential whose Shop Base URL is n8n's own address (credentialTestShot). */
async function credentialTestAddressShot({ page, n8n, sandbox, file }) {
	return await credentialTestShot({
		page,
		n8n,
		credential: {
			name: "Store Platform (n8n's address)",
			data: { ...sandbox.credentials, baseUrl: n8n.baseUrl },
		},
		message: /did not answer as a Store Platform shop/,
		file,
	});
}

module.exports = { screenshotTour, credentialTestAddressShot, pollTriggerShot, closeToasts };

'use strict';
/**
 * What the newcomer leg's points share (newcomer.test.js): the workflows it saves through n8n's REST API and the
 * editor moves it repeats (open a node's panel, close it).
 */

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

module.exports = {
	NODE,
	TRIGGER,
	POLL_TRIGGER,
	OUTPUT,
	node,
	creds,
	workflow,
	actionWorkflow,
	openNode,
	closeNdv,
};

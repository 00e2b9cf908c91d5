'use strict';
/**
 * The workflows the end-to-end suite imports into real n8n; what each node of the "every resource"
 * workflow must output is in actionSteps/ (its parameters and checks, in execution order).
 *
 *   actionWorkflow(cred)          Manual Trigger -> 83 Store Platform nodes, one per step:
 *                                 every resource's create -> get -> update -> list -> count -> delete
 *                                 (as far as the resource has them), ids chained with expressions
 *   ACTION_STEPS                  [node name, parameters, check(json[], ctx)] (throws on a wrong output)
 *   triggerWorkflow(...)          Store Platform Trigger -> HTTP Request POSTing $json to a collector
 *   oauthWorkflow(cred)           Manual Trigger -> Store Platform (OAuth1 credential): Category -> Get Many
 *   editorWorkflow(cred)          Manual Trigger -> Store Platform (for the editor screenshot)
 */
const crypto = require('crypto');

const { rl, ref } = require('./actionSteps/checks');
const { addPromotionsToPaymentMethods } = require('./actionSteps/promotionsToPaymentMethods');
const { addVariantsToThemeScripts } = require('./actionSteps/variantsToThemeScripts');

const NODE = 'n8n-nodes-store-platform.storePlatform';
const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';

// ---- the "every resource" workflow ------------------------------------------------------------

/**
 * [node name, parameters, check(json[], ctx)] per step, in execution order.
 * ctx.first(name) = first output json of an earlier node; ctx.sandbox = the sandbox.
 */
function actionSteps() {
	const S = [];
	const add = (name, parameters, check) => S.push([name, parameters, check]);
	addPromotionsToPaymentMethods(add);
	addVariantsToThemeScripts(add);
	return S;
}

const ACTION_STEPS = actionSteps();
/** resource value -> node names of that resource */
const RESOURCES = [...new Set(ACTION_STEPS.map(([, p]) => p.resource))];

function node(name, type, parameters, position, extra = {}) {
	return { id: crypto.randomUUID(), name, type, typeVersion: 1, position, parameters, ...extra };
}

function chain(nodes) {
	const connections = {};
	for (let i = 0; i + 1 < nodes.length; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

/** Manual Trigger -> every step in a row; executeOnce on every Store Platform node. */
function actionWorkflow(cred) {
	const nodes = [node('Start', 'n8n-nodes-base.manualTrigger', {}, [0, 0])];
	ACTION_STEPS.forEach(([name, parameters], i) => {
		nodes.push(
			node(name, NODE, parameters, [240 * ((i % 12) + 1), 200 * Math.floor(i / 12)], {
				executeOnce: true,
				credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
			}),
		);
	});
	return {
		name: 'E2E: every resource',
		nodes,
		connections: chain(nodes),
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's HTTP Request node posting each item (or `jsonBody`, an expression) to the suite's collector. */
function collectorNode(collectorUrl, jsonBody = '={{ JSON.stringify($json) }}') {
	return {
		id: crypto.randomUUID(),
		name: 'Post To Collector',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [260, 0],
		parameters: {
			method: 'POST',
			url: collectorUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
			options: {},
		},
	};
}

/** Store Platform Trigger (order/create, product/update) -> HTTP Request POST $json to collectorUrl. */
function triggerWorkflow(cred, { webhookId, collectorUrl }) {
	const trigger = node(
		'Store Platform Trigger',
		TRIGGER,
		{ events: ['order/create', 'product/update'], options: {} },
		[0, 0],
		{
			webhookId,
			credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
		},
	);
	const nodes = [trigger, collectorNode(collectorUrl)];
	return {
		name: 'E2E: trigger to collector',
		nodes,
		connections: chain(nodes),
		settings: { executionOrder: 'v1' },
	};
}

/** Manual Trigger -> Store Platform with the Connect credential: Category -> Get Many. */
function oauthWorkflow(cred) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}, [0, 0]),
		node(
			'Categories Via Connect',
			NODE,
			{ authentication: 'oAuth1', resource: 'category', operation: 'getAll', returnAll: true },
			[240, 0],
			{
				credentials: { storePlatformOAuth1Api: { id: cred.id, name: cred.name } },
			},
		),
	];
	return {
		name: 'E2E: Connect credential',
		nodes,
		connections: chain(nodes),
		settings: { executionOrder: 'v1' },
	};
}

/**
 * n8n's own HTTP Request node with our pasted-token credential as its "Predefined Credential Type": a paginated
 * GET (page/limit), a JSON POST and a DELETE. It sends n8n's legacy request options (`uri`, `qs`, ...).
 */
function httpRequestWorkflow(cred, sandboxUrl) {
	const base = sandboxUrl.replace(/\/+$/, '');
	const auth = {
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'storePlatformApi',
	};
	const httpNode = (name, parameters, x) => ({
		...node(name, 'n8n-nodes-base.httpRequest', { ...auth, ...parameters }, [x, 0], {
			credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
			executeOnce: true,
		}),
		typeVersion: 4.2,
	});
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', {}, [0, 0]),
		httpNode(
			'HTTP Vendors Paginated',
			{
				method: 'GET',
				url: `${base}/services/vendors`,
				sendQuery: true,
				queryParameters: {
					parameters: [
						{ name: 'limit', value: '2' },
						{ name: 'fields', value: 'id,title' },
					],
				},
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
							},
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.vendors.length === 0 }}',
						},
					},
				},
			},
			240,
		),
		httpNode(
			'HTTP Vendor Create',
			{
				method: 'POST',
				url: `${base}/services/vendors`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '{"vendor": {"title": "Made by HTTP Request é+&"}}',
				options: {},
			},
			480,
		),
		httpNode(
			'HTTP Vendor Delete',
			{
				method: 'DELETE',
				url: `={{ '${base}/services/vendors/' + $json.vendor.id }}`,
				options: {},
			},
			720,
		),
	];
	return {
		name: 'E2E: HTTP Request node with the credential',
		nodes,
		connections: chain(nodes),
		settings: { executionOrder: 'v1' },
	};
}

/** A small workflow to show the node in the editor, at the typeVersion a new node gets. */
function editorWorkflow(cred) {
	const nodes = [
		node('When clicking ‘Execute workflow’', 'n8n-nodes-base.manualTrigger', {}, [0, 0]),
		node(
			'Store Platform',
			NODE,
			{ resource: 'category', operation: 'getAll', returnAll: false, limit: 50 },
			[260, 0],
			{
				typeVersion: 3,
				credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
			},
		),
	];
	return {
		name: 'Store Platform: categories',
		nodes,
		connections: chain(nodes),
		settings: { executionOrder: 'v1' },
	};
}

module.exports = {
	collectorNode,
	ACTION_STEPS,
	RESOURCES,
	actionWorkflow,
	triggerWorkflow,
	oauthWorkflow,
	editorWorkflow,
	httpRequestWorkflow,
	NODE,
	TRIGGER,
	rl,
	ref,
};

'use strict';
/** The workflows the benchmarks import. Each measured node is named `Node`. */
const crypto = require('crypto');

const uuid = () => crypto.randomUUID();
/** Executions of the Return All runs are not kept (the run JSON is printed by `n8n execute` anyway). */
/** Seconds the Return All workflows wait before the measured node ($BENCH_SETTLE_S, default 2). */
const SETTLE_S = process.env.BENCH_SETTLE_S !== undefined ? Number(process.env.BENCH_SETTLE_S) : 2;
const QUIET = {
	saveDataSuccessExecution: 'none',
	saveManualExecutions: false,
	saveExecutionProgress: false,
	executionOrder: 'v1',
};

/**
 * Manual Trigger → Wait `settleS` seconds → Node. The wait lets the freshly started `n8n execute` process finish
 * its own start-up work (its task runner process boots beside it) before the measured node runs.
 */
function manual(name, node, { settleS = SETTLE_S } = {}) {
	const nodes = [
		{
			id: uuid(),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections = {};
	let previous = 'Start';
	if (settleS > 0) {
		nodes.push({
			id: uuid(),
			name: 'Settle',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [220, 0],
			webhookId: uuid(),
			parameters: { resume: 'timeInterval', amount: settleS, unit: 'seconds' },
		});
		connections.Start = { main: [[{ node: 'Settle', type: 'main', index: 0 }]] };
		previous = 'Settle';
	}
	nodes.push({ id: uuid(), name: 'Node', position: [440, 0], ...node });
	connections[previous] = { main: [[{ node: 'Node', type: 'main', index: 0 }]] };
	return { name, settings: QUIET, nodes, connections };
}

const credentialRef = (cred) => ({ storePlatformApi: { id: cred.id, name: cred.name } });

/** Store Platform → <resource> → Get Many, Return All. */
function storeReturnAll(cred, resource) {
	return manual(`bench: Store Platform ${resource} Return All`, {
		type: 'n8n-nodes-store-platform.storePlatform',
		typeVersion: 1,
		credentials: credentialRef(cred),
		parameters: { resource, operation: 'getAll', returnAll: true },
	});
}

/**
 * n8n's HTTP Request node on the same endpoint: page/limit pagination ("Update a Parameter in Each Request",
 * page = {{ $pageCount + 1 }}, limit 250), complete when the answer's list is empty; authentication by the
 * predefined credential type storePlatformApi (the same credential).
 */
function httpReturnAll(cred, baseUrl, endpoint, key, { maxPages } = {}) {
	const pagination = {
		paginationMode: 'updateAParameterInEachRequest',
		parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
		paginationCompleteWhen: 'other',
		completeExpression: `={{ $response.body.${key}.length === 0 }}`,
	};
	if (maxPages) Object.assign(pagination, { limitPagesFetched: true, maxRequests: maxPages });
	return manual(`bench: HTTP Request ${endpoint} paginated`, {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		credentials: credentialRef(cred),
		parameters: {
			method: 'GET',
			url: `${baseUrl.replace(/\/+$/, '')}${endpoint}`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'storePlatformApi',
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'limit', value: '250' }] },
			options: { pagination: { pagination } },
		},
	});
}

/** Store Platform Trigger (order/create) → No Operation; typeVersion 2 (the default of new nodes) or 1. */
function triggerWorkflow(cred, webhookId, typeVersion = 2) {
	return {
		name: `bench: Store Platform Trigger v${typeVersion}`,
		nodes: [
			{
				id: uuid(),
				name: 'Trigger',
				type: 'n8n-nodes-store-platform.storePlatformTrigger',
				typeVersion,
				position: [0, 0],
				webhookId,
				credentials: credentialRef(cred),
				parameters: { events: ['order/create'] },
			},
			{
				id: uuid(),
				name: 'NoOp',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { Trigger: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's Webhook node (POST, responding immediately) → No Operation. */
/**
 * n8n's Webhook node 2 (POST, respond immediately) → No Operation; with `headerAuth` (a credential reference of type
 * httpHeaderAuth) it checks that header on every request, as a node with a credential.
 */
function webhookWorkflow(webhookId, path, headerAuth) {
	return {
		name: headerAuth ? 'bench: Webhook node (Header Auth)' : 'bench: Webhook node',
		nodes: [
			{
				id: uuid(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: {
					httpMethod: 'POST',
					path,
					responseMode: 'onReceived',
					options: {},
					...(headerAuth ? { authentication: 'headerAuth' } : {}),
				},
				...(headerAuth ? { credentials: { httpHeaderAuth: headerAuth } } : {}),
			},
			{
				id: uuid(),
				name: 'NoOp',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { Webhook: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

module.exports = { storeReturnAll, httpReturnAll, triggerWorkflow, webhookWorkflow, uuid };

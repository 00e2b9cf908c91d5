'use strict';
/**
 * The workflows the end-to-end suite imports into real n8n, and what each node
 * of the "every resource" workflow must output.
 *
 *   actionWorkflow(cred)          Manual Trigger -> 83 Store Platform nodes, one per step:
 *                                 every resource's create -> get -> update -> list -> count -> delete
 *                                 (as far as the resource has them), ids chained with expressions
 *   ACTION_CHECKS                 node name -> check(json[], sandbox) (throws on a wrong output)
 *   triggerWorkflow(...)          Store Platform Trigger -> HTTP Request POSTing $json to a collector
 *   oauthWorkflow(cred)           Manual Trigger -> Store Platform (OAuth1 credential): Category -> Get Many
 *   editorWorkflow(cred)          Manual Trigger -> Store Platform (for the editor screenshot)
 */
const assert = require('assert');
const crypto = require('crypto');

const NODE = 'n8n-nodes-store-platform.storePlatform';
const TRIGGER = 'n8n-nodes-store-platform.storePlatformTrigger';

/** A resource-locator value in "By ID" mode (also takes an expression). */
const rl = (value) => ({ __rl: true, mode: 'id', value: String(value) });
/** Expression reading a field of the first output item of an earlier node. */
const ref = (node, field = 'id') => `={{ $('${node}').first().json.${field} }}`;

const str = (v) => (v === undefined || v === null ? v : String(v));

// ---- checks ---------------------------------------------------------------------------------

const one = (out) => {
	assert.strictEqual(
		out.length,
		1,
		`expected 1 item, got ${out.length}: ${JSON.stringify(out).slice(0, 300)}`,
	);
	return out[0];
};
const has = (fields) => (out) => {
	const r = one(out);
	for (const [k, v] of Object.entries(fields))
		assert.strictEqual(str(r[k]), str(v), `${k}: ${JSON.stringify(r[k])} !== ${JSON.stringify(v)}`);
	return r;
};
const many =
	(min = 1) =>
	(out) => {
		assert.ok(out.length >= min, `expected at least ${min} items, got ${out.length}`);
		for (const r of out)
			assert.ok(
				r && typeof r === 'object' && !('error' in r),
				`bad item ${JSON.stringify(r).slice(0, 200)}`,
			);
	};
const count = (out) => {
	const r = one(out);
	assert.strictEqual(typeof r.count, 'number', `count is ${typeof r.count}: ${JSON.stringify(r)}`);
	assert.ok(r.count >= 0);
};
/** Delete: { id: <the created id>, deleted: true } */
const deletedFrom =
	(createNode, extra = {}) =>
	(out, ctx) => {
		const r = one(out);
		assert.strictEqual(r.deleted, true, `deleted: ${JSON.stringify(r)}`);
		if (createNode)
			assert.strictEqual(str(r.id), str(ctx.first(createNode).id), 'deleted id is the created id');
		for (const [k, v] of Object.entries(extra)) assert.strictEqual(str(r[k]), str(v));
	};
/** Get/update of the record a create node made: same id and the given fields. */
const sameAs =
	(createNode, fields = {}) =>
	(out, ctx) => {
		const r = has(fields)(out);
		assert.strictEqual(
			str(r.id),
			str(ctx.first(createNode).id),
			`id ${r.id} is not the created ${ctx.first(createNode).id}`,
		);
	};

// ---- the "every resource" workflow ------------------------------------------------------------

/**
 * [node name, parameters, check(json[], ctx)] per step, in execution order.
 * ctx.first(name) = first output json of an earlier node; ctx.sandbox = the sandbox.
 */
function actionSteps() {
	const S = [];
	const add = (name, parameters, check) => S.push([name, parameters, check]);

	// promotion
	add(
		'Promotion Create',
		{
			resource: 'promotion',
			operation: 'create',
			title: 'E2E promotion',
			promotionType: 2,
			promotionValue: 15,
			promotionOnType: 1,
			additionalFields: { products: '1, 2' },
		},
		has({ title: 'E2E promotion' }),
	);
	add(
		'Promotion Get',
		{ resource: 'promotion', operation: 'get', promotionId: rl(ref('Promotion Create')) },
		sameAs('Promotion Create', { title: 'E2E promotion' }),
	);
	add(
		'Promotion Update',
		{
			resource: 'promotion',
			operation: 'update',
			promotionId: rl(ref('Promotion Create')),
			updateFields: { promotionValue: 30 },
			options: { returnFullRecord: true },
		},
		sameAs('Promotion Create', { promotion_value: 30 }),
	);
	add(
		'Promotion Get Many',
		{ resource: 'promotion', operation: 'getAll', returnAll: false, limit: 10 },
		many(2),
	);
	add('Promotion Count', { resource: 'promotion', operation: 'count' }, count);
	add(
		'Promotion Delete',
		{ resource: 'promotion', operation: 'delete', promotionId: rl(ref('Promotion Create')) },
		deletedFrom('Promotion Create'),
	);

	// voucher
	add(
		'Voucher Create',
		{
			resource: 'voucher',
			operation: 'create',
			code: 'E2E-VOUCHER',
			additionalFields: { quantity: 3 },
		},
		has({ code: 'E2E-VOUCHER' }),
	);
	add(
		'Voucher Get',
		{ resource: 'voucher', operation: 'get', voucherId: rl(ref('Voucher Create')) },
		sameAs('Voucher Create', { code: 'E2E-VOUCHER' }),
	);
	add(
		'Voucher Update',
		{
			resource: 'voucher',
			operation: 'update',
			voucherId: rl(ref('Voucher Create')),
			updateFields: { perClient: 1 },
			options: { returnFullRecord: true },
		},
		sameAs('Voucher Create', { code: 'E2E-VOUCHER', per_client: 1 }),
	);
	add(
		'Voucher Get Many',
		{
			resource: 'voucher',
			operation: 'getAll',
			returnAll: false,
			limit: 10,
			filters: { code: 'E2E-VOUCHER' },
		},
		has({ code: 'E2E-VOUCHER' }),
	);
	add('Voucher Count', { resource: 'voucher', operation: 'count' }, count);
	add(
		'Voucher Delete',
		{ resource: 'voucher', operation: 'delete', voucherId: rl(ref('Voucher Create')) },
		deletedFrom('Voucher Create'),
	);

	// application charge
	add(
		'Charge Create',
		{
			resource: 'applicationCharge',
			operation: 'create',
			name: 'E2E charge',
			price: 2500,
			returnUrl: 'https://app.example.com/back',
			additionalFields: { test: true },
		},
		has({ name: 'E2E charge', status: 'pending' }),
	);
	add(
		'Charge Get',
		{
			resource: 'applicationCharge',
			operation: 'get',
			applicationChargeId: rl(ref('Charge Create')),
		},
		sameAs('Charge Create', { name: 'E2E charge' }),
	);
	add(
		'Charge Get Many',
		{ resource: 'applicationCharge', operation: 'getAll', returnAll: true },
		many(2),
	);
	add('Charge Count', { resource: 'applicationCharge', operation: 'count' }, count);
	add(
		'Charge Delete',
		{
			resource: 'applicationCharge',
			operation: 'delete',
			applicationChargeId: rl(ref('Charge Create')),
		},
		deletedFrom('Charge Create'),
	);

	// abandoned cart (read only)
	add(
		'Cart Get Many',
		{ resource: 'abandonedCart', operation: 'getAll', returnAll: false, limit: 2 },
		many(2),
	);
	add(
		'Cart Get',
		{ resource: 'abandonedCart', operation: 'get', userKey: rl(ref('Cart Get Many', 'user_key')) },
		(out, ctx) => has({ user_key: ctx.first('Cart Get Many').user_key })(out),
	);
	add('Cart Count', { resource: 'abandonedCart', operation: 'count' }, count);

	// page
	add(
		'Page Create',
		{
			resource: 'page',
			operation: 'create',
			title: 'E2E page',
			additionalFields: { content: '<p>made by the e2e suite</p>', visibility: 1 },
		},
		has({ title: 'E2E page' }),
	);
	add(
		'Page Get',
		{ resource: 'page', operation: 'get', pageId: rl(ref('Page Create')) },
		sameAs('Page Create', { title: 'E2E page' }),
	);
	add(
		'Page Update',
		{
			resource: 'page',
			operation: 'update',
			pageId: rl(ref('Page Create')),
			updateFields: { title: 'E2E page (updated)' },
			options: { returnFullRecord: true },
		},
		sameAs('Page Create', { title: 'E2E page (updated)' }),
	);
	add('Page Get Many', { resource: 'page', operation: 'getAll', returnAll: true }, many(2));
	add('Page Count', { resource: 'page', operation: 'count' }, count);
	add(
		'Page Delete',
		{ resource: 'page', operation: 'delete', pageId: rl(ref('Page Create')) },
		deletedFrom('Page Create'),
	);

	// category (answers `name` for the title)
	add(
		'Category Create',
		{
			resource: 'category',
			operation: 'create',
			title: 'E2E category',
			additionalFields: { description: 'made by the e2e suite' },
		},
		has({ name: 'E2E category' }),
	);
	add(
		'Category Get',
		{ resource: 'category', operation: 'get', categoryId: rl(ref('Category Create')) },
		sameAs('Category Create', { name: 'E2E category' }),
	);
	add(
		'Category Update',
		{
			resource: 'category',
			operation: 'update',
			categoryId: rl(ref('Category Create')),
			updateFields: { title: 'E2E category (updated)' },
			options: { returnFullRecord: true },
		},
		sameAs('Category Create', { name: 'E2E category (updated)' }),
	);
	add('Category Get Many', { resource: 'category', operation: 'getAll', returnAll: true }, many(2));
	add('Category Count', { resource: 'category', operation: 'count' }, count);
	add(
		'Category Delete',
		{ resource: 'category', operation: 'delete', categoryId: rl(ref('Category Create')) },
		deletedFrom('Category Create'),
	);

	// vendor
	add(
		'Vendor Create',
		{
			resource: 'vendor',
			operation: 'create',
			title: 'E2E vendor',
			additionalFields: { description: 'made by the e2e suite' },
		},
		has({ title: 'E2E vendor' }),
	);
	add(
		'Vendor Get',
		{ resource: 'vendor', operation: 'get', vendorId: rl(ref('Vendor Create')) },
		sameAs('Vendor Create', { title: 'E2E vendor' }),
	);
	add(
		'Vendor Update',
		{
			resource: 'vendor',
			operation: 'update',
			vendorId: rl(ref('Vendor Create')),
			updateFields: { url: 'e2e-vendor' },
		},
		sameAs('Vendor Create', { title: 'E2E vendor', url: 'e2e-vendor' }),
	);
	add(
		'Vendor Get Many',
		{ resource: 'vendor', operation: 'getAll', returnAll: false, limit: 10 },
		many(2),
	);
	add('Vendor Count', { resource: 'vendor', operation: 'count' }, count);
	add(
		'Vendor Delete',
		{ resource: 'vendor', operation: 'delete', vendorId: rl(ref('Vendor Create')) },
		deletedFrom('Vendor Create'),
	);

	// collection (read only)
	add(
		'Collection Get Many',
		{ resource: 'collection', operation: 'getAll', returnAll: true },
		many(2),
	);
	add(
		'Collection Get',
		{ resource: 'collection', operation: 'get', collectionId: rl(ref('Collection Get Many')) },
		(out, ctx) =>
			has({
				id: ctx.first('Collection Get Many').id,
				title: ctx.first('Collection Get Many').title,
			})(out),
	);
	add('Collection Count', { resource: 'collection', operation: 'count' }, count);

	// payment method (read only)
	add(
		'Payment Method Get Many',
		{ resource: 'paymentMethod', operation: 'getAll', returnAll: true },
		many(2),
	);
	add(
		'Payment Method Get',
		{
			resource: 'paymentMethod',
			operation: 'get',
			paymentMethodId: rl(ref('Payment Method Get Many')),
		},
		(out, ctx) => has({ id: ctx.first('Payment Method Get Many').id })(out),
	);
	add('Payment Method Count', { resource: 'paymentMethod', operation: 'count' }, count);

	// variant (below product 2)
	add(
		'Variant Create',
		{
			resource: 'variant',
			operation: 'create',
			productId: '2',
			additionalFields: { sku: 'E2E-SKU', price: 99, quantity: 4 },
		},
		has({ sku: 'E2E-SKU' }),
	);
	add(
		'Variant Get',
		{ resource: 'variant', operation: 'get', productId: '2', variantId: rl(ref('Variant Create')) },
		sameAs('Variant Create', { sku: 'E2E-SKU' }),
	);
	add(
		'Variant Update',
		{
			resource: 'variant',
			operation: 'update',
			productId: '2',
			variantId: rl(ref('Variant Create')),
			updateFields: { quantity: 7 },
		},
		sameAs('Variant Create', { quantity: 7 }),
	);
	add(
		'Variant Get Many',
		{ resource: 'variant', operation: 'getAll', productId: '2', returnAll: true },
		(out, ctx) => {
			many(1)(out);
			assert.ok(
				out.some((v) => str(v.id) === str(ctx.first('Variant Create').id)),
				'the new variant is listed',
			);
		},
	);
	add('Variant Count', { resource: 'variant', operation: 'count', productId: '2' }, count);
	add(
		'Variant Delete',
		{
			resource: 'variant',
			operation: 'delete',
			productId: '2',
			variantId: rl(ref('Variant Create')),
		},
		deletedFrom('Variant Create'),
	);

	// blog
	add(
		'Blog Create',
		{
			resource: 'blog',
			operation: 'create',
			title: 'E2E blog',
			additionalFields: { handle: 'e2e-blog' },
		},
		has({ title: 'E2E blog' }),
	);
	add(
		'Blog Get',
		{ resource: 'blog', operation: 'get', blogId: rl(ref('Blog Create')) },
		sameAs('Blog Create', { title: 'E2E blog' }),
	);
	add(
		'Blog Update',
		{
			resource: 'blog',
			operation: 'update',
			blogId: rl(ref('Blog Create')),
			updateFields: { title: 'E2E blog (updated)' },
			options: { returnFullRecord: true },
		},
		sameAs('Blog Create', { title: 'E2E blog (updated)' }),
	);
	add('Blog Get Many', { resource: 'blog', operation: 'getAll', returnAll: true }, many(2));
	add('Blog Count', { resource: 'blog', operation: 'count' }, count);
	add(
		'Blog Delete',
		{ resource: 'blog', operation: 'delete', blogId: rl(ref('Blog Create')) },
		deletedFrom('Blog Create'),
	);

	// theme asset (theme 1; keyed by asset key)
	add(
		'Theme Asset Create',
		{
			resource: 'themeAsset',
			operation: 'create',
			themeId: rl('1'),
			key: 'assets/e2e.css',
			contentSource: 'text',
			content: 'body { color: teal; }',
		},
		has({ key: 'assets/e2e.css' }),
	);
	add(
		'Theme Asset Get',
		{
			resource: 'themeAsset',
			operation: 'get',
			themeId: rl('1'),
			assetKey: rl(ref('Theme Asset Create', 'key')),
		},
		has({ key: 'assets/e2e.css', content: 'body { color: teal; }' }),
	);
	add(
		'Theme Asset Get Many',
		{ resource: 'themeAsset', operation: 'getAll', themeId: rl('1'), returnAll: true },
		(out) => {
			many(2)(out);
			assert.ok(
				out.some((a) => a.key === 'assets/e2e.css'),
				'the new asset is listed',
			);
		},
	);
	add(
		'Theme Asset Delete',
		{
			resource: 'themeAsset',
			operation: 'delete',
			themeId: rl('1'),
			assetKey: rl('assets/e2e.css'),
		},
		deletedFrom(undefined, { key: 'assets/e2e.css' }),
	);

	// order status
	add(
		'Order Status Create',
		{
			resource: 'orderStatus',
			operation: 'create',
			name: 'E2E status',
			additionalFields: { color: 'aabbcc' },
		},
		has({ name: 'E2E status' }),
	);
	add(
		'Order Status Get',
		{ resource: 'orderStatus', operation: 'get', orderStatusId: rl(ref('Order Status Create')) },
		sameAs('Order Status Create', { name: 'E2E status' }),
	);
	add(
		'Order Status Update',
		{
			resource: 'orderStatus',
			operation: 'update',
			orderStatusId: rl(ref('Order Status Create')),
			updateFields: { color: '000000' },
			options: { returnFullRecord: true },
		},
		sameAs('Order Status Create', { name: 'E2E status', color: '000000' }),
	);
	add(
		'Order Status Get Many',
		{ resource: 'orderStatus', operation: 'getAll', returnAll: true },
		many(2),
	);
	add('Order Status Count', { resource: 'orderStatus', operation: 'count' }, count);
	add(
		'Order Status Delete',
		{ resource: 'orderStatus', operation: 'delete', orderStatusId: rl(ref('Order Status Create')) },
		deletedFrom('Order Status Create'),
	);

	// theme
	add('Theme Get Many', { resource: 'theme', operation: 'getAll', returnAll: true }, many(2));
	add(
		'Theme Get',
		{ resource: 'theme', operation: 'get', themeId: rl(ref('Theme Get Many')) },
		(out, ctx) => has({ id: ctx.first('Theme Get Many').id })(out),
	);
	add(
		'Theme Activate',
		{ resource: 'theme', operation: 'activate', themeId: rl('2') },
		has({ id: '2', active: true }),
	);

	// user (read only)
	add(
		'User Get Many',
		{ resource: 'user', operation: 'getAll', returnAll: false, limit: 2 },
		many(2),
	);
	add(
		'User Get',
		{ resource: 'user', operation: 'get', userId: rl(ref('User Get Many')) },
		(out, ctx) =>
			has({ id: ctx.first('User Get Many').id, email: ctx.first('User Get Many').email })(out),
	);

	// webhook
	add(
		'Webhook Create',
		{
			resource: 'webhook',
			operation: 'create',
			section: 'order/paid',
			siteUrl: 'https://example.com/e2e-hook',
		},
		has({ section: 'order/paid', site_url: 'https://example.com/e2e-hook' }),
	);
	add(
		'Webhook Get',
		{ resource: 'webhook', operation: 'get', webhookId: rl(ref('Webhook Create')) },
		sameAs('Webhook Create', { section: 'order/paid' }),
	);
	add(
		'Webhook Update',
		{
			resource: 'webhook',
			operation: 'update',
			webhookId: rl(ref('Webhook Create')),
			updateFields: { siteUrl: 'https://example.com/e2e-hook-2' },
		},
		sameAs('Webhook Create', { site_url: 'https://example.com/e2e-hook-2' }),
	);
	add(
		'Webhook Get Many',
		{ resource: 'webhook', operation: 'getAll', returnAll: true },
		(out, ctx) => {
			many(1)(out);
			assert.ok(out.some((w) => str(w.id) === str(ctx.first('Webhook Create').id)));
		},
	);
	add('Webhook Count', { resource: 'webhook', operation: 'count' }, (out) => {
		count(out);
		assert.strictEqual(out[0].count, 1);
	});
	add(
		'Webhook Delete',
		{ resource: 'webhook', operation: 'delete', webhookId: rl(ref('Webhook Create')) },
		deletedFrom('Webhook Create'),
	);

	// theme script (no get endpoint)
	add(
		'Theme Script Create',
		{
			resource: 'themeScript',
			operation: 'create',
			src: 'https://cdn.example.com/e2e.js',
			eventType: 'onload',
			scope: 'all',
		},
		has({ src: 'https://cdn.example.com/e2e.js', scope: 'all' }),
	);
	add(
		'Theme Script Update',
		{
			resource: 'themeScript',
			operation: 'update',
			themeScriptId: rl(ref('Theme Script Create')),
			updateFields: { scope: 'store' },
		},
		sameAs('Theme Script Create', { scope: 'store' }),
	);
	add(
		'Theme Script Get Many',
		{ resource: 'themeScript', operation: 'getAll', returnAll: true },
		many(2),
	);
	add('Theme Script Count', { resource: 'themeScript', operation: 'count' }, count);
	add(
		'Theme Script Delete',
		{ resource: 'themeScript', operation: 'delete', themeScriptId: rl(ref('Theme Script Create')) },
		deletedFrom('Theme Script Create'),
	);
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

/** A small workflow to show the node in the editor. */
function editorWorkflow(cred) {
	const nodes = [
		node('When clicking ‘Execute workflow’', 'n8n-nodes-base.manualTrigger', {}, [0, 0]),
		node(
			'Store Platform',
			NODE,
			{ resource: 'category', operation: 'getAll', returnAll: false, limit: 50 },
			[260, 0],
			{
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

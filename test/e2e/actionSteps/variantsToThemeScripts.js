'use strict';
/**
 * The last steps of the "every resource" workflow, in execution order (see ../workflows.js):
 * variants, blogs, theme assets, order statuses, themes, users, webhooks and theme scripts.
 */
const assert = require('assert');
const { rl, ref, str, has, many, count, deletedFrom, sameAs } = require('./checks');

/** Adds each step as add(node name, parameters, check(json[], ctx)). */
function addVariantsToThemeScripts(add) {
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
}

module.exports = { addVariantsToThemeScripts };

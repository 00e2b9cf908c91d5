'use strict';
/**
 * The first steps of the "every resource" workflow, in execution order (see ../workflows.js):
 * promotions, vouchers, application charges, abandoned carts, pages, categories, vendors,
 * collections and payment methods.
 */
const { rl, ref, has, many, count, deletedFrom, sameAs } = require('./checks');

/** Adds each step as add(node name, parameters, check(json[], ctx)). */
function addPromotionsToPaymentMethods(add) {
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
}

module.exports = { addPromotionsToPaymentMethods };

/** The event kinds (webhook `section` values) of the spec. */
export const SECTIONS = [
	'category/create',
	'category/update',
	'category/delete',
	'checkout/create',
	'checkout/update',
	'checkout/delete',
	'collection/create',
	'collection/update',
	'collection/delete',
	'customer/create',
	'customer/update',
	'customer/delete',
	'order/create',
	'order/update',
	'order/delete',
	'order/paid',
	'order/cancelled',
	'orderStatus/create',
	'orderStatus/update',
	'orderStatus/delete',
	'orderStatus/paid',
	'product/create',
	'product/update',
	'product/delete',
	'shop/update',
	'vendor/create',
	'vendor/update',
	'vendor/delete',
	'app/uninstalled',
] as const;

export const isSection = (s: unknown): s is string =>
	typeof s === 'string' && (SECTIONS as readonly string[]).includes(s);

/** Theme asset folders of the spec. */
export const ASSET_FOLDERS = ['layout', 'templates', 'assets', 'snippets'] as const;

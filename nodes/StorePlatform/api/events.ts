/** The event kinds of the spec (values of a webhook's `section`), with readable names. */
export interface EventKind {
	value: string;
	name: string;
}

const VERBS: Record<string, string> = {
	create: 'Created',
	update: 'Updated',
	delete: 'Deleted',
	paid: 'Paid',
	cancelled: 'Canceled',
	uninstalled: 'Uninstalled',
};

const OBJECTS: Record<string, string> = {
	category: 'Category',
	checkout: 'Checkout',
	collection: 'Collection',
	customer: 'Customer',
	order: 'Order',
	orderStatus: 'Order Status',
	product: 'Product',
	shop: 'Shop',
	vendor: 'Vendor',
	app: 'App',
};

const KINDS: Record<string, string[]> = {
	category: ['create', 'update', 'delete'],
	checkout: ['create', 'update', 'delete'],
	collection: ['create', 'update', 'delete'],
	customer: ['create', 'update', 'delete'],
	order: ['create', 'update', 'delete', 'paid', 'cancelled'],
	orderStatus: ['create', 'update', 'delete', 'paid'],
	product: ['create', 'update', 'delete'],
	shop: ['update'],
	vendor: ['create', 'update', 'delete'],
	app: ['uninstalled'],
};

export const EVENTS: EventKind[] = Object.entries(KINDS).flatMap(([object, verbs]) =>
	verbs.map((verb) => ({ value: `${object}/${verb}`, name: `${OBJECTS[object]} ${VERBS[verb]}` })),
);

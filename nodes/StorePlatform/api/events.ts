/** The event kinds of the spec (values of a webhook's `section`), with readable names. */
export interface EventKind {
	value: string;
	name: string;
	/** What the name alone does not say (the order status events). */
	description?: string;
	/** What happened in the shop, in words: "An order was created". */
	happened: string;
}

const ORDER_STATUS =
	"one of the shop's order statuses (the states an order can take, such as Shipped; resource Order Status)";

/** Explanations of kinds whose name can mislead. */
const DESCRIPTIONS: Record<string, string> = {
	'orderStatus/create': `${ORDER_STATUS} was created`,
	'orderStatus/update': `${ORDER_STATUS} was changed`,
	'orderStatus/delete': `${ORDER_STATUS} was deleted`,
	'orderStatus/paid':
		'listed by the platform among the order status events without saying when it is sent (its documentation shows no delivery body). For orders that were paid, choose Order Paid (order/paid).',
};

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

/** What each verb says happened to a record. */
const HAPPENED: Record<string, string> = {
	create: 'was created',
	update: 'was changed',
	delete: 'was deleted',
	paid: 'was paid',
	cancelled: 'was canceled',
	uninstalled: 'was uninstalled from the shop',
};

/** The events whose object is one of a kind (the shop itself, this app): "The shop's settings were changed". */
const THE: Record<string, string> = {
	'shop/update': "The shop's settings were changed",
	'app/uninstalled': 'This app was uninstalled from the shop',
};

const happened = (object: string, verb: string): string => {
	const noun = OBJECTS[object].toLowerCase();
	return `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun} ${HAPPENED[verb]}`;
};

export const EVENTS: EventKind[] = Object.entries(KINDS).flatMap(([object, verbs]) =>
	verbs.map((verb) => {
		const value = `${object}/${verb}`;
		const kind: EventKind = {
			value,
			name: `${OBJECTS[object]} ${VERBS[verb]}`,
			happened: THE[value] ?? happened(object, verb),
		};
		if (DESCRIPTIONS[value]) kind.description = DESCRIPTIONS[value];
		return kind;
	}),
);

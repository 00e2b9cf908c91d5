import type { Resource } from '../../endpoint';
import type { ChangeKind } from '../rules/fingerprint';

/**
 * What the poll trigger's panel says of each resource it watches, in a user's words: what the user gets (the
 * Resource option), what each event means for this resource (an Events option), and why an event is missing.
 * Data only: properties.ts builds the fields from it and from the plans. How a list is read stays in the docs.
 * test/unit/poll/resourceWords.test.ts checks that every watched resource has its text for exactly its events.
 */
export interface ResourceWords {
	/** The Resource option's description: what the user gets. */
	gets: string;
	/**
	 * Each event the resource offers: its description, and its name where Created, Updated or Deleted would
	 * promise more than the trigger sees (the value stays: saved workflows rely on it).
	 */
	events: Partial<Record<ChangeKind, { name?: string; description: string }>>;
	/** Why an event of the three is not offered: the hint under Events. */
	missing?: string;
}

const gone = (what: string, from = 'the shop') => ({
	description: `${what} removed from ${from} (the item holds its ID)`,
});

export const RESOURCE_WORDS: Partial<Record<Resource, ResourceWords>> = {
	abandonedCart: {
		gets: 'Each new abandoned cart, once',
		events: {
			created: {
				description:
					'A cart left at checkout, reported once: later changes to it (items, e-mail, an order placed) are not reported',
			},
		},
		missing:
			'No Updated or Deleted: the API gives carts no update time, so the trigger follows new carts only.',
	},
	applicationCharge: {
		gets: "Your app's charges: created, accepted or declined by the shop owner, activated, or deleted",
		events: {
			created: { description: 'A charge created, pending until the shop owner decides' },
			updated: {
				description: 'A charge the shop owner accepted or declined, or a charge activated',
			},
			deleted: gone('A charge'),
		},
	},
	blog: {
		gets: 'Blogs added, edited or deleted in the shop',
		events: {
			created: { description: 'A blog added' },
			updated: { description: 'A blog whose title, address, visibility or meta fields changed' },
			deleted: gone('A blog'),
		},
	},
	category: {
		gets: 'Categories added, edited or deleted in the shop',
		events: {
			created: { description: 'A category added' },
			updated: { description: 'A category edited in the shop, with its latest name and details' },
			deleted: gone('A category'),
		},
	},
	collection: {
		gets: 'Collections added, edited or deleted in the shop admin',
		events: {
			created: { description: 'A collection added' },
			updated: {
				description: 'A collection edited in the shop, with its latest title and details',
			},
			deleted: gone('A collection'),
		},
	},
	orderStatus: {
		gets: "The shop's order statuses (such as Shipped), added or edited",
		events: {
			created: { description: 'An order status added' },
			updated: {
				description: 'An order status edited: its name, color, e-mail setting or another field',
			},
		},
		missing: 'No Deleted: the API has no count of order statuses, so a removed one is not seen.',
	},
	page: {
		gets: 'Pages added, edited or deleted in the shop',
		events: {
			created: { description: 'A page added' },
			updated: { description: 'A page edited in the shop, with its latest content' },
			deleted: gone('A page'),
		},
	},
	paymentMethod: {
		gets: 'Payment methods added, removed, turned on or off, renamed or reordered',
		events: {
			created: { description: 'A payment method added' },
			updated: {
				description: 'A payment method turned on or off, renamed, reordered or otherwise changed',
			},
			deleted: gone('A payment method'),
		},
	},
	promotion: {
		gets: 'Promotions added, changed or removed in the shop',
		events: {
			created: { description: 'A promotion added' },
			updated: {
				description: 'A promotion whose title, dates, value, targets or active state changed',
			},
			deleted: gone('A promotion'),
		},
	},
	theme: {
		gets: 'Themes added, changed or removed, including which theme is active',
		events: {
			created: { description: 'A theme added' },
			updated: { description: 'A theme renamed, or made active or no longer active' },
			deleted: gone('A theme'),
		},
	},
	themeAsset: {
		gets: 'The files of one theme: added, removed, or changed in size',
		events: {
			created: { description: 'A file added to the theme' },
			updated: {
				name: 'Size Changed',
				description:
					'A file whose size or type changed. An edit that keeps the size is not seen: the shop lists only key, type, size',
			},
			deleted: { description: 'A file removed from the theme (the item holds its key)' },
		},
	},
	themeScript: {
		gets: "Your app's storefront scripts, added or changed",
		events: {
			created: { description: 'A script added to the storefront' },
			updated: { description: 'A script whose address, scope or event changed' },
		},
		missing: 'No Deleted: the API cannot count theme scripts, so a removed script is not seen.',
	},
	user: {
		gets: "The shop's staff accounts, added, changed or removed",
		events: {
			created: { description: 'A user added to the shop' },
			updated: { description: 'A user whose name, e-mail, permissions or owner role changed' },
			deleted: gone('A user'),
		},
	},
	variant: {
		gets: 'The variants of one product: added, changed (price, stock, SKU and more) or removed',
		events: {
			created: { description: 'A variant added to the product' },
			updated: {
				description: 'A variant whose price, stock, SKU, availability or another field changed',
			},
			deleted: gone('A variant', 'the product'),
		},
	},
	vendor: {
		gets: 'Vendors (brands) added, edited or deleted in the shop',
		events: {
			created: { description: 'A vendor added' },
			updated: { description: 'A vendor edited in the shop, with its latest title and details' },
			deleted: gone('A vendor'),
		},
	},
	voucher: {
		gets: 'Vouchers added or removed (a change to a voucher is not seen)',
		events: {
			created: { description: 'A voucher added, with its code and discount' },
			deleted: gone('A voucher'),
		},
		missing: 'No Updated: the API gives vouchers no update time, so a changed voucher is not seen.',
	},
	webhook: {
		gets: 'Webhook registrations added, changed or removed (the shop removes one after 48 hours of failed deliveries)',
		events: {
			created: { description: 'A webhook registration added' },
			updated: { description: 'A registration whose event or address changed' },
			deleted: gone('A registration'),
		},
	},
};

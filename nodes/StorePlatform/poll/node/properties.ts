import type { INodeProperties, NodeHint, TriggerPanelDefinition } from 'n8n-workflow';

import { POLL_AMOUNTS_HINT } from '../../api/amountsHint';
import { keysCarried, NORMALIZE_NUMBERS_OPTION, simplifiedKeys } from '../../api/output';
import type { Param, Resource } from '../../endpoint';
import { idValidation } from '../../input/idMode';
import type { ChangeKind } from '../rules/fingerprint';
import type { PollPlan } from '../rules/strategy';
import { DEFAULT_REPORT_AFTER_MINUTES } from './outages';

/**
 * The poll trigger's editor, pure: its fields, built from the plans (resource tables) and from what each resource's
 * events mean in a user's words, and what its panel says beside them. test/unit/poll/resourceWords.test.ts checks
 * that every watched resource has its words for exactly its events.
 */

/** A resource's words. */
export interface ResourceWords {
	/** The Resource option's description: what the user gets. */
	gets: string;
	/**
	 * Each event the resource offers: its description, and its name where Created, Updated or Deleted would promise
	 * more than the trigger sees (the value stays: saved workflows rely on it).
	 */
	events: Partial<Record<ChangeKind, { name?: string; description: string }>>;
	/** Why an event of the three is not offered: the hint under Events. */
	missing?: string;
}

/** A resource's words as written below: each event offered beside `gets`, its description alone or with a name. */
type Written = Omit<ResourceWords, 'events'> & {
	[K in ChangeKind]?: string | ResourceWords['events'][K];
};

const gone = (what: string, from = 'the shop') =>
	`${what} removed from ${from} (the item holds its ID)`;

const WRITTEN: Partial<Record<Resource, Written>> = {
	abandonedCart: {
		gets: 'Each new abandoned cart, once',
		created:
			'A cart left at checkout, reported once: later changes to it (items, e-mail, an order placed) are not reported',
		missing:
			'No Updated or Deleted: the API gives carts no update time, so the trigger follows new carts only.',
	},
	applicationCharge: {
		gets: "Your app's charges: created, accepted or declined by the shop owner, activated, or deleted",
		created: 'A charge created, pending until the shop owner decides',
		updated: 'A charge the shop owner accepted or declined, or a charge activated',
		deleted: gone('A charge'),
	},
	blog: {
		gets: 'Blogs added, edited or deleted in the shop',
		created: 'A blog added',
		updated: 'A blog whose title, address, visibility or meta fields changed',
		deleted: gone('A blog'),
	},
	category: {
		gets: 'Categories added, edited or deleted in the shop',
		created: 'A category added',
		updated: 'A category edited in the shop, with its latest name and details',
		deleted: gone('A category'),
	},
	collection: {
		gets: 'Collections added, edited or deleted in the shop admin',
		created: 'A collection added',
		updated: 'A collection edited in the shop, with its latest title and details',
		deleted: gone('A collection'),
	},
	orderStatus: {
		gets: "The shop's order statuses (such as Shipped), added or edited",
		created: 'An order status added',
		updated: 'An order status edited: its name, color, e-mail setting or another field',
		missing: 'No Deleted: the API has no count of order statuses, so a removed one is not seen.',
	},
	page: {
		gets: 'Pages added, edited or deleted in the shop',
		created: 'A page added',
		updated: 'A page edited in the shop, with its latest content',
		deleted: gone('A page'),
	},
	paymentMethod: {
		gets: 'Payment methods added, removed, turned on or off, renamed or reordered',
		created: 'A payment method added',
		updated: 'A payment method turned on or off, renamed, reordered or otherwise changed',
		deleted: gone('A payment method'),
	},
	promotion: {
		gets: 'Promotions added, changed or removed in the shop',
		created: 'A promotion added',
		updated: 'A promotion whose title, dates, value, targets or active state changed',
		deleted: gone('A promotion'),
	},
	theme: {
		gets: 'Themes added, changed or removed, including which theme is active',
		created: 'A theme added',
		updated: 'A theme renamed, or made active or no longer active',
		deleted: gone('A theme'),
	},
	themeAsset: {
		gets: 'The files of one theme: added, removed, or changed in size',
		created: 'A file added to the theme',
		updated: {
			name: 'Size Changed',
			description:
				'A file whose size or type changed. An edit that keeps the size is not seen: the shop lists only key, type, size',
		},
		deleted: 'A file removed from the theme (the item holds its key)',
	},
	themeScript: {
		gets: "Your app's storefront scripts, added or changed",
		created: 'A script added to the storefront',
		updated: 'A script whose address, scope or event changed',
		missing: 'No Deleted: the API cannot count theme scripts, so a removed script is not seen.',
	},
	user: {
		gets: "The shop's staff accounts, added, changed or removed",
		created: 'A user added to the shop',
		updated: 'A user whose name, e-mail, permissions or owner role changed',
		deleted: gone('A user'),
	},
	variant: {
		gets: 'The variants of one product: added, changed (price, stock, SKU and more) or removed',
		created: 'A variant added to the product',
		updated: 'A variant whose price, stock, SKU, availability or another field changed',
		deleted: gone('A variant', 'the product'),
	},
	vendor: {
		gets: 'Vendors (brands) added, edited or deleted in the shop',
		created: 'A vendor added',
		updated: 'A vendor edited in the shop, with its latest title and details',
		deleted: gone('A vendor'),
	},
	voucher: {
		gets: 'Vouchers added or removed (a change to a voucher is not seen)',
		created: 'A voucher added, with its code and discount',
		deleted: gone('A voucher'),
		missing: 'No Updated: the API gives vouchers no update time, so a changed voucher is not seen.',
	},
	webhook: {
		gets: 'Webhook registrations added, changed or removed (the shop removes one after 48 hours of failed deliveries)',
		created: 'A webhook registration added',
		updated: 'A registration whose event or address changed',
		deleted: gone('A registration'),
	},
};

/** Each watched resource's words, by resource. */
export const RESOURCE_WORDS: Partial<Record<Resource, ResourceWords>> = {};
for (const [resource, { gets, missing, ...said }] of Object.entries(WRITTEN)) {
	const events: ResourceWords['events'] = {};
	for (const [kind, e] of Object.entries(said))
		events[kind as ChangeKind] = typeof e === 'string' ? { description: e } : e;
	RESOURCE_WORDS[resource as Resource] = { gets, events, missing };
}

/** The generic name and description of each event, where a resource has no words of its own. */
export const EVENT_NAMES: Record<ChangeKind, [string, string]> = {
	created: ['Created', 'A record that was not there at the previous poll'],
	updated: [
		'Updated',
		'A record that changed since the previous poll (once, with its latest state)',
	],
	deleted: [
		'Deleted',
		'A record that is gone since the previous poll (its ID and what the trigger remembers)',
	],
};

/** The name of an event for a resource: its own where the generic one promises more (a theme file's size). */
export const eventName = (plan: PollPlan, kind: ChangeKind): string =>
	RESOURCE_WORDS[plan.table.resource]?.events[kind]?.name ?? EVENT_NAMES[kind][0];

/** Normalize Numbers serves every resource: it names no field (a page has no price). */
const NORMALIZE_NUMBERS = `Whether to turn numbers the shop sends as text (such as IDs, amounts and counts) into JSON numbers; codes such as SKUs stay text (on unless turned off). Amounts come as the shop sends them (e.g. 4350): the platform does not document their unit (cents or whole currency units).`;

/**
 * A scope field with a "From list" (a Product ID: the products in abandoned carts), By ID beside it. A plain
 * string saved before is read as the ID (poll/node/trigger.ts reads the field with extractValue).
 */
function scopeLocator(field: INodeProperties, param: Param): INodeProperties {
	const { placeholder, ...rest } = field;
	return {
		...rest,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: param.listSearch, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder,
				// text typed where the ids are whole numbers: an issue of the field at once (input/idMode.ts)
				...idValidation(param),
			},
		],
	};
}

/** The poll trigger's fields, each resource's shown where it is chosen. */
export function buildPollProperties(plans: PollPlan[]): INodeProperties[] {
	const byName = [...plans].sort((a, b) => a.table.displayName.localeCompare(b.table.displayName));
	const shownFor = (plan: PollPlan) => ({ show: { resource: [plan.table.resource] } });
	const resource: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: byName.map((plan) => ({
			name: plan.table.displayName,
			value: plan.table.resource,
			description:
				RESOURCE_WORDS[plan.table.resource]?.gets ??
				plan.events.map((e) => eventName(plan, e)).join(', '),
		})),
		default: 'page',
		description: 'The records to watch',
	};
	const scope = byName.flatMap((plan) =>
		plan.scope.map((param) => {
			const noun = param.displayName.replace(/ ID$/, '');
			const field: INodeProperties = {
				displayName: `${noun} ID`,
				name: param.name,
				type: 'string',
				required: true,
				default: '',
				placeholder: param.placeholder ?? 'e.g. 1',
				description: `The ${noun.toLowerCase()} whose ${plan.table.displayName.toLowerCase()}s to watch`,
				// where to find the id, under the field (not only in the tooltip)
				...(param.findHint ? { hint: param.findHint } : {}),
				displayOptions: shownFor(plan),
			};
			return param.listSearch ? scopeLocator(field, param) : field;
		}),
	);
	// one Events entry per resource, in its words; the values and defaults are the plan's (saved workflows)
	const events = byName.map((plan): INodeProperties => {
		const words = RESOURCE_WORDS[plan.table.resource];
		return {
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			required: true,
			options: plan.events.map((e) => ({
				name: eventName(plan, e),
				value: e,
				description: words?.events[e]?.description ?? EVENT_NAMES[e][1],
			})),
			default: [...plan.events],
			description: 'Which changes start the workflow, one item per changed record',
			// under the field, always shown: why an event the user may look for is not offered
			...(words?.missing ? { hint: words.missing } : {}),
			displayOptions: shownFor(plan),
		};
	});
	const simplify = byName
		.filter((p) => p.table.simplify)
		.map((plan): INodeProperties => {
			// the keys its list carries (a voucher list has no `items`)
			const keys = keysCarried(plan.table.simplify ?? [], plan.list.lacks);
			return {
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: true,
				description: `Whether to return only the fields used most (${simplifiedKeys(keys, true).join(', ')}) instead of the whole record`,
				displayOptions: shownFor(plan),
			};
		});
	const options: INodeProperties = {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			// on unless turned off, as on the webhook trigger's newest typeVersion (numbers the shop sends as text)
			{ ...NORMALIZE_NUMBERS_OPTION, default: true, description: NORMALIZE_NUMBERS },
			{
				displayName: 'Report Outage After (Minutes)',
				name: 'reportOutageAfter',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_REPORT_AFTER_MINUTES,
				description:
					'How long the shop may be unable to answer (HTTP 5xx or 429, a timeout, no connection) before the trigger shows one error execution for it. Polls end without an error meanwhile, and the first poll after the shop answers again brings every change made meanwhile.',
			},
		],
	};
	return [resource, ...scope, ...events, ...simplify, options];
}

/** The panel's notice: no public URL needed, and what only the webhook trigger receives. */
export const POLL_NOTICE: INodeProperties = {
	displayName:
		'Asks the shop for changes at each Poll Time, so n8n needs no public URL. Orders, products and customers cannot be watched: the API has no list of them. Store Platform Trigger receives their events when the shop can reach n8n.',
	name: 'notice',
	type: 'notice',
	default: '',
};

/** Plain words, for a user who has not met n8n's execution modes (no `deliveryKey` jargon up front). */
const SAMPLE =
	'Fetch Test Event shows the newest record as an example of what an item looks like, marked sample: true. It is not a change that just happened: real changes have no sample field.';

const PUBLISHED =
	'Once the workflow is published, each poll that finds changes starts one execution, with one item per changed record.';

const ONCE =
	'Rarely, after n8n restarts in the middle of a poll, a change comes twice. To run each change once, put a Remove Duplicates node after the trigger, on the field deliveryKey.';

/**
 * The left pane (n8n's TriggerPanel): the example, the executions once published, and how to run each change once (n8n
 * renders these texts as HTML).
 */
export const POLL_TRIGGER_PANEL: TriggerPanelDefinition = {
	executionsHelp: {
		inactive: `<b>While building your workflow</b>: ${SAMPLE}<br /><br /><b>${PUBLISHED}</b> These executions show up in the <a data-key="executions">executions list</a>, not in the editor.<br /><br />${ONCE}`,
		active: `<b>The workflow is published</b>: n8n asks the shop at each Poll Time and starts it with one item per change since the previous poll, in the <a data-key="executions">executions list</a>.<br /><br />${SAMPLE}<br /><br />${ONCE}`,
	},
};

/**
 * Above the output pane, before the node has run: what Fetch Test Event will show. n8n 2.41.1's editor shows a
 * `whenToDisplay: 'beforeExecution'` hint only while the node has no output, so never above a real execution. No hint
 * after a run: a poll function has no execution hints, and a `displayCondition` cannot tell the example from a real
 * execution (test/e2e/newcomer.test.js, point k); the left pane's help and `sample: true` explain it instead. After a
 * run, only what holds for sample and real changes alike: the unit of amounts, where the resource has amounts.
 */
export const POLL_HINTS: NodeHint[] = [
	{
		message: `${SAMPLE} ${PUBLISHED}`,
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'beforeExecution',
	},
	POLL_AMOUNTS_HINT,
];

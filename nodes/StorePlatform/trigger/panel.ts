import type {
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
	TriggerPanelDefinition,
} from 'n8n-workflow';

import { TRIGGER_AMOUNTS_HINT } from '../api/amountsHint';
import { EVENTS } from '../api/events';
import { AMOUNTS_UNIT, NORMALIZE_NUMBERS_OPTION } from '../api/output';

/** Texts and entries of the trigger's panel that depend on its typeVersion or explain the shop's data. */

/**
 * The notice on top of the panel. n8n shows the node's Webhook URLs above it, collapsed, with a Test URL and a
 * Production URL tab: the text names both and holds on either tab (one sentence, at most 140 characters).
 */
export const TRIGGER_NOTICE =
	'The shop posts events to the Test URL while you listen and to the Production URL once published, so n8n must be reachable from the shop.';

/** The second notice: where a user whose n8n the shop cannot reach goes instead. */
export const POLL_TRIGGER_POINTER =
	'No public URL, as with n8n on a laptop? Store Platform Poll Trigger asks the shop on a schedule instead: it watches pages, vouchers, application charges, themes and more, but not orders, products or customers.';

/** How to make the shop send a test event: in the shop, or with the package's sandbox shop (`npm run dev`). */
const SEND_ONE =
	'make the shop send one of the chosen events: do what the event names in the shop (create an order for Order Created), or, on the sandbox shop of this package (<code>npm run dev</code>), run <code>npm run sandbox -- fire order/create</code> in a terminal (any chosen event in place of order/create).';

/**
 * The left pane of the panel (n8n's TriggerPanel): its header and "When will this node trigger my flow?" say how
 * a test event comes, the sandbox's `fire` command included (n8n's own listening text says only "Go to Store
 * Platform and create an event"), and what happens once published (n8n renders these texts as HTML).
 */
export const TRIGGER_PANEL: TriggerPanelDefinition = {
	header: 'Listen for a test event, then make the shop send one',
	executionsHelp: {
		inactive: `<b>While building your workflow</b>: click Execute step (it listens for one event), then ${SEND_ONE}<br /><br /><b>Once the workflow is published</b> (active), each event the shop sends starts the workflow. These executions show up in the <a data-key="executions">executions list</a>, not in the editor.`,
		active: `<b>The workflow is published</b>: each event the shop sends starts it, in the <a data-key="executions">executions list</a>.<br /><br />To see one here, click Execute step (it listens for one event), then ${SEND_ONE}`,
	},
};

/**
 * The panel's parts of the description: the left pane's help, and above an order's or checkout's output the hint
 * that the unit of its amounts is not documented (api/amountsHint.ts).
 */
export const TRIGGER_PANEL_PARTS: Pick<INodeTypeDescription, 'triggerPanel' | 'hints'> = {
	triggerPanel: TRIGGER_PANEL,
	hints: [TRIGGER_AMOUNTS_HINT],
};

/**
 * Nodes panel names that "On <event>" would make misleading: the platform lists orderStatus/paid without saying
 * what it is, beside order/paid (the one a user who wants paid orders looks for).
 */
const ACTIONS: Record<string, string> = {
	'orderStatus/paid': 'On order status paid (undocumented: for paid orders, use On order paid)',
};

/**
 * The Events options: each kind's value, and what its name alone does not say. `action` is the nodes panel's
 * name of the event ("On order created"); that the shop must reach n8n is said once, by the Store Platform entry's
 * description and the trigger's notice, not on each of the 29 events.
 */
export const EVENT_OPTIONS: INodePropertyOptions[] = EVENTS.map((e) => ({
	name: e.name,
	value: e.value,
	// words first; the code after them is the item's `event` (what a condition compares)
	description: e.description
		? `${e.description.charAt(0).toUpperCase()}${e.description.slice(1)} (event ${e.value})`
		: `${e.happened} (event ${e.value})`,
	action: ACTIONS[e.value] ?? `On ${e.name.toLowerCase()}`,
}));

/** What the spec says of amounts: "Units of money amounts (minor units or currency): not shown". */

/** typeVersion 4 turns Normalize Numbers on by default; nodes saved before keep it off. */
export const TRIGGER_NORMALIZE_NUMBERS: INodeProperties[] = [
	{
		...NORMALIZE_NUMBERS_OPTION,
		description: `${NORMALIZE_NUMBERS_OPTION.description}. ${AMOUNTS_UNIT}`,
		displayOptions: { show: { '@version': [1, 2, 3] } },
	},
	{
		...NORMALIZE_NUMBERS_OPTION,
		default: true,
		description: `${NORMALIZE_NUMBERS_OPTION.description} (on by default for triggers added since this default). ${AMOUNTS_UNIT}`,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 4 } }] } },
	},
];

/** Whether numbers are normalized: as chosen in Options, else on from typeVersion 4. */
export function normalisesNumbers(chosen: unknown, typeVersion: number): boolean {
	if (chosen === undefined || chosen === null || chosen === '') return typeVersion >= 4;
	return chosen === true || chosen === 'true';
}

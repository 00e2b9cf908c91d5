import type { NodeHint } from 'n8n-workflow';

/**
 * Where an output holds money amounts, the output pane says beside it that their unit is not documented (the spec:
 * "Units of money amounts (minor units or currency): not shown"), so that "4350 EUR" does not go into a message
 * unchecked (issue 50). A hint, not a field: items stay as saved workflows know them. n8n 2.41.1 shows an
 * `afterExecution` output-pane hint once the node has output, when its `displayCondition` (the node's parameters
 * only: a trigger has no input) is true.
 */

/** The hint's words, naming the amount fields of the output. */
export const amountsWords = (fields: string): string =>
	`Amounts such as ${fields} come as the shop sends them (e.g. 4350, with currency EUR): the platform does not document their unit, so 4350 may be 43.50 EUR or 4350 EUR. Compare one with the shop before you put amounts in a message.`;

/** The events whose items carry amounts (an order's total_price, items[].price; a checkout's). */
const AMOUNT_EVENTS = ['order/', 'checkout/'];

/** The webhook trigger: where an order or checkout event is chosen. */
export const TRIGGER_AMOUNTS_HINT: NodeHint = {
	message: amountsWords('total_price and items[].price'),
	type: 'info',
	location: 'outputPane',
	whenToDisplay: 'afterExecution',
	displayCondition: `={{ ($parameter.events || []).some((e) => ${JSON.stringify(AMOUNT_EVENTS)}.some((p) => String(e).startsWith(p))) }}`,
};

/** The poll trigger's resources whose records hold amounts (the spec's price, value and amount fields). */
export const POLL_AMOUNT_RESOURCES = ['applicationCharge', 'promotion', 'variant', 'voucher'];

/** The poll trigger: where such a resource is watched. */
export const POLL_AMOUNTS_HINT: NodeHint = {
	message: amountsWords('price, promotion_value and discount_value'),
	type: 'info',
	location: 'outputPane',
	whenToDisplay: 'afterExecution',
	displayCondition: `={{ ${JSON.stringify(POLL_AMOUNT_RESOURCES)}.includes($parameter.resource) }}`,
};

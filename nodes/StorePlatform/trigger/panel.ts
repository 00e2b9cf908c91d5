import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { EVENTS } from '../api/events';
import { NORMALIZE_NUMBERS_OPTION } from '../api/output';

/** Texts and entries of the trigger's panel that depend on its typeVersion or explain the shop's data. */

/**
 * The notice on top of the panel. n8n shows the node's Webhook URLs above it, collapsed, with a Test URL and a
 * Production URL tab: the text names both and holds on either tab (one sentence, at most 140 characters).
 */
export const TRIGGER_NOTICE =
	'The shop posts events to the Test URL while you listen and to the Production URL once active, so n8n must be reachable from the internet.';

/** The Events options: each kind's value, and what its name alone does not say. */
export const EVENT_OPTIONS: INodePropertyOptions[] = EVENTS.map((e) => ({
	name: e.name,
	value: e.value,
	description: e.description ? `${e.value}: ${e.description}` : e.value,
}));

/** What the spec says of amounts: "Units of money amounts (minor units or currency): not shown". */
export const AMOUNTS_UNIT =
	'Amounts such as total_price are given as the shop sends them (e.g. 4350): the platform does not document their unit (cents or whole currency units).';

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

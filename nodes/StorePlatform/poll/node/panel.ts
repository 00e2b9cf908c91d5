import type { INodeProperties, NodeHint, TriggerPanelDefinition } from 'n8n-workflow';

import { POLL_AMOUNTS_HINT } from '../../api/amountsHint';

/**
 * What the poll trigger's panel says beside its fields: the notice on top, the left pane's help on Fetch Test Event and
 * the output pane's hints on its example. Texts only.
 */

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

import type { INodeProperties, NodeHint, TriggerPanelDefinition } from 'n8n-workflow';

/**
 * What the poll trigger's panel says beside its fields: the notice on top (what it cannot watch and which node
 * can), the left pane's help on Fetch Test Event (n8n's trigger panel), and the output pane's hint on the sample
 * and `deliveryKey` (n8n's node hints). Texts only.
 */

/** The panel's notice: no public URL needed, and what only the webhook trigger receives. */
export const POLL_NOTICE: INodeProperties = {
	displayName:
		'Asks the shop for changes at each Poll Time, so n8n needs no public URL. Orders, products and customers cannot be watched: the API has no list of them. Store Platform Trigger receives their events when the shop can reach n8n.',
	name: 'notice',
	type: 'notice',
	default: '',
};

const SAMPLE =
	'Fetch Test Event shows the newest record of the chosen Resource as a sample, not a change that just happened: its event says which change it stands for (updated where the record was changed after its creation, else created).';

const DELIVERY_KEY =
	'Each item carries a deliveryKey, the same whenever one change is sent again (after a crash or a restart): Remove Duplicates on deliveryKey runs each change once.';

/**
 * The left pane of the panel (n8n's TriggerPanel): "When will this node trigger my flow?" explains the sample,
 * the executions once published, and deliveryKey (n8n renders these texts as HTML, as its own).
 */
export const POLL_TRIGGER_PANEL: TriggerPanelDefinition = {
	executionsHelp: {
		inactive: `<b>While building your workflow</b>: ${SAMPLE}<br /><br /><b>Once the workflow is published</b> (active), n8n asks the shop at each Poll Time and starts the workflow with one item per change since the previous poll. These executions show up in the <a data-key="executions">executions list</a>, not in the editor.<br /><br />${DELIVERY_KEY}`,
		active: `<b>The workflow is published</b>: n8n asks the shop at each Poll Time and starts it with one item per change since the previous poll, in the <a data-key="executions">executions list</a>.<br /><br />${SAMPLE}<br /><br />${DELIVERY_KEY}`,
	},
};

/**
 * Shown above the output once the node ran (Fetch Test Event, or an execution opened). n8n 2.41.1 shows a node hint
 * after a failed run too, above the error, and offers no condition a trigger can use to hide it then (hints have
 * no displayOptions; a hint's displayCondition sees the node's input, which a trigger has none of, and not its own
 * output without its name): so the hint opens with "When a record comes back", and beside an error reads as what a
 * successful Fetch Test Event would show.
 */
export const POLL_HINTS: NodeHint[] = [
	{
		message: `When a record comes back: ${SAMPLE} Once the workflow is published, each item is one change. ${DELIVERY_KEY}`,
		type: 'info',
		location: 'outputPane',
		whenToDisplay: 'afterExecution',
	},
];

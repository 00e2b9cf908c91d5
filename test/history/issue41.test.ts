/**
 * Issue 41's thirteen failures (issue41.ts), each a fixed history the checker must pass, and #10 as a test of its
 * own (durable cursors: the runner cannot edit the trigger's parameters). Those that fail on the trigger of this
 * branch are `test.failing` (FAILING): the lead removes an item from FAILING when its fix is merged. An item
 * the habits could not reproduce (#6) is an ordinary test: it holds today and must go on holding.
 */
import type { INodeParameters } from 'n8n-workflow';

import { pollStore, useSandbox } from '../workflow/setup';
import { ISSUE41 } from './issue41';
import { holds } from './verdict';

const env = useSandbox();

/** The items that fail today, each for the reason the issue gives (the checker's first broken promise). */
const FAILING = new Set<number>([]);

const marked = (item: number) => (FAILING.has(item) ? test.failing : test);

describe('issue 41: the thirteen failures, and one found since (fail until fixed)', () => {
	for (const f of ISSUE41)
		marked(f.item)(
			`#${f.item}: ${f.title}`,
			async () => {
				for (const history of f.histories) await holds(env.sandbox, history);
			},
			120_000,
		);

	marked(10)(
		'#10: durable cursors, the Deleted event added to an active trigger: a page created before the first scheduled poll comes',
		async () => {
			const two: INodeParameters = {
				resource: 'page',
				events: ['created', 'updated'],
				simplify: false,
			};
			const all: INodeParameters = { ...two, events: ['created', 'updated', 'deleted'] };
			const workflowId = 'issue41-10';
			const first = pollStore(env.sandbox, two, { workflowId });
			await first.tick({ activation: true });
			await first.tick();
			const node = first.staticData();
			// the user adds Deleted: n8n activates the workflow again; with durable cursors (2.36+) the node data of a
			// quiet activation poll is dropped, so the scheduled poll starts from the node data saved before it
			const again = pollStore(env.sandbox, all, {
				workflowId,
				staticData: node,
				globalStaticData: first.globalStaticData(),
				activation: 'update',
			});
			await again.tick({ activation: true });
			const page = env.sandbox.owner.add('page', { title: 'before the first scheduled poll' });
			const scheduled = pollStore(env.sandbox, all, {
				workflowId,
				staticData: node,
				globalStaticData: again.globalStaticData(),
				activation: 'update',
			});
			const tick = await scheduled.tick();
			expect(
				(tick.items ?? []).map((i) => `${String(i.json.event)} ${String(i.json.id)}`),
			).toContain(`page/created ${String(page.id)}`);
		},
	);
});

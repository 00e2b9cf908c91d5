/**
 * What the dev banner and the examples' notes tell a user to run makes the poll trigger fire, through n8n-core's
 * poller against the sandbox: the dev demo (Pages) reports `npm run sandbox -- change page 1` as Updated, and
 * docs/examples/charge-accepted.json's trigger reports `npm run sandbox -- accept-charge` (the pending charge, then
 * a new one each time), each an item its If node lets through (accepted, not yet activated).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ownerCall } from '../../sandbox/cliOwner';
import { pollStore, useSandbox } from './setup';

/* eslint-disable @typescript-eslint/no-require-imports -- the dev tools are plain CommonJS */
const { demoWorkflows, DEMO_POLL_ID } = require('../../scripts/n8n/devWorkflows.js') as {
	demoWorkflows: () => Array<{
		id: string;
		nodes: Array<{ type: string; parameters: IDataObject }>;
	}>;
	DEMO_POLL_ID: string;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const env = useSandbox();
const POLL = 'n8n-nodes-store-platform.storePlatformPollTrigger';

const pollParameters = (nodes: Array<{ type: string; parameters: IDataObject }>) =>
	nodes.find((n) => n.type === POLL)!.parameters as INodeParameters;

/** `npm run sandbox -- <args>` against the test's sandbox (the call the CLI sends). */
async function sandboxCommand(...args: string[]): Promise<void> {
	const c = ownerCall(args);
	const res = await fetch(env.sandbox.url + c.path, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(c.body),
	});
	expect({ args, status: res.status }).toEqual({ args, status: 200 });
}

const poller = (parameters: INodeParameters) => pollStore(env.sandbox, parameters);

const got = (items: Array<{ json: IDataObject }> | null) =>
	(items ?? []).map((i) => `${String(i.json.event)} ${String(i.json.id)}`);

test('the dev demo: `change page 1` comes as one page/updated item at the next poll', async () => {
	const demo = demoWorkflows().find((w) => w.id === DEMO_POLL_ID)!;
	const p = poller(pollParameters(demo.nodes));
	expect((await p.tick({ activation: true })).items).toBeNull();
	await sandboxCommand('change', 'page', '1');
	expect(got((await p.tick()).items)).toEqual(['page/updated 1']);
	expect((await p.tick()).items).toBeNull();
});

test('docs/examples/charge-accepted.json: each `accept-charge` comes as one item its If node lets through', async () => {
	const example = JSON.parse(
		fs.readFileSync(
			path.join(__dirname, '..', '..', 'docs', 'examples', 'charge-accepted.json'),
			'utf8',
		),
	) as { nodes: Array<{ type: string; parameters: IDataObject }> };
	const p = poller(pollParameters(example.nodes));
	expect((await p.tick({ activation: true })).items).toBeNull();
	const expected = ['applicationCharge/updated 1', 'applicationCharge/created 4'];
	for (const want of expected) {
		await sandboxCommand('accept-charge');
		const tick = await p.tick();
		expect(got(tick.items)).toEqual([want]);
		const item = tick.items![0].json;
		expect({ status: item.status, activated: Boolean(item.activated_on) }).toEqual({
			status: 'accepted',
			activated: false,
		});
	}
});

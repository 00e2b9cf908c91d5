/**
 * What `npm run dev` imports and prints (scripts/n8n/devWorkflows.js): demo workflows with each node at the
 * typeVersion a new node gets, and a banner naming both triggers and, beside each, a sandbox command that
 * exists and makes it fire.
 */
import type { IDataObject, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { planOf } from '../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { COMMANDS } from '../../sandbox/cliOwner';

interface DemoNode {
	type: string;
	typeVersion: number;
	parameters: IDataObject;
}
/* eslint-disable @typescript-eslint/no-require-imports -- the dev tools are plain CommonJS */
const dev = require('../../scripts/n8n/devWorkflows.js') as {
	DEMO_POLL_ID: string;
	DEMO_TRIGGER_ID: string;
	DEMO_IDS: string[];
	demoWorkflows: () => Array<{ id: string; active?: boolean; nodes: DemoNode[] }>;
	bannerLines: (o: IDataObject) => string[];
	demoRegistrations: (rows: Array<{ section: string; site_url: string }>, url: string) => number;
	noteHeight: (content: string) => number;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const OURS: Record<string, INodeType> = {
	'n8n-nodes-store-platform.storePlatform': new StorePlatform(),
	'n8n-nodes-store-platform.storePlatformTrigger': new StorePlatformTrigger(),
	'n8n-nodes-store-platform.storePlatformPollTrigger': new StorePlatformPollTrigger(),
};
const newNodeVersion = (d: INodeTypeDescription) =>
	d.defaultVersion ?? Math.max(...(Array.isArray(d.version) ? d.version : [d.version]));

const banner = (sandboxPort: number) =>
	dev.bannerLines({
		version: '2.41.1',
		baseUrl: 'http://127.0.0.1:5678',
		owner: { email: 'owner@example.com', password: 'pw' },
		sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
		sandboxPort,
		credentials: { consumerKey: 'k', consumerSecret: 's' },
		hooks: 1,
		watch: true,
		seconds: 300,
	});

describe('npm run dev: demo workflows and banner', () => {
	test("the banner counts the demo trigger's registrations only, not every workflow's", () => {
		const demo = 'http://127.0.0.1:5678/webhook/demo/webhook';
		const rows = [
			{ section: 'order/create', site_url: demo },
			{ section: 'order/create', site_url: 'http://127.0.0.1:5678/webhook/other/webhook' },
			{ section: 'order/paid', site_url: demo },
			{ section: 'order/create', site_url: 'http://127.0.0.1:5678/webhook-test/x/webhook' },
		];
		expect(dev.demoRegistrations(rows, demo)).toBe(1);
		expect(dev.demoRegistrations([], demo)).toBe(0);
	});

	test('demo workflows: n8n ids, our nodes at a new node’s typeVersion, none published at import', () => {
		const demos = dev.demoWorkflows();
		for (const w of demos) {
			expect(w.id).toMatch(/^[A-Za-z0-9]{16}$/);
			for (const n of w.nodes.filter((x) => OURS[x.type]))
				expect({ id: w.id, type: n.type, v: n.typeVersion }).toEqual({
					id: w.id,
					type: n.type,
					v: newNodeVersion(OURS[n.type].description),
				});
		}
		const triggers = demos.filter((w) =>
			w.nodes.some((n) => OURS[n.type] && /Trigger$/.test(n.type)),
		);
		expect(triggers.map((w) => w.id).sort()).toEqual(
			[dev.DEMO_POLL_ID, dev.DEMO_TRIGGER_ID].sort(),
		);
		expect(demos.map((w) => w.id)).toEqual(dev.DEMO_IDS);
		// a published demo would run beside the newcomer's own workflow at each test (issue 43)
		for (const w of demos) expect(w.active).toBeFalsy();
		const poll = demos
			.find((w) => w.id === dev.DEMO_POLL_ID)!
			.nodes.find((n) => n.type.endsWith('PollTrigger'))!;
		const plan = planOf(TABLES.find((t) => t.resource === poll.parameters.resource)!)!;
		for (const e of poll.parameters.events as string[]) expect(plan.events).toContain(e);
	});

	test("each trigger demo has a sticky note in n8n 2.x's words: publish it, and the sandbox command that fires it", () => {
		const demos = dev.demoWorkflows();
		for (const id of [dev.DEMO_TRIGGER_ID, dev.DEMO_POLL_ID]) {
			const nodes = demos.find((w) => w.id === id)!.nodes as Array<
				DemoNode & { position: [number, number] }
			>;
			const notes = nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
			expect(notes).toHaveLength(1);
			const content = String(notes[0].parameters.content);
			expect(content).toMatch(/not published, so that your own workflows' tests run alone/);
			expect(content).toMatch(/Click \*\*Publish\*\* \(n8n 1\.x: switch it to active\)/);
			const commands = [...content.matchAll(/`npm run sandbox -- ([a-z-]+)[^`]*`/g)].map(
				(m) => m[1],
			);
			expect(commands).toHaveLength(1);
			expect(Object.keys(COMMANDS)).toContain(commands[0]);
			// the note covers no node (a node is about 100 x 100 from its position)
			const [x, y] = notes[0].position;
			const [w, h] = [Number(notes[0].parameters.width), Number(notes[0].parameters.height)];
			for (const n of nodes.filter((k) => k !== notes[0]))
				expect(
					n.position[0] + 100 <= x ||
						n.position[0] >= x + w ||
						n.position[1] + 100 <= y ||
						n.position[1] >= y + h,
				).toBe(true);
		}
	});

	test.each([4010, 4011])(
		'banner (sandbox on %i): both triggers and a command beside each',
		(port) => {
			const lines = banner(port);
			const text = lines.join('\n');
			expect(text).toContain(
				`/workflow/${dev.DEMO_TRIGGER_ID}  Store Platform Trigger on order/create`,
			);
			expect(text).toContain(`/workflow/${dev.DEMO_POLL_ID}  Store Platform Poll Trigger on Pages`);
			const suffix = port === 4010 ? '' : ` --port ${port}`;
			const commands = lines
				.map((l) => /npm run sandbox -- (.+?)\s{3}\(/.exec(l)?.[1])
				.filter((c): c is string => Boolean(c));
			expect(commands).toEqual([
				`fire order/create${suffix}`,
				`change page 1${suffix}`,
				`accept-charge${suffix}`,
			]);
			for (const c of commands) expect(Object.keys(COMMANDS)).toContain(c.split(' ')[0]);
			// each command sits under the trigger it fires
			const at = (s: string) => lines.findIndex((l) => l.includes(s));
			expect(at('fire order/create')).toBe(at('Store Platform Trigger on order/create') + 1);
			expect(at('change page 1')).toBe(at('Store Platform Poll Trigger on Pages') + 1);
			expect(text).toContain('(ready after 300s)');
		},
	);

	test("the banner's editor address opens the Overview with the demos, not n8n's Assistant page at /", () => {
		const [editor] = banner(4010).filter((l) => l.includes(' editor '));
		expect(editor).toMatch(/ editor +http:\/\/127\.0\.0\.1:5678\/home\/workflows /);
	});

	test.each([
		['a heading and a short line', '## See it run\nshort', 100],
		['a heading and 60 characters', `## See it run\n${'x'.repeat(60)}`, 100],
		['a heading and 61 characters: a second line', `## See it run\n${'x'.repeat(61)}`, 120],
		['two paragraphs', `## H\n${'x'.repeat(120)}\n\n${'y'.repeat(10)}`, 140],
	])('a sticky note is as high as its text: %s', (_, content, height) => {
		expect(dev.noteHeight(content)).toBe(height);
	});

	test('each demo note is high enough for its text and clear of the nodes', () => {
		const notes = dev
			.demoWorkflows()
			.flatMap((w) => w.nodes)
			.filter((n) => n.type === 'n8n-nodes-base.stickyNote') as unknown as Array<{
			position: [number, number];
			parameters: { content: string; height: number };
		}>;
		expect(notes).toHaveLength(2);
		for (const n of notes) {
			expect(n.parameters.height).toBe(dev.noteHeight(n.parameters.content));
			// the order demo's note (590 characters) cut off its last line at the former fixed 220 px
			expect(n.parameters.height).toBeGreaterThan(220);
			expect(n.position[1] + n.parameters.height).toBeLessThanOrEqual(-40);
		}
	});

	test('the banner says the demos are not published, and which ones the user published', () => {
		const text = banner(4010).join('\n');
		expect(text).toMatch(/demo workflows +three, unpublished unless you publish them/);
		expect(text.match(/not published: Publish to try it/g)).toHaveLength(2);
		const published = dev
			.bannerLines({
				version: '2.41.1',
				baseUrl: 'http://127.0.0.1:5678',
				owner: { email: 'owner@example.com', password: 'pw' },
				sandboxUrl: 'http://127.0.0.1:4010',
				sandboxPort: 4010,
				credentials: { consumerKey: 'k', consumerSecret: 's' },
				hooks: 1,
				published: [dev.DEMO_TRIGGER_ID],
				watch: true,
			})
			.join('\n');
		expect(published).toMatch(
			/order\/create \(published: it runs beside your own workflows, 1 registration\)/,
		);
		expect(published.match(/not published/g)).toHaveLength(1);
	});
});

/**
 * The ready-made workflows in docs/examples/: each says, in the workflow itself (a sticky note), what to set
 * before it runs (every node that needs a credential, every placeholder value and the node holding it) and how
 * to see it run on the sandbox (a command the sandbox CLI has); our nodes are at the typeVersion a new node gets,
 * with parameters the node offers. (test/e2e/deliveries.test.js imports deliveries-once.json into real n8n.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { planOf } from '../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { EVENT_OPTIONS } from '../../nodes/StorePlatform/trigger/panel';
import { COMMANDS } from '../../sandbox/cliOwner';

/* eslint-disable @typescript-eslint/no-require-imports -- the dev tools are plain CommonJS */
const { CRED_NAME } = require('../../scripts/n8n/devWorkflows.js') as { CRED_NAME: string };
/* eslint-enable @typescript-eslint/no-require-imports */

const DIR = path.join(__dirname, '..', '..', 'docs', 'examples');
const EXAMPLES = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: IDataObject;
	credentials?: IDataObject;
}
interface Workflow {
	nodes: WorkflowNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const STICKY = 'n8n-nodes-base.stickyNote';
const OURS: Record<string, INodeType> = {
	'n8n-nodes-store-platform.storePlatform': new StorePlatform(),
	'n8n-nodes-store-platform.storePlatformTrigger': new StorePlatformTrigger(),
	'n8n-nodes-store-platform.storePlatformPollTrigger': new StorePlatformPollTrigger(),
};

/** The typeVersion n8n gives a node added from the panel today. */
function newNodeVersion(d: INodeTypeDescription): number {
	const versions = Array.isArray(d.version) ? d.version : [d.version];
	return d.defaultVersion ?? Math.max(...versions);
}

/** Whether a node needs a credential chosen before it runs: ours (a required credential), or one that names one. */
function needsCredential(node: WorkflowNode): boolean {
	const type = OURS[node.type];
	return (
		Boolean(node.credentials) ||
		Boolean(type?.description.credentials?.some((c) => c.required !== false))
	);
}

/** A value a user must replace: a reserved example address, or words such as REPLACE / YOUR-... */
const PLACEHOLDER =
	/REPLACE|\bYOUR[-_ ]|\bexample\.(?:com|org|net)\b|\.example\b|\.invalid\b|<[a-z][^>]*>/i;

/** Every string in `value` (parameters), deeply. */
function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(strings);
	if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
	return [];
}

const read = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Workflow;
const notesOf = (wf: Workflow) => wf.nodes.filter((n) => n.type === STICKY);
const noteText = (wf: Workflow) =>
	notesOf(wf)
		.map((n) => String(n.parameters.content))
		.join('\n');
const steps = (wf: Workflow) => wf.nodes.filter((n) => n.type !== STICKY);

test('there are examples to check', () => {
	expect(EXAMPLES).toEqual(
		expect.arrayContaining(['charge-accepted.json', 'deliveries-once.json']),
	);
});

test("charge-accepted's note says the second execution its own activation causes a minute later (issue 43)", () => {
	const text = noteText(read('charge-accepted.json'));
	expect(text).toMatch(/A minute later a second execution runs/);
	expect(text).toMatch(/stops at \*\*Accepted\?\*\* and does nothing/);
	// the node it names is the workflow's
	expect(steps(read('charge-accepted.json')).map((n) => n.name)).toContain('Accepted?');
});

describe.each(EXAMPLES)('docs/examples/%s', (file) => {
	const wf = read(file);

	test('has a sticky note as n8n saves one', () => {
		const notes = notesOf(wf);
		expect(notes.length).toBeGreaterThanOrEqual(1);
		for (const n of notes) {
			expect(n.typeVersion).toBe(1);
			expect(Object.keys(n.parameters).sort()).toEqual(['color', 'content', 'height', 'width']);
			expect(typeof n.parameters.content).toBe('string');
			for (const k of ['width', 'height', 'color']) expect(typeof n.parameters[k]).toBe('number');
			expect(n.parameters.content).toMatch(/^## Before you run this workflow\n/);
		}
	});

	test('the note names every node that needs a credential, and the sandbox credential', () => {
		const needing = steps(wf).filter(needsCredential);
		expect(needing.length).toBeGreaterThan(0);
		for (const node of needing)
			expect({ node: node.name, named: noteText(wf).includes(`**${node.name}**`) }).toEqual({
				node: node.name,
				named: true,
			});
		expect(noteText(wf)).toContain(`**${CRED_NAME}**`);
	});

	test('the note names every placeholder value and the node that holds it', () => {
		for (const node of steps(wf))
			for (const value of strings(node.parameters).filter((v) => PLACEHOLDER.test(v)))
				expect({ node: node.name, value, named: noteText(wf) }).toEqual({
					node: node.name,
					value,
					named: expect.stringMatching(
						new RegExp(
							`\\*\\*${node.name.replace(/[?*+.()]/g, '\\$&')}\\*\\*[^\\n]*${value.replace(/[/.?*+()]/g, '\\$&')}`,
						),
					),
				});
	});

	test('the note says how to see it run on the sandbox, with a command the sandbox CLI has', () => {
		const commands = [...noteText(wf).matchAll(/`npm run sandbox -- ([a-z-]+)[^`]*`/g)].map(
			(m) => m[1],
		);
		expect(commands.length).toBeGreaterThan(0);
		for (const c of commands) expect(Object.keys(COMMANDS)).toContain(c);
	});

	test('our nodes are at the typeVersion a new node gets, with options they offer', () => {
		for (const node of steps(wf).filter((n) => OURS[n.type])) {
			const description = OURS[node.type].description;
			expect({ node: node.name, typeVersion: node.typeVersion }).toEqual({
				node: node.name,
				typeVersion: newNodeVersion(description),
			});
			const events = node.parameters.events as string[] | undefined;
			if (node.type.endsWith('PollTrigger')) {
				const table = TABLES.find((t) => t.resource === node.parameters.resource);
				const plan = table && planOf(table);
				expect(plan).toBeDefined();
				for (const e of events ?? []) expect(plan!.events).toContain(e);
			} else if (node.type.endsWith('Trigger')) {
				for (const e of events ?? []) expect(EVENT_OPTIONS.map((o) => o.value)).toContain(e);
			}
		}
	});

	test('connections join nodes that exist, and no note covers a node', () => {
		const names = new Set(wf.nodes.map((n) => n.name));
		for (const [from, out] of Object.entries(wf.connections)) {
			expect(names).toContain(from);
			for (const branch of out.main) for (const to of branch) expect(names).toContain(to.node);
		}
		for (const note of notesOf(wf)) {
			const [x, y] = note.position;
			const [w, h] = [Number(note.parameters.width), Number(note.parameters.height)];
			for (const n of steps(wf)) {
				// a node is about 100 x 100 from its position
				const apart =
					n.position[0] + 100 <= x ||
					n.position[0] >= x + w ||
					n.position[1] + 100 <= y ||
					n.position[1] >= y + h;
				expect({ node: n.name, apart }).toEqual({ node: n.name, apart: true });
			}
		}
	});
});

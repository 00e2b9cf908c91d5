import type { INodeProperties } from 'n8n-workflow';

import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';

const node = new StorePlatformTrigger();
const d = node.description;

describe('trigger description', () => {
	it('has typeVersion 4 as the default, typeVersions 1 to 3 still loadable', () => {
		expect(d.version).toEqual([1, 2, 3, 4]);
		expect(d.defaultVersion).toBe(4);
	});

	it('offers "Report Restored Registrations" in Options (boolean; on when added)', () => {
		const options = d.properties.find((p) => p.name === 'options') as INodeProperties;
		const report = (options.options as INodeProperties[]).find(
			(o) => o.name === 'reportRestoredRegistrations',
		);
		expect(report).toMatchObject({
			displayName: 'Report Restored Registrations',
			type: 'boolean',
			default: true,
		});
	});

	it('describes its webhook with literal values only (no expression for n8n to evaluate per delivery)', () => {
		for (const w of d.webhooks ?? []) {
			for (const [key, value] of Object.entries(w))
				expect([key, String(value).startsWith('=')]).toEqual([key, false]);
		}
	});

	it('offers "Check Interval (Minutes)" in Options, default 5, 0 = off, re-creating missing registrations', () => {
		const options = d.properties.find((p) => p.name === 'options') as INodeProperties;
		const check = (options.options as INodeProperties[]).find(
			(o) => o.name === 'registrationCheckMinutes',
		);
		expect(check).toMatchObject({
			displayName: 'Check Interval (Minutes)',
			type: 'number',
			default: 5,
		});
		expect(check?.typeOptions?.minValue).toBe(0);
		expect(check?.description).toMatch(/re-creates missing ones/);
		expect(check?.description).toMatch(/0 turns the check off/);
	});

	it("tells the user in one sentence that the shop must reach n8n's Production URL (details are in the docs)", () => {
		const notice = String(d.properties.find((p) => p.type === 'notice')?.displayName);
		expect(notice).toMatch(/Production URL/);
		expect(notice).toMatch(/reachable from the shop/);
		expect(notice).not.toMatch(/internet/);
	});

	it("its panel says how a test event comes: the sandbox's fire command beside n8n's generic listening text", () => {
		const panel = d.triggerPanel;
		expect(typeof panel).toBe('object');
		const help = JSON.stringify(panel);
		expect(help).toMatch(/npm run sandbox -- fire order\/create/);
		expect(help).toMatch(/published/);
	});

	it('says "for testing only" where Skip Signature Check is chosen (no notice that depends on a collection entry: n8n 1.x refuses to activate such a node)', () => {
		const options = d.properties.find((p) => p.name === 'options')?.options as INodeProperties[];
		const skip = options.find((o) => o.name === 'skipVerification');
		expect(skip?.description).toMatch(/for testing only/i);
		expect(skip?.description).toMatch(/anyone who knows the URL/);
		const names = new Set(d.properties.map((p) => p.name));
		const dependsOn = d.properties.flatMap((p) =>
			Object.keys({ ...p.displayOptions?.show, ...p.displayOptions?.hide }).filter(
				(k) => !k.startsWith('@'),
			),
		);
		expect(dependsOn.filter((k) => !names.has(k))).toEqual([]);
	});

	it('has trigger() for the scheduled check and a pass-through execute() for test runs', async () => {
		expect(typeof node.trigger).toBe('function');
		const items = [{ json: { a: 1 } }];
		const out = await node.execute.call({
			getInputData: () => items,
			continueOnFail: () => false,
		} as never);
		expect(out).toEqual([items]);
	});
});

/**
 * The shop owner's commands of the sandbox CLI (`npm run sandbox -- change page 1`, `-- accept-charge`): the admin
 * call each sends, what the sandbox does with it, the sentence printed, and the compiled CLI end to end.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { COMMANDS, ownerCall, ownerReport } from '../../sandbox/cliOwner';

/* eslint-disable @typescript-eslint/no-require-imports -- the loader is plain CommonJS */
const { compileSandbox } = require('../../sandbox/load.js') as { compileSandbox: () => string };
/* eslint-enable @typescript-eslint/no-require-imports */

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ port: 0 });
});
afterAll(async () => await sb.close());
beforeEach(() => sb.reset());

/** What `npm run sandbox -- <args>` sends and prints, through the admin endpoint over HTTP. */
async function run(args: string[]): Promise<{ answer: Record<string, unknown>; said: string }> {
	const c = ownerCall(args);
	const res = await fetch(sb.url + c.path, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(c.body),
	});
	const answer = (await res.json()) as Record<string, unknown>;
	expect({ args, status: res.status, answer }).toMatchObject({ status: 200 });
	return { answer, said: ownerReport(args, answer) };
}

describe('sandbox CLI: the shop owner’s commands', () => {
	test.each([
		[
			['change', 'page', '1'],
			{ path: '/_sandbox/change', body: { resource: 'page', id: '1', fields: {} } },
		],
		[
			['change', 'page', '2', '--fields', '{"title":"New"}', '--port', '4011'],
			{ path: '/_sandbox/change', body: { resource: 'page', id: '2', fields: { title: 'New' } } },
		],
		[['accept-charge'], { path: '/_sandbox/charges/decide', body: { decision: 'accept' } }],
		[
			['accept-charge', '--port=4011', '3'],
			{ path: '/_sandbox/charges/decide', body: { decision: 'accept', id: '3' } },
		],
	])('%j sends %j', (args, call) => expect(ownerCall(args)).toEqual(call));

	test.each([
		[['change', 'page'], /usage: npm run sandbox -- change <resource> <id>/],
		[['change', 'page', '1', '--fields', '[1]'], /--fields must be a JSON object/],
		[['change', 'page', '1', '--fields', '{title}'], /--fields must be a JSON object/],
		[['accept-charge', '1', '2'], /usage: npm run sandbox -- accept-charge/],
		[['touch', 'page'], /unknown command "touch"; commands: fire, change, accept-charge/],
	])('%j is refused', (args, message) => expect(() => ownerCall(args)).toThrow(message));

	test('change page 1: updated_at becomes the shop’s now, nothing else changes', async () => {
		const before = { ...sb.store.pages.get(1)! };
		sb.shopTime.pin('2031-02-03 04:05:06');
		const { said } = await run(['change', 'page', '1']);
		expect(sb.store.pages.get(1)).toEqual({ ...before, updated_at: '2031-02-03 04:05:06' });
		expect(said).toBe(
			'page 1 changed, updated_at 2031-02-03 04:05:06: a Poll Trigger watching it reports it as Updated at its next poll.',
		);
	});

	test('accept-charge: the pending charge first, then a new one each time, each accepted', async () => {
		expect(sb.store.applicationCharges.rows.map((c) => c.status)).toEqual([
			'pending',
			'accepted',
			'declined',
		]);
		const first = await run(['accept-charge']);
		expect(first.answer).toMatchObject({
			created: false,
			application_charge: { id: 1, status: 'accepted', activated_on: null },
		});
		expect(first.said).toBe(
			'The shop owner accepted application charge 1 "Pro plan" (4900) on its confirmation page. A Poll Trigger on Application Charges reports it as Updated at its next poll.',
		);
		for (const id of [4, 5]) {
			const next = await run(['accept-charge']);
			expect(next.answer).toMatchObject({
				created: true,
				application_charge: { id, status: 'accepted', activated_on: null },
			});
			expect(next.said).toMatch(
				/^No charge was pending: the app asked for application charge \d+ /,
			);
		}
		// a given id that is no longer pending: the sandbox's 409
		const c = ownerCall(['accept-charge', '2']);
		const res = await fetch(sb.url + c.path, { method: 'POST', body: JSON.stringify(c.body) });
		expect(res.status).toBe(409);
	});

	test('the compiled CLI runs them against a running sandbox', async () => {
		const cli = path.join(path.dirname(compileSandbox()), 'cli.js');
		// asynchronous: the sandbox answering the CLI runs in this process
		const cmd = (...args: string[]) =>
			new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
				execFile(process.execPath, [cli, ...args], { timeout: 20_000 }, (e, stdout, stderr) =>
					resolve({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
				),
			);
		const port = ['--port', String(sb.port)];
		const change = await cmd('change', 'page', '2', ...port);
		expect(change.stdout).toMatch(/^page 2 changed, updated_at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d: /);
		expect(change.code).toBe(0);
		const accept = await cmd('accept-charge', ...port);
		expect(accept.stdout).toMatch(/^The shop owner accepted application charge 1 "Pro plan"/);
		expect(sb.store.applicationCharges.get(1)!.status).toBe('accepted');
		const unknown = await cmd('touch');
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toMatch(/unknown command "touch"/);
		expect(Object.keys(COMMANDS)).toEqual(['fire', 'change', 'accept-charge']);
	});
});

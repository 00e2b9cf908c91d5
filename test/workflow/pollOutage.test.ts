/**
 * The poll trigger while the shop cannot answer (issues 42 and 49), through n8n-core's poll machinery against the
 * sandbox: with a cursor stored (n8n restarted into an outage, or an outage while it runs), every poll of the
 * outage ends quiet (the activation poll too: the workflow activates) until the outage has lasted Report Outages
 * After (10 minutes by n8n's clock); then one error naming the shop's answer and since when, then quiet again; the
 * first poll after the shop's return brings every change made meanwhile, once. A first activation, or a credential
 * the shop refuses, still fails at once, the credential named.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_REPORT_AFTER_MINUTES } from '../../nodes/StorePlatform/poll/node/outages';
import { call } from '../sandbox/client';
import { apiCredentials, pollStore, useSandbox } from './setup';

const env = useSandbox();
const parameters = { resource: 'page', events: ['created', 'updated', 'deleted'] };

async function createPage(title: string): Promise<IDataObject> {
	const answer = await call(env.sandbox, 'POST', '/services/pages', {
		body: { page: { title, url: title.toLowerCase().replace(/\W+/g, '-'), content: 'x' } },
	});
	expect(answer.status).toBe(200);
	return answer.json.page as IDataObject;
}

/** Each test a workflow of its own: n8n's process keeps an outage by workflow and node. */
let workflows = 0;

/** A poller activated while the shop answered, then "n8n restarted": a new context on the saved cursor. */
async function restarted(credentials?: IDataObject, options: INodeParameters = {}) {
	const workflowId = `outage-${++workflows}`;
	const withOptions = { ...parameters, options };
	const before = pollStore(env.sandbox, withOptions, { workflowId });
	expect((await before.tick({ activation: true })).error).toBeUndefined();
	const staticData = before.staticData();
	expect(staticData.cursor).toBeDefined();
	const after = pollStore(env.sandbox, withOptions, {
		staticData,
		workflowId,
		activation: 'init',
		...(credentials ? { credentials: { storePlatformApi: credentials as never } } : {}),
	});
	return { staticData, after };
}

const MINUTE = 60_000;

/** n8n's clock `minutes` ahead (the sandbox's too: it runs in this process) while `run` runs. */
async function later<T>(minutes: number, run: () => Promise<T>): Promise<T> {
	const real = Date.now.bind(Date);
	const clock = jest.spyOn(Date, 'now').mockImplementation(() => real() + minutes * MINUTE);
	try {
		return await run();
	} finally {
		clock.mockRestore();
	}
}

const titles = (tick: { items: Array<{ json: IDataObject }> | null }) =>
	(tick.items ?? []).map((i) => `${String(i.json.event)} ${String(i.json.title)}`);

describe('poll trigger: n8n started while the shop cannot answer', () => {
	it.each([
		['503', { type: 'status', status: 503, retryAfter: 0, times: Infinity }],
		['500', { type: 'status', status: 500, times: Infinity }],
		['a dropped connection', { type: 'reset', times: Infinity }],
	] as const)(
		'%s: the activation poll waits (the workflow activates); the first poll after the return brings the changes once',
		async (_name, fault) => {
			const { staticData, after } = await restarted();
			const made = await createPage('Made during the outage');
			env.sandbox.faults.add(fault as never);
			const activation = await after.tick({ activation: true });
			expect(activation.error).toBeUndefined();
			expect(activation.items).toBeNull();
			expect(after.staticData().cursor).toEqual(staticData.cursor);
			// a scheduled poll during the outage ends quiet too (issue 49); the cursor stays
			const scheduled = await after.tick();
			expect(scheduled.error).toBeUndefined();
			expect(scheduled.items).toBeNull();
			expect(after.staticData().cursor).toEqual(staticData.cursor);
			env.sandbox.faults.clear();
			expect(titles(await after.tick())).toEqual([`page/created ${String(made.title)}`]);
			expect((await after.tick()).items).toBeNull();
		},
	);

	it.each([
		['Report Outage After unset, 503s', {}, DEFAULT_REPORT_AFTER_MINUTES, 'HTTP 503'],
		[
			'Report Outage After 1 minute, dropped connections',
			{ reportOutageAfter: 1 },
			1,
			'no connection: ECONNRESET',
		],
		['Report Outage After 30 minutes, 503s', { reportOutageAfter: 30 }, 30, 'HTTP 503'],
	] as const)(
		'%s: a poll a minute for an hour is one error, naming the answer and since when; then the changes once',
		async (_name, options, after, answer) => {
			const { staticData, after: p } = await restarted(undefined, options);
			const made = await createPage('Made during the long outage');
			env.sandbox.faults.add(
				(answer === 'HTTP 503'
					? { type: 'status', status: 503, retryAfter: 0, times: Infinity }
					: { type: 'reset', times: Infinity }) as never,
			);
			const began = Date.now();
			const errors: Array<{ minute: number; message: string }> = [];
			for (let minute = 0; minute < 60; minute++) {
				const tick = await later(minute, async () => await p.tick({ activation: minute === 0 }));
				expect(tick.items).toBeNull();
				if (tick.error) errors.push({ minute, message: tick.error.message });
			}
			expect(errors.map((e) => e.minute)).toEqual([after]);
			const [, since] =
				/^The shop has not answered since (\S+) \((\d+) min\): (.*)$/.exec(errors[0].message) ?? [];
			expect(errors[0].message).toContain(` (${after} min): ${answer}`);
			// the first failed poll's time, to the second
			expect(Date.parse(since)).toBeGreaterThanOrEqual(Math.floor(began / 1000) * 1000);
			expect(Date.parse(since)).toBeLessThan(began + 10_000);
			expect(p.staticData().cursor).toEqual(staticData.cursor);
			env.sandbox.faults.clear();
			const back = await later(60, async () => await p.tick());
			expect(titles(back)).toEqual([`page/created ${String(made.title)}`]);
			// a later outage starts afresh: quiet first, its own error after the threshold again
			env.sandbox.faults.add({ type: 'status', status: 500, times: Infinity });
			expect(await later(61, async () => await p.tick())).toEqual({
				items: null,
				error: undefined,
			});
			const again = await later(61 + after, async () => await p.tick());
			expect(again.error?.message).toMatch(new RegExp(`\\(${after} min\\): HTTP 500$`));
		},
	);

	it('a first activation (no cursor) during the outage fails: the user is looking', async () => {
		env.sandbox.faults.add({ type: 'status', status: 503, retryAfter: 0, times: Infinity });
		const p = pollStore(env.sandbox, parameters);
		const activation = await p.tick({ activation: true });
		expect(activation.error?.message).toMatch(/not available right now/);
	});

	it('a credential the shop refuses fails the activation, named, also with a cursor stored', async () => {
		const refused = { ...apiCredentials(env.sandbox), accessTokenSecret: 'not-the-secret' };
		const { after } = await restarted(refused);
		const activation = await after.tick({ activation: true });
		expect(activation.error?.message).toMatch(
			/^The shop refused the credential "storePlatformApi" \(HTTP 401\)/,
		);
		// and at every scheduled poll, at once
		for (let i = 0; i < 3; i++)
			expect((await after.tick()).error?.message).toMatch(/^The shop refused the credential/);
	});
});

/**
 * The poll trigger activated while the shop cannot answer (issue 42), through n8n-core's poll machinery against
 * the sandbox: with a cursor stored (n8n restarted into an outage), the activation poll waits instead of failing
 * the activation, and the first poll after the shop's return brings every change made meanwhile, once. A first
 * activation, or a credential the shop refuses, still fails, the credential named.
 */
import type { IDataObject } from 'n8n-workflow';

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

/** A poller activated while the shop answered, then "n8n restarted": a new context on the saved cursor. */
async function restarted(credentials?: IDataObject) {
	const before = pollStore(env.sandbox, parameters);
	expect((await before.tick({ activation: true })).error).toBeUndefined();
	const staticData = before.staticData();
	expect(staticData.cursor).toBeDefined();
	const after = pollStore(env.sandbox, parameters, {
		staticData,
		activation: 'init',
		...(credentials ? { credentials: { storePlatformApi: credentials as never } } : {}),
	});
	return { staticData, after };
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
			// a scheduled poll during the outage fails as any failed poll does; the cursor stays
			expect((await after.tick()).error).toBeDefined();
			expect(after.staticData().cursor).toEqual(staticData.cursor);
			env.sandbox.faults.clear();
			expect(titles(await after.tick())).toEqual([`page/created ${String(made.title)}`]);
			expect((await after.tick()).items).toBeNull();
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
	});
});

/**
 * The webhook trigger activated while the shop cannot answer (issue 42), through n8n-core's contexts against the
 * sandbox: what passes by itself (5xx, 429, no connection) leaves n8n's webhook in place and the registration to
 * the scheduled check, which reports the gap once; what does not (credentials refused, no Shared Secret, no
 * event, a test run, no scheduled check) fails the activation with its reason. delete() stops the checks.
 */
import type { IDataObject } from 'n8n-workflow';

import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { pendingKeys } from '../../nodes/StorePlatform/trigger/serialize';
import { callWebhookMethod } from '../harness';
import { startTrigger, type StartedTrigger } from '../harness/trigger';
import { apiCredentials, credentialTypes, useSandbox } from './setup';

const env = useSandbox();
const HOOK_URL = 'http://127.0.0.1:5678/webhook/0a42c2d3-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';
const EVENTS = ['order/create', 'product/update'];

type Method = 'checkExists' | 'create' | 'delete';

interface Call {
	staticData?: IDataObject;
	options?: IDataObject;
	events?: string[];
	credentials?: IDataObject;
	activation?: 'init' | 'activate' | 'manual';
	mode?: 'trigger' | 'manual';
}

async function call(method: Method, c: Call = {}) {
	return await callWebhookMethod(new StorePlatformTrigger(), method, {
		parameters: {
			events: c.events ?? EVENTS,
			options: { registrationCheckMinutes: 1, ...c.options } as never,
		},
		credentials: { storePlatformApi: (c.credentials ?? apiCredentials(env.sandbox)) as never },
		credentialTypes,
		staticData: c.staticData ?? {},
		webhookUrl: HOOK_URL,
		activation: c.activation ?? 'init',
		mode: c.mode,
	});
}

/** What n8n does at an activation: create() unless checkExists() says all is there. */
async function activate(c: Call = {}) {
	const exists = await call('checkExists', c);
	if (exists.result) return exists;
	return await call('create', { ...c, staticData: exists.staticData });
}

async function start(staticData: IDataObject) {
	return await startTrigger(new StorePlatformTrigger(), {
		parameters: { events: EVENTS, options: { registrationCheckMinutes: 1 } as never },
		credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
		credentialTypes,
		staticData,
	});
}

async function tick(trigger: StartedTrigger) {
	trigger.schedules[0].tick();
	await new Promise((r) => setTimeout(r, 20));
	while (pendingKeys() > 0) await new Promise((r) => setTimeout(r, 5));
	await new Promise((r) => setImmediate(r));
}

const ours = () =>
	env.sandbox.store.webhooks.rows
		.filter((w) => w.site_url === HOOK_URL)
		.map((w) => String(w.section))
		.sort();
const outage = (status = 503) =>
	env.sandbox.faults.add({ type: 'status', status, retryAfter: 0, times: Infinity });
const reports = (t: StartedTrigger) => t.emitted.map((e) => e.data[0][0].json);

describe('activation while the shop cannot answer', () => {
	it.each([503, 500, 429])(
		'%i at n8n start: checkExists() keeps the webhook, the check registers once the shop answers and reports the gap once',
		async (status) => {
			const first = await activate({ activation: 'activate' });
			expect(ours()).toEqual(EVENTS);
			// n8n stopped; the shop lost the registrations; n8n starts while the shop answers `status`
			for (const w of [...env.sandbox.store.webhooks.rows]) env.sandbox.store.webhooks.remove(w.id);
			outage(status);
			const started = await call('checkExists', { staticData: first.staticData });
			expect(started.result).toBe(true);
			expect(started.staticData.deferredSince).toEqual(expect.any(String));
			const trigger = await start(started.staticData);
			await tick(trigger);
			expect(ours()).toEqual([]);
			expect(trigger.emitted).toEqual([]);
			env.sandbox.faults.clear();
			await tick(trigger);
			expect(ours()).toEqual(EVENTS);
			expect(reports(trigger)).toEqual([
				expect.objectContaining({ event: 'registration/restored', events: EVENTS }),
			]);
			expect(trigger.staticData().deferredSince).toBeUndefined();
			await tick(trigger);
			expect(reports(trigger)).toHaveLength(1);
			await trigger.response?.closeFunction?.();
			await call('delete', { staticData: trigger.staticData() });
		},
	);

	it('a first activation with the shop unreachable: active, registered by the check, missed events since the activation', async () => {
		const unreachable = { ...apiCredentials(env.sandbox), baseUrl: 'http://127.0.0.1:9/' };
		const t0 = new Date().toISOString();
		const first = await activate({ activation: 'activate', credentials: unreachable });
		expect(first.result).toBe(true);
		const since = String(first.staticData.deferredSince);
		expect(since >= t0).toBe(true);
		const trigger = await start(first.staticData);
		await tick(trigger);
		expect(ours()).toEqual(EVENTS);
		expect(reports(trigger)).toEqual([
			expect.objectContaining({ missingSince: since, missingSinceKnown: true }),
		]);
		await trigger.response?.closeFunction?.();
		await call('delete', { staticData: trigger.staticData() });
	});

	it('create() meeting the outage after checkExists() answered also defers', async () => {
		env.sandbox.faults.add({
			type: 'status',
			status: 503,
			retryAfter: 0,
			times: Infinity,
			match: /^POST /,
		});
		const done = await activate({ activation: 'activate' });
		expect(done.result).toBe(true);
		expect(done.staticData.deferredSince).toEqual(expect.any(String));
		expect(ours()).toEqual([]);
	});

	it('credentials refused: the activation fails, naming the credential; nothing deferred', async () => {
		const refused = { ...apiCredentials(env.sandbox), accessTokenSecret: 'not-the-secret' };
		await expect(call('checkExists', { credentials: refused })).rejects.toThrow(
			/^The shop refused the credential "storePlatformApi" \(HTTP 401\)/,
		);
		outage(403);
		await expect(call('checkExists')).rejects.toThrow(/refused the credential .*HTTP 403/);
	});

	it.each<[string, { credentials?: string; events?: string[] }, RegExp]>([
		['no Shared Secret', { credentials: 'noSecret' }, /no Shared Secret/],
		['no event chosen', { events: [] }, /Choose at least one event/],
	])('%s: checkExists() fails before any request', async (_why, c, message) => {
		const credentials =
			c.credentials === 'noSecret'
				? { ...apiCredentials(env.sandbox), consumerSecret: '' }
				: undefined;
		const before = env.sandbox.requests.length;
		await expect(call('checkExists', { events: (c as Call).events, credentials })).rejects.toThrow(
			message,
		);
		expect(env.sandbox.requests.length).toBe(before);
	});

	it.each([
		['a test run (Listen for test event)', { mode: 'manual', activation: 'manual' } as Call],
		['the scheduled check off', { options: { registrationCheckMinutes: 0 } } as Call],
	])('%s: the outage fails the activation', async (_why, c) => {
		outage();
		await expect(call('checkExists', c)).rejects.toThrow(/not available right now/);
	});

	it('trigger() running beside an activation that fails (n8n 2.x: "partial"): its check registers nothing, until an activation succeeds', async () => {
		const trigger = await start({ productionUrl: HOOK_URL });
		const refused = { ...apiCredentials(env.sandbox), accessTokenSecret: 'not-the-secret' };
		await expect(call('checkExists', { credentials: refused })).rejects.toThrow(/refused/);
		await tick(trigger);
		expect(ours()).toEqual([]);
		// activated again, the shop unable to answer: deferred, n8n listens; the check then registers
		outage();
		expect((await call('checkExists', { staticData: trigger.staticData() })).result).toBe(true);
		env.sandbox.faults.clear();
		await tick(trigger);
		expect(ours()).toEqual(EVENTS);
		await trigger.response?.closeFunction?.();
		await call('delete', { staticData: trigger.staticData() });
	});

	it('delete() stops the scheduled check: no registration at a URL n8n removed', async () => {
		outage();
		const started = await call('checkExists');
		const trigger = await start(started.staticData);
		// n8n removes the webhook (the activation failed elsewhere) without closing trigger() first
		env.sandbox.faults.clear();
		await call('delete', { staticData: trigger.staticData() });
		const before = env.sandbox.requests.length;
		await tick(trigger);
		expect(ours()).toEqual([]);
		expect(env.sandbox.requests.length).toBe(before);
		await trigger.response?.closeFunction?.();
	});
});

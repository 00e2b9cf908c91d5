/**
 * The "registration/restored" report through n8n-core's TriggerContext: the trigger activated with create(),
 * then its trigger() started as n8n starts it, the scheduled check ticked by the test, against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { pendingKeys } from '../../nodes/StorePlatform/trigger/serialize';
import { callWebhookMethod } from '../harness';
import { startTrigger, type StartedTrigger } from '../harness/trigger';
import { apiCredentials, credentialTypes, useSandbox } from './setup';

const env = useSandbox();
const HOOK_URL = 'http://127.0.0.1:5678/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';
const EVENTS = ['product/update', 'order/create'];

const credentials = () => ({ storePlatformApi: apiCredentials(env.sandbox) as never });
const ours = () => env.sandbox.store.webhooks.rows.filter((w) => w.site_url === HOOK_URL);
const removeOurs = () => {
	for (const w of ours()) env.sandbox.store.webhooks.remove(w.id);
};

async function activate(typeVersion?: number, options: IDataObject = {}) {
	const call = async (method: 'create' | 'delete', staticData: IDataObject) =>
		await callWebhookMethod(new StorePlatformTrigger(), method, {
			parameters: { events: EVENTS, options: options as never },
			credentials: credentials(),
			credentialTypes,
			staticData,
			webhookUrl: HOOK_URL,
			typeVersion,
		});
	const created = await call('create', {});
	return {
		staticData: created.staticData,
		deactivate: async (data: IDataObject) => await call('delete', data),
	};
}

async function start(
	staticData: IDataObject,
	opts: { typeVersion?: number; options?: IDataObject; activation?: 'init' | 'manual' } = {},
) {
	return await startTrigger(new StorePlatformTrigger(), {
		parameters: {
			events: EVENTS,
			options: { registrationCheckMinutes: 1, ...opts.options } as never,
		},
		credentials: credentials(),
		credentialTypes,
		staticData,
		typeVersion: opts.typeVersion,
		activation: opts.activation,
	});
}

/** Runs one scheduled check to its end. */
async function tick(trigger: StartedTrigger) {
	trigger.schedules[0].tick();
	while (pendingKeys() > 0) await new Promise((r) => setTimeout(r, 5));
	await new Promise((r) => setImmediate(r));
}

const reports = (trigger: StartedTrigger) =>
	trigger.emitted.map((e) => ({ json: e.data[0][0].json, key: e.deduplicationKey }));

describe('Report Restored Registrations (typeVersion 3)', () => {
	it('quiet checks start nothing; registrations removed while active are reported once by the next check', async () => {
		const { staticData, deactivate } = await activate();
		const trigger = await start(staticData);
		expect(trigger.schedules).toHaveLength(1);
		await tick(trigger);
		await tick(trigger);
		expect(trigger.emitted).toEqual([]);
		const lastSeen = trigger.staticData().lastSeen as IDataObject;
		removeOurs();
		await tick(trigger);
		expect(
			ours()
				.map((w) => w.section)
				.sort(),
		).toEqual([...EVENTS].sort());
		expect(trigger.emitted).toHaveLength(1);
		const [{ json, key }] = reports(trigger);
		expect(json).toMatchObject({
			event: 'registration/restored',
			events: ['order/create', 'product/update'],
			missingSince: lastSeen['order/create'],
			missingSinceKnown: true,
			reconcileFrom: lastSeen['order/create'],
		});
		expect(Date.parse(String(json.restoredAt))).toBeGreaterThanOrEqual(
			Date.parse(String(json.missingSince)),
		);
		expect(key).toBe(`storePlatformTrigger:restored:${String(json.deliveryKey)}`);
		expect(trigger.emitted[0].data).toHaveLength(1);
		expect(trigger.emitted[0].data[0]).toHaveLength(1);
		await tick(trigger);
		expect(trigger.emitted).toHaveLength(1);
		await trigger.response?.closeFunction?.();
		await deactivate(trigger.staticData());
	});

	it('a report create() left at n8n start is sent by trigger() once, also with the check off', async () => {
		const { staticData, deactivate } = await activate();
		removeOurs();
		// n8n restarts: create() again (this process saw them: a known time), then trigger()
		const again = await callWebhookMethod(new StorePlatformTrigger(), 'create', {
			parameters: { events: EVENTS },
			credentials: credentials(),
			credentialTypes,
			staticData,
			webhookUrl: HOOK_URL,
		});
		expect(again.staticData.pendingRestoration).toBeDefined();
		const trigger = await start(again.staticData, { options: { registrationCheckMinutes: 0 } });
		expect(trigger.schedules).toHaveLength(0);
		expect(reports(trigger).map((r) => r.json.events)).toEqual([
			['order/create', 'product/update'],
		]);
		expect(trigger.staticData().pendingRestoration).toBeUndefined();
		await deactivate(trigger.staticData());
	});

	it('at a start where trigger() runs before create() (n8n 2.x runs them side by side), create() hands its report over', async () => {
		const { staticData, deactivate } = await activate();
		removeOurs();
		const trigger = await start(staticData);
		expect(trigger.emitted).toEqual([]);
		const again = await callWebhookMethod(new StorePlatformTrigger(), 'create', {
			parameters: { events: EVENTS },
			credentials: credentials(),
			credentialTypes,
			staticData,
			webhookUrl: HOOK_URL,
		});
		expect(reports(trigger).map((r) => r.json.events)).toEqual([
			['order/create', 'product/update'],
		]);
		expect(again.staticData.pendingRestoration).toBeUndefined();
		// stopped: a later report is left for the next trigger() instead
		await trigger.response?.closeFunction?.();
		removeOurs();
		const third = await callWebhookMethod(new StorePlatformTrigger(), 'create', {
			parameters: { events: EVENTS },
			credentials: credentials(),
			credentialTypes,
			staticData: again.staticData,
			webhookUrl: HOOK_URL,
		});
		expect(trigger.emitted).toHaveLength(1);
		expect(third.staticData.pendingRestoration).toMatchObject({
			events: ['order/create', 'product/update'],
		});
		await deactivate(third.staticData);
	});

	it("the editor's test mode schedules nothing and sends nothing", async () => {
		const { staticData, deactivate } = await activate();
		const trigger = await start(
			{
				...staticData,
				pendingRestoration: { event: 'registration/restored', events: ['order/create'] },
			},
			{ activation: 'manual' },
		);
		expect(trigger.schedules).toEqual([]);
		expect(trigger.emitted).toEqual([]);
		await deactivate(staticData);
	});
});

describe('typeVersion 2 keeps its behaviour', () => {
	it('restores registrations without a report', async () => {
		const { staticData, deactivate } = await activate(2);
		const trigger = await start(staticData, { typeVersion: 2 });
		await tick(trigger);
		removeOurs();
		await tick(trigger);
		expect(ours()).toHaveLength(EVENTS.length);
		expect(trigger.emitted).toEqual([]);
		expect(trigger.staticData().lastSeen).toBeUndefined();
		await deactivate(trigger.staticData());
	});

	it('reports when the option is set', async () => {
		const { staticData, deactivate } = await activate(2, { reportRestoredRegistrations: true });
		const trigger = await start(staticData, {
			typeVersion: 2,
			options: { reportRestoredRegistrations: true },
		});
		await tick(trigger);
		removeOurs();
		await tick(trigger);
		expect(reports(trigger).map((r) => r.json.event)).toEqual(['registration/restored']);
		await deactivate(trigger.staticData());
	});
});

/**
 * The trigger's lifecycle (activate, deactivate, re-activate with other events, a registration the
 * shop removed, a failing delete) and its deliveries, sent by the sandbox over real HTTP and signed
 * the spec's way, against the node run through n8n-core.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhookMethod } from '../harness';
import { webhookHmac } from '../../sandbox';
import { apiCredentials, credentialTypes, useSandbox } from './setup';
import { startReceiver, type Receiver } from './triggerReceiver';

const env = useSandbox();
const HOOK_URL = 'http://127.0.0.1:5678/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';

async function lifecycle(
	method: 'checkExists' | 'create' | 'delete',
	events: string[],
	staticData: IDataObject = {},
	webhookUrl = HOOK_URL,
	credentials = apiCredentials(env.sandbox),
) {
	return await callWebhookMethod(new StorePlatformTrigger(), method, {
		parameters: { events },
		credentials: { storePlatformApi: credentials as never },
		credentialTypes,
		staticData,
		webhookUrl,
	});
}

/** What n8n does on activation: create unless checkExists says all is there. */
async function activate(events: string[], staticData: IDataObject = {}, webhookUrl = HOOK_URL) {
	const exists = await lifecycle('checkExists', events, staticData, webhookUrl);
	if (exists.result) return exists.staticData;
	return (await lifecycle('create', events, exists.staticData, webhookUrl)).staticData;
}

const registered = (url = HOOK_URL) =>
	env.sandbox.store.webhooks.rows
		.filter((w) => w.site_url === url)
		.map((w) => String(w.section))
		.sort();

describe('registration lifecycle', () => {
	it('registers one webhook per event and removes them all on deactivation', async () => {
		const data = await activate(['order/create', 'orderStatus/paid', 'app/uninstalled']);
		expect(registered()).toEqual(['app/uninstalled', 'order/create', 'orderStatus/paid']);
		expect(Object.keys((data.webhookIds as IDataObject) ?? {}).sort()).toEqual(registered());
		expect(
			(
				await lifecycle(
					'checkExists',
					['order/create', 'orderStatus/paid', 'app/uninstalled'],
					data,
				)
			).result,
		).toBe(true);
		await lifecycle('delete', [], data);
		expect(registered()).toEqual([]);
	});

	it('leaves nothing after 50 activate/deactivate cycles and event changes', async () => {
		const choices = [
			['order/create'],
			['order/create', 'product/update'],
			['shop/update'],
			['checkout/delete', 'vendor/create'],
		];
		let data: IDataObject = {};
		for (let i = 0; i < 50; i++) {
			const events = choices[i % choices.length];
			data = await activate(events, data);
			expect(registered()).toEqual([...events].sort());
			data = (await lifecycle('delete', events, data)).staticData;
		}
		expect(registered()).toEqual([]);
		expect(env.sandbox.store.webhooks.size).toBe(0);
	});

	it('re-creates a registration the shop removed on its own, and drops stale ones', async () => {
		const data = await activate(['order/create', 'order/paid']);
		const paid = env.sandbox.store.webhooks.rows.find((w) => w.section === 'order/paid');
		env.sandbox.store.webhooks.remove(paid?.id);
		const again = await activate(['order/create', 'order/paid'], data);
		expect(registered()).toEqual(['order/create', 'order/paid']);
		await activate(['customer/create'], again);
		expect(registered()).toEqual(['customer/create']);
	});

	it('keeps other URLs registrations untouched', async () => {
		env.sandbox.store.webhooks.insert({
			id: 900,
			section: 'order/create',
			site_url: 'https://other.example/hook',
			format: 'json',
		});
		const data = await activate(['order/create']);
		await lifecycle('delete', [], data);
		expect(registered('https://other.example/hook')).toEqual(['order/create']);
	});

	it('at a new public address of n8n, moves its registrations there; deactivation removes any left at the old one', async () => {
		const OLD = 'http://10.0.0.5:5678/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';
		const TEST = 'http://127.0.0.1:5678/webhook-test/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';
		env.sandbox.store.webhooks.insert({
			id: 901,
			section: 'order/create',
			site_url: TEST,
			format: 'json',
		});
		await activate(['order/create', 'order/paid'], {}, OLD);
		expect(registered(OLD)).toEqual(['order/create', 'order/paid']);
		const data = await activate(['order/create', 'order/paid']);
		expect(registered()).toEqual(['order/create', 'order/paid']);
		expect(registered(OLD)).toEqual([]);
		expect(data.productionUrl).toBe(HOOK_URL);
		// a registration at the old address that appears later (another n8n still running there) goes at deactivation
		env.sandbox.store.webhooks.insert({
			id: 902,
			section: 'order/paid',
			site_url: OLD,
			format: 'json',
		});
		await lifecycle('delete', [], data);
		expect(registered()).toEqual([]);
		expect(registered(OLD)).toEqual([]);
		// the editor's test registration is not this activation's
		expect(registered(TEST)).toEqual(['order/create']);
	});

	it('retries a delete the shop fails once, and treats a registration already gone as removed', async () => {
		const data = await activate(['order/create', 'product/create']);
		env.sandbox.faults.add({ type: 'status', status: 500, match: /^DELETE /, times: 1 });
		const ids = Object.values(data.webhookIds as IDataObject).map(String);
		env.sandbox.store.webhooks.remove(ids[1]);
		const result = await lifecycle('delete', [], data);
		expect(result.result).toBe(true);
		expect(registered()).toEqual([]);
		expect(result.staticData.webhookIds).toBeUndefined();
	});

	it('reports a delete that keeps failing, and cleans up on the next activation', async () => {
		const data = await activate(['order/create']);
		env.sandbox.faults.add({ type: 'status', status: 500, match: /^DELETE /, times: 2 });
		await expect(lifecycle('delete', [], data)).rejects.toThrow(
			/Could not remove 1 webhook registration/,
		);
		const next = await activate(['order/update'], data);
		expect(registered()).toEqual(['order/update']);
		await lifecycle('delete', [], next);
		expect(registered()).toEqual([]);
	});

	it('a registration gone while active is reported by the next activation (n8n start) for trigger() to send', async () => {
		const events = ['order/create', 'order/paid'];
		const first = await activate(events);
		expect(first.pendingRestoration).toBeUndefined();
		expect(Object.keys(first.lastSeen as IDataObject).sort()).toEqual(events);
		const paid = env.sandbox.store.webhooks.rows.find((w) => w.section === 'order/paid');
		env.sandbox.store.webhooks.remove(paid?.id);
		const again = await activate(events, first);
		expect(registered()).toEqual(events);
		expect(again.pendingRestoration).toMatchObject({
			event: 'registration/restored',
			events: ['order/paid'],
			// this process saw it at the first activation
			missingSince: (first.lastSeen as IDataObject)['order/paid'],
			missingSinceKnown: true,
			deliveryKey: expect.stringMatching(/^[0-9a-f]{32}$/),
		});
		const off = await lifecycle('delete', [], again);
		expect(off.staticData.lastSeen).toBeUndefined();
		expect(off.staticData.pendingRestoration).toBeUndefined();
	});

	it('typeVersion 2 keeps its behaviour: no report, no sightings (unless the option is set)', async () => {
		const call = async (
			method: 'checkExists' | 'create',
			staticData: IDataObject,
			options: IDataObject = {},
		) =>
			await callWebhookMethod(new StorePlatformTrigger(), method, {
				parameters: { events: ['order/create'], options: options as never },
				credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
				credentialTypes,
				staticData,
				webhookUrl: HOOK_URL,
				typeVersion: 2,
			});
		const first = (await call('create', {})).staticData;
		env.sandbox.store.webhooks.remove(env.sandbox.store.webhooks.rows[0]?.id);
		const again = (await call('create', first)).staticData;
		expect(registered()).toEqual(['order/create']);
		expect(again.lastSeen).toBeUndefined();
		expect(again.pendingRestoration).toBeUndefined();
		env.sandbox.store.webhooks.remove(env.sandbox.store.webhooks.rows[0]?.id);
		const optedIn = (
			await call(
				'create',
				{ ...again, lastSeen: { 'order/create': '2026-01-01T00:00:00.000Z' } },
				{ reportRestoredRegistrations: true },
			)
		).staticData;
		expect(optedIn.pendingRestoration).toMatchObject({ events: ['order/create'] });
		await lifecycle('delete', [], optedIn);
	});

	it('refuses to activate without a shared secret', async () => {
		const credentials = { ...apiCredentials(env.sandbox), consumerSecret: '' };
		await expect(lifecycle('create', ['order/create'], {}, HOOK_URL, credentials)).rejects.toThrow(
			NodeOperationError,
		);
		await expect(lifecycle('create', ['order/create'], {}, HOOK_URL, credentials)).rejects.toThrow(
			/Shared Secret/,
		);
		expect(registered()).toEqual([]);
	});
});

describe('deliveries', () => {
	let receiver: Receiver;
	const events = ['order/create', 'product/update'];
	beforeEach(async () => {
		receiver = await startReceiver({ events }, apiCredentials(env.sandbox));
		await activate(events, {}, receiver.url);
	});
	afterEach(async () => await receiver.close());

	it.each(['form', 'json'] as const)(
		'starts one execution per signed %s delivery',
		async (format) => {
			const data = {
				id: 17,
				number: 'A 1/2+3',
				customer: { name: 'Zoë', tags: ['vip', 'new'] },
				paid: true,
			};
			const sent = await env.sandbox.fire('order/create', data, {
				format,
				objectId: 17,
				objectUuid: 'u-17',
			});
			expect(sent.map((d) => d.status)).toEqual([200]);
			expect(receiver.executions).toHaveLength(1);
			expect(receiver.executions[0][0]).toMatchObject({
				event: 'order/create',
				shopId: expect.any(String),
				objectType: 'order',
				objectId: '17',
				objectUuid: 'u-17',
				customer: { name: 'Zoë', tags: ['vip', 'new'] },
				number: 'A 1/2+3',
			});
		},
	);

	it('answers 401 and starts nothing for a tampered, unsigned or wrongly keyed delivery', async () => {
		const body = 'id=17&total=100';
		const post = async (headers: Record<string, string>) =>
			await fetch(receiver.url, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
				body,
			});
		const good = webhookHmac(env.sandbox.credentials.consumerSecret, { id: 17, total: 100 });
		expect(
			(await post({ 'service-hmac-sha256': good, 'service-section': 'order/create' })).status,
		).toBe(200);
		expect(
			(
				await post({
					'service-hmac-sha256': webhookHmac(env.sandbox.credentials.consumerSecret, {
						id: 17,
						total: 999,
					}),
				})
			).status,
		).toBe(401);
		expect((await post({})).status).toBe(401);
		expect(
			(await post({ 'service-hmac-sha256': webhookHmac('wrong-secret', { id: 17, total: 100 }) }))
				.status,
		).toBe(401);
		expect((await post({ 'service-hmac-sha256': `${good}x` })).status).toBe(401);
		expect(receiver.executions).toHaveLength(1);
	});

	it('gives every resend of a delivery the same deliveryKey, and another delivery another', async () => {
		await receiver.close();
		// the first two answers are lost after the workflow started: the store resends at 1 and 5 minutes
		receiver = await startReceiver(
			{ events },
			apiCredentials(env.sandbox),
			Number(new URL(receiver.url).port),
			2,
		);
		await env.sandbox.fire(
			'order/create',
			{ id: 21, updated_at: '2024-05-01 12:00:00' },
			{ objectId: 21, objectUuid: 'u-21' },
		);
		await env.sandbox.clock.advance(60_000);
		await env.sandbox.clock.advance(5 * 60_000);
		expect(receiver.statuses).toEqual([500, 500, 200]);
		expect(receiver.executions).toHaveLength(3);
		const keys = receiver.executions.map((e) => e[0].deliveryKey);
		expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
		expect(new Set(keys).size).toBe(1);
		// the same order updated: another delivery
		await env.sandbox.fire(
			'order/create',
			{ id: 21, updated_at: '2024-05-01 12:00:01' },
			{ objectId: 21, objectUuid: 'u-21' },
		);
		expect(receiver.executions).toHaveLength(4);
		expect(receiver.executions[3][0].deliveryKey).not.toBe(keys[0]);
	});

	it('receives the retries of a failed delivery on the spec schedule', async () => {
		await receiver.close();
		await env.sandbox.fire('product/update', { id: 3 });
		expect(env.sandbox.deliveries.at(-1)?.status).toBe('connection-error');
		const again = await startReceiver(
			{ events },
			apiCredentials(env.sandbox),
			Number(new URL(receiver.url).port),
		);
		await env.sandbox.clock.advance(60_000);
		expect(again.executions).toHaveLength(1);
		// typeVersion 4: Normalize Numbers on by default
		expect(again.executions[0][0]).toMatchObject({ event: 'product/update', id: 3 });
		receiver = again;
	});
});

/**
 * One combined soak of the trigger's lifecycle: 50 activate/deactivate cycles through n8n-core's hook
 * context, with other events selected on each activation, registrations the shop removes on its own,
 * deletes the shop fails once (retried) or twice (reported, cleaned up on the next activation), and real
 * deliveries over HTTP while active (signed ones start an execution, forged ones are refused) and after
 * deactivation (none arrive). At the end no registration of the node remains, another app's
 * registration is untouched, and no execution was started by a refused delivery.
 */
import type { IDataObject } from 'n8n-workflow';

import { EVENTS } from '../../nodes/StorePlatform/api/events';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhookMethod } from '../harness';
import { webhookHmac } from '../../sandbox';
import { apiCredentials, apiRequests, credentialTypes, useSandbox } from '../workflow/setup';
import { startReceiver, type Receiver } from '../workflow/triggerReceiver';
import { elapsed, figure } from './helpers';

const env = useSandbox();

const CHOICES = [
	['order/create'],
	['order/create', 'product/update'],
	['shop/update'],
	['checkout/delete', 'vendor/create', 'order/paid'],
	['app/uninstalled'],
	['customer/create', 'customer/update'],
	['orderStatus/paid', 'order/create'],
];

describe('trigger lifecycle soak', () => {
	let receiver: Receiver;
	afterEach(async () => await receiver?.close());

	it('50 cycles with event changes, server-side removals and failing deletes leave nothing behind', async () => {
		const s = env.sandbox;
		receiver = await startReceiver({ events: EVENTS.map((e) => e.value) }, apiCredentials(s));
		const url = receiver.url;
		const call = async (
			method: 'checkExists' | 'create' | 'delete',
			events: string[],
			staticData: IDataObject,
		) =>
			await callWebhookMethod(new StorePlatformTrigger(), method, {
				parameters: { events },
				credentials: { storePlatformApi: apiCredentials(s) as never },
				credentialTypes,
				staticData,
				webhookUrl: url,
			});
		const activate = async (events: string[], staticData: IDataObject) => {
			const exists = await call('checkExists', events, staticData);
			if (exists.result) return exists.staticData;
			return (await call('create', events, exists.staticData)).staticData;
		};
		const ours = () => s.store.webhooks.rows.filter((w) => w.site_url === url);
		const sections = () =>
			ours()
				.map((w) => String(w.section))
				.sort();
		s.store.webhooks.insert({
			id: 9000,
			section: 'order/create',
			site_url: 'https://other-app.example/hook',
			format: 'json',
		});

		const post = async (headers: Record<string, string>) =>
			(
				await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
					body: 'id=1&total=100',
				})
			).status;

		const t = {
			cycles: 0,
			created: 0,
			removedByShop: 0,
			reRegistered: 0,
			deleteFailedOnce: 0,
			deleteFailedTwice: 0,
			accepted: 0,
			refused: 0,
			afterDeactivation: 0,
		};
		const start = process.hrtime.bigint();
		let data: IDataObject = {};
		let previous: string[] = [];
		for (let i = 0; i < 50; i++) {
			const events = CHOICES[i % CHOICES.length];
			const before = new Set(ours().map((w) => String(w.id)));
			data = await activate(events, data);
			expect(sections()).toEqual([...events].sort());
			t.created += ours().filter((w) => !before.has(String(w.id))).length;
			expect(Object.keys((data.webhookIds as IDataObject) ?? {}).sort()).toEqual(
				[...events].sort(),
			);

			if (i % 5 === 2) {
				// the shop drops one registration (48 h of failed deliveries); n8n re-activates
				s.store.webhooks.remove(ours()[0].id);
				t.removedByShop++;
				const kept = ours().map((w) => String(w.id));
				data = await activate(events, data);
				expect(sections()).toEqual([...events].sort());
				// only the missing one is registered again; the others are kept as they are
				expect(
					ours()
						.map((w) => String(w.id))
						.filter((id) => !kept.includes(id)),
				).toHaveLength(1);
				t.reRegistered++;
			}

			for (const section of events) {
				const sent = await s.fire(
					section,
					{ id: i, section, note: `cycle ${i} & more` },
					{ format: i % 2 ? 'json' : 'form' },
				);
				expect(sent.filter((d) => d.url === url).map((d) => d.status)).toEqual([200]);
				t.accepted++;
			}
			const good = webhookHmac(s.credentials.consumerSecret, { id: 1, total: 100 });
			const forged: Array<Record<string, string>> = [
				{ 'service-hmac-sha256': webhookHmac('not-the-secret', { id: 1, total: 100 }) },
				{},
				{ 'service-hmac-sha256': webhookHmac(s.credentials.consumerSecret, { id: 1, total: 101 }) },
				{ 'service-hmac-sha256': good.slice(0, -2) },
			];
			for (const headers of forged) {
				expect(await post(headers)).toBe(401);
				t.refused++;
			}

			const failTwice = i % 10 === 6;
			if (i % 7 === 3) {
				s.faults.add({
					type: 'status',
					status: 500,
					match: /^DELETE \/services\/webhooks\//,
					times: 1,
				});
				t.deleteFailedOnce++;
			}
			if (failTwice) {
				s.faults.add({
					type: 'status',
					status: 500,
					match: /^DELETE \/services\/webhooks\//,
					times: 2,
				});
				await expect(call('delete', events, data)).rejects.toThrow(
					/Could not remove 1 webhook registration/,
				);
				s.faults.clear();
				t.deleteFailedTwice++;
				expect(ours()).toHaveLength(1);
			} else {
				data = (await call('delete', events, data)).staticData;
				expect(ours()).toEqual([]);
				expect(data.webhookIds).toBeUndefined();
				const executions = receiver.executions.length;
				const sent = await s.fire(events[0], { id: i });
				expect(sent.filter((d) => d.url === url)).toEqual([]);
				expect(receiver.executions.length).toBe(executions);
				t.afterDeactivation++;
			}
			previous = events;
			t.cycles++;
		}
		expect(previous).toEqual(CHOICES[49 % CHOICES.length]);
		expect(ours()).toEqual([]);
		expect(s.store.webhooks.rows.map((w) => w.id)).toEqual([9000]);
		expect(receiver.executions).toHaveLength(t.accepted);
		expect(receiver.statuses.filter((x) => x === 401)).toHaveLength(t.refused);
		expect(receiver.statuses.filter((x) => x === 200)).toHaveLength(t.accepted);
		const calls = apiRequests(s).length;
		figure(
			`lifecycle soak: ${t.cycles} activate/deactivate cycles, ${t.created} registrations created, ${t.removedByShop} removed by the shop and re-registered, ` +
				`${t.deleteFailedOnce} deletes failed once (retried), ${t.deleteFailedTwice} failed twice (cleaned up on next activation), ${t.accepted} signed deliveries → ${receiver.executions.length} executions, ` +
				`${t.refused} forged deliveries → 401, 0 executions, ${t.afterDeactivation} fired after deactivation → 0 deliveries; 0 registrations left; ${calls} API requests, ${Math.round(elapsed(start))} ms`,
		);
	});
});

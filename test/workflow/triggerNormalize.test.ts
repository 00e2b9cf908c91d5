/**
 * The trigger's Normalize Numbers option: the action node's rule (output.ts) applied to a delivery's data. On by
 * default from typeVersion 4; triggers saved before keep it off. typeVersion 4 also adds words (codeWords.ts).
 */
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhookMethod } from '../harness';
import { apiCredentials, credentialTypes, useSandbox } from './setup';
import { startReceiver, type Receiver } from './triggerReceiver';

const env = useSandbox();
const events = ['order/create'];

async function activate(url: string, chosen = events) {
	await callWebhookMethod(new StorePlatformTrigger(), 'create', {
		parameters: { events: chosen },
		credentials: { storePlatformApi: apiCredentials(env.sandbox) as never },
		credentialTypes,
		staticData: {},
		webhookUrl: url,
	});
}

describe('trigger option Normalize Numbers', () => {
	let receiver: Receiver | undefined;
	afterEach(async () => await receiver?.close());

	const data = { id: 17, total_price: '100.50', sku: '00123', zip: '01234', note: 'two' };

	it('turns numbers sent as text into numbers, codes stay text', async () => {
		receiver = await startReceiver(
			{ events, options: { normaliseNumbers: true } },
			apiCredentials(env.sandbox),
		);
		await activate(receiver.url);
		await env.sandbox.fire('order/create', data, { format: 'form', objectId: 17 });
		expect(receiver.executions).toHaveLength(1);
		expect(receiver.executions[0][0]).toMatchObject({
			id: 17,
			total_price: 100.5,
			sku: '00123',
			zip: '01234',
			note: 'two',
		});
		// the delivery's own headers (object id) are not the shop's data: as sent
		expect(receiver.executions[0][0].objectId).toBe('17');
	});

	it('is off by default for triggers saved before typeVersion 4: a form delivery keeps its text', async () => {
		for (const typeVersion of [1, 2, 3]) {
			receiver = await startReceiver({ events }, apiCredentials(env.sandbox), 0, 0, typeVersion);
			await activate(receiver.url);
			await env.sandbox.fire('order/create', data, { format: 'form', objectId: 17 });
			expect([typeVersion, receiver.executions[0][0]]).toMatchObject([
				typeVersion,
				{ id: '17', total_price: '100.50' },
			]);
			await receiver.close();
			receiver = undefined;
			env.sandbox.reset();
		}
	});

	it('is on by default from typeVersion 4; turned off, the text stays', async () => {
		receiver = await startReceiver({ events }, apiCredentials(env.sandbox), 0, 0, 4);
		await activate(receiver.url);
		await env.sandbox.fire('order/create', data, { format: 'form', objectId: 17 });
		expect(receiver.executions[0][0]).toMatchObject({ id: 17, total_price: 100.5, sku: '00123' });
		await receiver.close();
		env.sandbox.reset();
		receiver = await startReceiver(
			{ events, options: { normaliseNumbers: false } },
			apiCredentials(env.sandbox),
			0,
			0,
			4,
		);
		await activate(receiver.url);
		await env.sandbox.fire('order/create', data, { format: 'form', objectId: 17 });
		expect(receiver.executions[0][0]).toMatchObject({ id: '17', total_price: '100.50' });
	});
});

describe('trigger words (typeVersion 4)', () => {
	let receiver: Receiver | undefined;
	afterEach(async () => await receiver?.close());
	const status = { id: '3', name: 'Shipped', send_mail: '1', color: 'f5a623' };
	const kinds = ['orderStatus/update'];

	it("adds the Order Status table's word beside send_mail; typeVersion 3 does not", async () => {
		receiver = await startReceiver({ events: kinds }, apiCredentials(env.sandbox), 0, 0, 4);
		await activate(receiver.url, kinds);
		await env.sandbox.fire('orderStatus/update', status, { format: 'form', objectId: 3 });
		const [item] = receiver.executions[0];
		expect(item).toMatchObject({ id: 3, send_mail: 1, send_mail_label: 'Yes', color: 'f5a623' });
		expect(Object.keys(item).indexOf('send_mail_label')).toBe(
			Object.keys(item).indexOf('send_mail') + 1,
		);
		await receiver.close();
		env.sandbox.reset();
		receiver = await startReceiver({ events: kinds }, apiCredentials(env.sandbox), 0, 0, 3);
		await activate(receiver.url, kinds);
		await env.sandbox.fire('orderStatus/update', status, { format: 'form', objectId: 3 });
		expect(receiver.executions[0][0]).not.toHaveProperty('send_mail_label');
		expect(receiver.executions[0][0]).toMatchObject({ send_mail: '1' });
	});

	it('gives an order no invented words: status_id and paid stay as sent, with no companion', async () => {
		receiver = await startReceiver({ events }, apiCredentials(env.sandbox), 0, 0, 4);
		await activate(receiver.url);
		await env.sandbox.fire(
			'order/create',
			{ id: 5, status_id: '1', paid: '1' },
			{ format: 'form' },
		);
		const [item] = receiver.executions[0];
		expect(item).toMatchObject({ id: 5, status_id: 1, paid: 1 });
		expect(Object.keys(item).filter((k) => k.endsWith('_label'))).toEqual([]);
	});
});

/** The trigger's Normalize Numbers option: the action node's rule (output.ts) applied to a delivery's data. */
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhookMethod } from '../harness';
import { apiCredentials, credentialTypes, useSandbox } from './setup';
import { startReceiver, type Receiver } from './triggerReceiver';

const env = useSandbox();
const events = ['order/create'];

async function activate(url: string) {
	await callWebhookMethod(new StorePlatformTrigger(), 'create', {
		parameters: { events },
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

	it('is off by default: a form delivery keeps its text', async () => {
		receiver = await startReceiver({ events }, apiCredentials(env.sandbox));
		await activate(receiver.url);
		await env.sandbox.fire('order/create', data, { format: 'form', objectId: 17 });
		expect(receiver.executions[0][0]).toMatchObject({ id: '17', total_price: '100.50' });
	});
});

/**
 * A poll trigger saved with "Custom API Call" as its Resource (n8n offered it before typeVersion 1 was served as
 * it is now, issue 31 point 2), through n8n-core's poll machinery: Fetch Test Event and a scheduled poll say what
 * to do instead, before any request; a poll trigger on a real Resource still answers.
 */
import { type PollerOptions } from '../harness';
import { apiRequests, pollStore, useSandbox } from './setup';

const env = useSandbox();

const poller = (resource: string, opts: Partial<PollerOptions> = {}) =>
	pollStore(env.sandbox, { resource }, opts);

describe('poll trigger saved with Custom API Call', () => {
	it.each(['manual', 'trigger'] as const)(
		'%s: one clear error naming Resource, no request',
		async (mode) => {
			const tick = await poller('__CUSTOM_API_CALL__', { mode }).tick();
			expect(tick.error?.message).toMatch(
				/^Custom API Call is not available in the poll trigger: choose a Resource/,
			);
			expect(tick.error?.message).not.toContain('__CUSTOM_API_CALL__');
			expect(apiRequests(env.sandbox)).toHaveLength(0);
		},
	);

	it('a Resource it can watch answers Fetch Test Event', async () => {
		const tick = await poller('page', { mode: 'manual' }).tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items?.[0].json.event).toMatch(/^page\//);
	});
});

import { asSample, sampleKey, sampleKind } from '../../../nodes/StorePlatform/poll/node/trigger';

const at = (created_at: string, updated_at?: string) => ({ id: 3, created_at, updated_at });

describe('the event a Fetch Test Event sample stands for', () => {
	it.each([
		[
			'changed after creation, updates watched',
			['created', 'updated'],
			at('2024-01-01 11:00:00', '2024-01-01 11:30:00'),
			'updated',
		],
		[
			'never changed',
			['created', 'updated'],
			at('2024-01-01 11:00:00', '2024-01-01 11:00:00'),
			'created',
		],
		[
			'changed, only creations watched',
			['created'],
			at('2024-01-01 11:00:00', '2024-01-01 11:30:00'),
			'created',
		],
		['no update time (vouchers)', ['created', 'deleted'], at('2024-01-01 11:00:00'), 'created'],
		[
			'an empty update time',
			['created', 'updated'],
			at('2024-01-01 11:00:00', '0000-00-00 00:00:00'),
			'created',
		],
		[
			'only deletions watched',
			['deleted'],
			at('2024-01-01 11:00:00', '2024-01-01 11:30:00'),
			'deleted',
		],
		['only updates watched, never changed', ['updated'], at('2024-01-01 11:00:00'), 'updated'],
	] as const)('%s', (_, events, record, kind) => {
		expect(sampleKind([...events], record)).toBe(kind);
	});
});

/** A real change's key (rules/changeKey.ts, test/workflow/pollTrigger.test.ts). */
const CHANGE_KEY = /^[0-9a-f]{32}$/;

describe('the sample is marked as one', () => {
	const shaped = {
		json: { id: 3, title: 'About us', event: 'page/updated', deliveryKey: '' },
	};

	it.each([
		['page', '3', 1733450000000, 'sample-page-3-1733450000000'],
		['themeAsset', 'templates/index.liquid', 1, 'sample-themeAsset-templates/index.liquid-1'],
		[
			'variant',
			'0123456789abcdef0123456789abcdef',
			5,
			'sample-variant-0123456789abcdef0123456789abcdef-5',
		],
	])("%s %s at %d: key %s, never a change's", (resource, id, now, key) => {
		expect(sampleKey(resource, id, now)).toBe(key);
		expect(sampleKey(resource, id, now)).not.toMatch(CHANGE_KEY);
	});

	it('a new key at each fetch of the same record', () => {
		expect(sampleKey('page', '3', 1000)).not.toBe(sampleKey('page', '3', 1001));
	});

	it.each([
		['keeps the record and its event, sets its key and sample: true last', shaped],
		['keeps the fields of an item with pairing data', { ...shaped, pairedItem: { item: 0 } }],
	])('%s', (_, item) => {
		const marked = asSample(item, 'page', '3', 7);
		expect(Object.entries(marked.json)).toEqual([
			['id', 3],
			['title', 'About us'],
			['event', 'page/updated'],
			['deliveryKey', 'sample-page-3-7'],
			['sample', true],
		]);
		expect(marked).toEqual({ ...item, json: marked.json });
		// the item given is left as it was
		expect(item.json).not.toHaveProperty('sample');
	});
});

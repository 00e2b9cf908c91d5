import { sampleKind } from '../../../nodes/StorePlatform/poll/node/trigger';

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

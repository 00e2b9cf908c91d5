/** A change of the shop's zone told from an edit (poll/rules/fingerprint.ts onlyZoneMoved), for lists compared by fingerprints. */
import { fingerprint, onlyZoneMoved } from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import { diffSnapshot, snapshotOf } from '../../../nodes/StorePlatform/poll/rules/snapshot';

const charge = {
	id: 3,
	name: 'Pro plan',
	status: 'accepted',
	created_at: '2030-01-01 23:40:00',
	updated_at: '2030-01-02 10:00:05',
	activated_on: '2030-01-02 10:00:05',
};
const kept = fingerprint(charge);

test.each([
	[
		'every stamp an hour later (across midnight)',
		{
			created_at: '2030-01-02 00:40:00',
			updated_at: '2030-01-02 11:00:05',
			activated_on: '2030-01-02 11:00:05',
		},
		true,
	],
	[
		'every stamp 5 h 30 min later',
		{
			created_at: '2030-01-02 05:10:00',
			updated_at: '2030-01-02 15:30:05',
			activated_on: '2030-01-02 15:30:05',
		},
		true,
	],
	[
		'every stamp 14 h earlier',
		{
			created_at: '2030-01-01 09:40:00',
			updated_at: '2030-01-01 20:00:05',
			activated_on: '2030-01-01 20:00:05',
		},
		true,
	],
	['updated_at alone an hour later (an edit)', { updated_at: '2030-01-02 11:00:05' }, false],
	[
		'every stamp an hour later and another status',
		{
			status: 'active',
			created_at: '2030-01-02 00:40:00',
			updated_at: '2030-01-02 11:00:05',
			activated_on: '2030-01-02 11:00:05',
		},
		false,
	],
	[
		'every stamp 20 minutes later (no zone)',
		{
			created_at: '2030-01-02 00:00:00',
			updated_at: '2030-01-02 10:20:05',
			activated_on: '2030-01-02 10:20:05',
		},
		false,
	],
])('%s: only the zone moved? %s', (_, over, expected) => {
	expect(onlyZoneMoved(kept, { ...charge, ...over })).toBe(expected);
});

test("the shop's own stamps moved, a date the user entered kept: only the zone moved", () => {
	const promotion = { id: 1, start_at: '2030-02-01 00:00:00', created_at: '2030-01-01 10:00:00' };
	const moved = { ...promotion, created_at: '2030-01-01 09:00:00' };
	expect(onlyZoneMoved(fingerprint(promotion), moved)).toBe(true);
});

test('a record without stamps never counts as moved', () => {
	expect(onlyZoneMoved(fingerprint({ id: 1, name: 'a' }), { id: 1, name: 'b' })).toBe(false);
});

describe('a whole list compares stamps to the minute (rules/snapshot.ts diffSnapshot)', () => {
	const reading = (r: typeof charge) => new Map([[String(r.id), r]]);
	const diff = (known: Record<string, string>, r: typeof charge) =>
		diffSnapshot(known, reading(r), []).changes.map((c) => c.kind);
	const noSeconds = {
		...charge,
		updated_at: '2030-01-02 10:00',
		activated_on: '2030-01-02 10:00',
	};

	test('stamps written without seconds: no change; a fingerprint kept by the version before still matches', () => {
		expect(diff(snapshotOf(reading(charge)), noSeconds)).toEqual([]);
		// a fingerprint kept by the version before (with its seconds) matches the same record, and is kept to the
		// minute from then on (only stamps that lose their seconds in that very poll would read as an edit, once)
		const before = { '3': fingerprint(charge) };
		expect(diff(before, charge)).toEqual([]);
		expect(diffSnapshot(before, reading(charge), []).known).toEqual(snapshotOf(reading(charge)));
	});

	test('without seconds, a zone moved too: no change; an edit: updated', () => {
		const moved = { ...noSeconds, created_at: '2030-01-02 00:40', updated_at: '2030-01-02 11:00' };
		moved.activated_on = moved.updated_at;
		expect(diff(snapshotOf(reading(charge)), moved)).toEqual([]);
		expect(diff(snapshotOf(reading(charge)), { ...noSeconds, status: 'active' })).toEqual([
			'updated',
		]);
	});
});

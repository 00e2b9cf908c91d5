/**
 * The rules of a `deliveryKey` (poll/rules/changeKey.ts) as tables: one key per change with the cursor's sequence number,
 * the same key for the same change emitted again from the same cursor, a creation's key whatever state it is read
 * in, the edit a repeat reads as a change of its own, and cursors saved before the sequence number.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	birthKeyOf,
	changeKey,
	deliveryKeyOf,
	editedSince,
	firstSeq,
	nextSeq,
	readUpTo,
	seqOf,
	stateLeftOut,
	withLaterEdit,
} from '../../../nodes/StorePlatform/poll/rules/changeKey';
import type { ChangeKind } from '../../../nodes/StorePlatform/poll/rules/fingerprint';
import { usableState } from '../../../nodes/StorePlatform/poll/rules/state';

const parts = (kind: ChangeKind, state: string, id = '7') => ({
	resource: 'user',
	scope: '',
	id,
	kind,
	state: kind === 'deleted' ? '' : state,
});

/** The keys a run of polls gives: each poll's changes keyed with the cursor's number, which moves on when it emits. */
function keysOfPolls(
	polls: Array<Array<[ChangeKind, string]>>,
	start: number | undefined,
): string[] {
	let seq = start;
	const keys: string[] = [];
	for (const changes of polls) {
		for (const [kind, state] of changes) keys.push(deliveryKeyOf(parts(kind, state), seq));
		seq = nextSeq(seq, changes.length > 0, 1_000);
	}
	return keys;
}

describe('one key per change', () => {
	test.each([
		[
			'permissions switched back and forth',
			[[['updated', 'A']], [['updated', 'B']], [['updated', 'A']], [['updated', 'B']]],
			2,
		],
		[
			'deleted, restored, deleted again',
			[[['deleted', '']], [['created', 'A']], [['deleted', '']]],
			2,
		],
		[
			'created, deleted, created again in one state',
			[[['created', 'A']], [['deleted', '']], [['created', 'A']]],
			2,
		],
	] as Array<[string, Array<Array<[ChangeKind, string]>>, number]>)(
		'%s: a key each (the version before repeated keys)',
		(_name, polls, before) => {
			const count = polls.flat().length;
			expect(new Set(keysOfPolls(polls, 41)).size).toBe(count);
			// the version before named the state: switches and second deletions repeated keys
			expect(new Set(polls.flat().map(([k, s]) => changeKey(parts(k, s)))).size).toBe(before);
		},
	);

	test('polls that emit nothing leave the number: the next change is keyed as if they had not run', () => {
		const quiet = keysOfPolls([[], [], [['updated', 'B']]], 41);
		expect(quiet).toEqual(keysOfPolls([[['updated', 'B']]], 41));
	});

	test.each(['created', 'updated', 'deleted'] as ChangeKind[])(
		'%s: the same change from the same cursor, the same key; another number, another key',
		(kind) => {
			expect(deliveryKeyOf(parts(kind, 'A'), 41)).toBe(deliveryKeyOf(parts(kind, 'A'), 41));
			expect(deliveryKeyOf(parts(kind, 'A'), 41)).not.toBe(deliveryKeyOf(parts(kind, 'A'), 42));
			expect(deliveryKeyOf(parts(kind, 'A'), 41)).not.toBe(
				deliveryKeyOf(parts(kind, 'A', '8'), 41),
			);
		},
	);

	test('where edits come apart, a creation keeps its key whatever state it is read in; elsewhere it names its state', () => {
		expect(deliveryKeyOf(parts('created', 'A'), 41, true)).toBe(
			deliveryKeyOf(parts('created', 'B'), 41, true),
		);
		expect(deliveryKeyOf(parts('created', 'A'), 41)).not.toBe(
			deliveryKeyOf(parts('created', 'B'), 41),
		);
		for (const apart of [true, false]) {
			expect(deliveryKeyOf(parts('updated', 'A'), 41, apart)).not.toBe(
				deliveryKeyOf(parts('updated', 'B'), 41, apart),
			);
			const kinds = (['created', 'updated', 'deleted'] as ChangeKind[]).map((k) =>
				deliveryKeyOf(parts(k, 'A'), 41, apart),
			);
			expect(new Set(kinds).size).toBe(3);
		}
	});

	test.each([
		[
			'a list scanned by updated_at, updates watched',
			'2030-01-01 12:00:00',
			['created', 'updated'],
			true,
		],
		['a list scanned by updated_at, created only', '', ['created'], true],
		[
			'a list without update times, updates watched',
			undefined,
			['created', 'updated', 'deleted'],
			false,
		],
		['a list without update times, created and deleted', undefined, ['created', 'deleted'], true],
	] as Array<[string, string | undefined, ChangeKind[], boolean]>)(
		'%s: the creation key leaves out the state: %p',
		(_name, upTo, events, left) => {
			expect(stateLeftOut(upTo, events)).toBe(left);
		},
	);

	test('a cursor saved before the number: the keys of that version, then its first number', () => {
		for (const kind of ['created', 'updated', 'deleted'] as ChangeKind[])
			for (const apart of [true, false])
				expect(deliveryKeyOf(parts(kind, 'A'), undefined, apart)).toBe(changeKey(parts(kind, 'A')));
		expect(nextSeq(undefined, false, 5_000)).toBeUndefined();
		expect(nextSeq(undefined, true, 5_000)).toBe(5_000);
		expect(nextSeq(41, false, 5_000)).toBe(41);
		// an emitting poll moves the number to n8n's clock, or on by one where the clock is not past it
		expect(nextSeq(41, true, 5_000)).toBe(5_000);
		expect(nextSeq(9_000, true, 5_000)).toBe(9_001);
	});

	test('two runs from one cursor, at two times, leave different numbers', () => {
		expect(nextSeq(1_000, true, 2_000)).not.toBe(nextSeq(1_000, true, 2_007));
	});

	test('a cursor started over begins beyond every number an earlier cursor reached', () => {
		// an earlier cursor started at t0 and emitted n polls, each more than a millisecond after the one before
		const t0 = 1_790_000_000_000;
		const n = 50_000;
		let seq: number | undefined = firstSeq(t0);
		for (let i = 0; i < n; i++) seq = nextSeq(seq, true, t0 + i);
		expect(firstSeq(t0 + n + 1)).toBeGreaterThan(seq as number);
	});

	test.each([
		[41, 41],
		[0, 0],
		[1.5, undefined],
		[-1, undefined],
		['41', undefined],
		[Number.NaN, undefined],
		[undefined, undefined],
	])('a stored number %p is read as %p', (stored, read) => {
		expect(seqOf(stored)).toBe(read);
		const state = usableState({ v: 2, fp: 2, watch: 'user', known: {}, seq: stored }, 'user', [
			'known',
		]);
		expect(state?.seq).toBe(read);
	});
});

describe('the edit a repeat reads', () => {
	const scan = {
		floor: '2030-01-01 11:00:00',
		seen: { '2030-01-01 11:00:00': { '1': 'f1' }, '2030-01-01 12:00:00': { '2': 'f2' } },
	};
	const page = (created_at: string, updated_at: string | null): IDataObject => ({
		id: 9,
		created_at,
		updated_at,
	});

	test('the latest time a cursor holds: its floor and the times of the records it accounted for', () => {
		expect(readUpTo(undefined)).toBeUndefined();
		expect(readUpTo({ floor: '', seen: {} })).toBe('');
		expect(readUpTo(scan)).toBe('2030-01-01 12:00:00');
		expect(readUpTo({ ...scan, floor: '2030-01-02 00:00:00' })).toBe('2030-01-02 00:00:00');
	});

	test.each([
		['never edited', page('2030-01-01 12:00:05', '2030-01-01 12:00:05'), false],
		['edited after the cursor', page('2030-01-01 12:00:05', '2030-01-01 12:00:09'), true],
		[
			'restored: edited long before the cursor',
			page('2024-01-01 10:00:00', '2024-01-01 10:30:00'),
			false,
		],
		[
			'edited in the second the cursor holds',
			page('2030-01-01 11:59:00', '2030-01-01 12:00:00'),
			false,
		],
		[
			'restored from the trash, its last edit after every time the cursor holds (issue 41 #9)',
			page('2030-01-01 11:00:00', '2030-01-01 12:00:07'),
			false,
		],
		[
			'created in the second the cursor holds, edited later',
			page('2030-01-01 12:00:00', '2030-01-01 12:00:03'),
			true,
		],
		[
			'created after the cursor, edited once the shop clock stepped back an hour (stamped before its birth)',
			page('2030-01-01 12:00:05', '2030-01-01 11:00:09'),
			true,
		],
		[
			'created after the cursor, stamps in two forms of one second',
			page('2030-01-01T12:00:05Z', '2030-01-01 12:00:05'),
			false,
		],
		['no update time', page('2030-01-01 12:00:05', null), false],
		['empty date', page('2030-01-01 12:00:05', '0000-00-00 00:00:00'), false],
	] as Array<[string, IDataObject, boolean]>)('%s', (_name, record, edited) => {
		expect(editedSince(record, '2030-01-01 12:00:00')).toBe(edited);
		const changes = withLaterEdit(
			[{ kind: 'created', id: '9', record, state: 's' }],
			'2030-01-01 12:00:00',
		);
		expect(changes.map((c) => c.kind)).toEqual(edited ? ['created', 'updated'] : ['created']);
		if (edited) expect(changes[1]).toEqual({ ...changes[0], kind: 'updated' });
	});

	test('updates and deletions stay as they are; a list without a scan adds nothing', () => {
		const edited = page('2030-01-01 12:00:05', '2030-01-01 12:00:09');
		const changes = [
			{ kind: 'updated' as const, id: '9', record: edited, state: 's' },
			{ kind: 'deleted' as const, id: '3', state: '' },
		];
		expect(withLaterEdit(changes, '')).toEqual(changes);
		expect(
			withLaterEdit([{ kind: 'created', id: '9', record: edited, state: 's' }], undefined),
		).toHaveLength(1);
	});

	test('a run and its repeat from the same cursor, an edit between: Remove Duplicates keeps the creation, then the edit', () => {
		const upTo = readUpTo(scan);
		const seq = 41;
		const emit = (record: IDataObject, state: string) =>
			withLaterEdit([{ kind: 'created' as ChangeKind, id: '9', record, state }], upTo).map((c) => ({
				line: `${c.kind} ${c.state}`,
				key: deliveryKeyOf(parts(c.kind, c.state, c.id), seq, upTo !== undefined),
			}));
		const run = emit(page('2030-01-01 12:00:05', '2030-01-01 12:00:05'), 'draft');
		const repeat = emit(page('2030-01-01 12:00:05', '2030-01-01 12:00:09'), 'final');
		const seen = new Set<string>();
		const kept = [...run, ...repeat].filter((e) => !seen.has(e.key) && seen.add(e.key));
		expect(kept.map((e) => e.line)).toEqual(['created draft', 'updated final']);
		// the same repeat with no edit between: all of it dropped as repeated
		const same = emit(page('2030-01-01 12:00:05', '2030-01-01 12:00:05'), 'draft');
		expect(same.map((e) => e.key)).toEqual(run.map((e) => e.key));
	});
});

describe("a creation keyed without its state keeps its record's birth (issue 41 #13)", () => {
	const created = (createdAt: string, state = 'S') => ({
		...parts('created', state),
		birth: birthKeyOf({ id: 7, created_at: createdAt }),
	});

	test('a record deleted between two runs of one poll and its id handed out again: another key', () => {
		const first = deliveryKeyOf(created('2030-01-01 10:05:10'), 42, true);
		const again = deliveryKeyOf(created('2030-01-01 10:07:30', 'T'), 42, true);
		expect(again).not.toBe(first);
	});

	test.each([
		['read again in another state', '2030-01-01 10:05:10', 'T'],
		['its stamps an hour later (a change of zone)', '2030-01-01 11:05:10', 'S'],
		['its stamps in another form', '2030-01-01T10:05:10Z', 'S'],
	])('the same record %s: the same key', (_, createdAt, state) => {
		const first = deliveryKeyOf(created('2030-01-01 10:05:10'), 42, true);
		expect(deliveryKeyOf(created(createdAt, state), 42, true)).toBe(first);
	});
});

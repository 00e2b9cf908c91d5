/** The fold of one record's changes between two reads (fold.ts), as a table. */
import { allows, fold, owed, type ChangeKind, type State } from './fold';

type Row = [string, State, State[], ChangeKind[], boolean, State];

const TABLE: Row[] = [
	// what happened between two reads       last   states since          kinds               optional state
	['nothing happened', 'A', [], [], false, null],
	['created', null, ['A'], ['created'], false, 'A'],
	['created + updates: one created, latest', null, ['A', 'B', 'C'], ['created'], false, 'C'],
	['created + deleted: nothing', null, ['A', null], [], false, null],
	['updates: one updated, latest', 'A', ['B', 'C'], ['updated'], false, 'C'],
	['switched back (A→B→A): nothing or one updated', 'A', ['B', 'A'], ['updated'], true, 'A'],
	['touched, same value (a zone change): nothing', 'A', ['A', 'A'], [], false, null],
	['deleted', 'A', [null], ['deleted'], false, null],
	['updated then deleted: deleted', 'A', ['B', null], ['deleted'], false, null],
	['deleted + created again, new value', 'A', [null, 'B'], ['updated', 'created'], false, 'B'],
	['deleted + restored as it was', 'A', [null, 'A'], ['updated', 'created'], true, 'A'],
	['deleted, restored, deleted', 'A', [null, 'A', null], ['deleted'], false, null],
	['gone, came back, gone again', null, ['A', null, 'B'], ['created'], false, 'B'],
];

describe('fold', () => {
	test.each(TABLE)('%s', (_name, last, states, kinds, optional, state) => {
		const got = fold(last, states);
		expect(got).toEqual({ kinds, optional, state: kinds.length ? state : null });
	});

	test('events not watched are never expected', () => {
		expect(fold('A', [null], ['created', 'updated'])).toEqual({
			kinds: [],
			optional: false,
			state: null,
		});
		expect(fold('A', [null, 'B'], ['created', 'deleted']).kinds).toEqual(['created']);
	});

	test('allows: the kind and the state carried; owed: nothing emitted would lose it', () => {
		const e = fold('A', ['B']);
		expect(allows(e, 'updated', 'B')).toBe(true);
		expect(allows(e, 'updated', 'A')).toBe(false);
		expect(allows(e, 'created', 'B')).toBe(false);
		expect(owed(e)).toBe(true);
		expect(owed(fold('A', [null, 'A']))).toBe(false);
		expect(owed(fold('A', ['B', 'A']))).toBe(false);
	});
});

/**
 * Issue 34's ten failures as fixed histories (one or more each), each the smallest script that shows it. The
 * test file marks each known failure as failing until its fix lands (knownFailures.test.ts).
 */
import type { History } from './steps';

export interface KnownFailure {
	item: number;
	title: string;
	histories: History[];
}

const poll = { op: 'poll' as const };
const tick = (s: number) => ({ op: 'tick' as const, s });

export const KNOWN: KnownFailure[] = [
	{
		item: 1,
		title:
			'a list answered once with an empty body, {} or null is a failed read, not an empty list',
		histories: (['', '{}', 'null'] as const).map((body) => ({
			resource: 'user',
			preload: 0,
			steps: [{ op: 'emptyAnswer', body }, poll, poll],
		})),
	},
	{
		item: 2,
		title: 'delete-restore-delete and A→B→A→B toggles: one key per change',
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [
					{ op: 'delete', pick: 0 },
					poll,
					{ op: 'restore', pick: 0 },
					tick(1),
					poll,
					{ op: 'delete', pick: 0 },
					poll,
				],
			},
			{
				resource: 'user',
				preload: 0,
				steps: [
					{ op: 'update', pick: 1, v: 0 },
					poll,
					{ op: 'update', pick: 1, v: 1 },
					poll,
					{ op: 'update', pick: 1, v: 0 },
					poll,
					{ op: 'update', pick: 1, v: 1 },
					poll,
				],
			},
		],
	},
	{
		item: 3,
		title: 'a poll repeated from the same saved static data',
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [
					{ op: 'create', v: 0 },
					poll,
					{ op: 'update', pick: 4, v: 1 },
					tick(1),
					{ op: 'repeat' },
				],
			},
		],
	},
	{
		item: 4,
		title: 'a deletion while the activation pages a page-number list invents nothing',
		histories: [
			{
				resource: 'promotion',
				preload: 300,
				activation: { n: 2, change: { op: 'delete', pick: 0 } },
				steps: [poll, poll],
			},
		],
	},
	{
		item: 5,
		title: "the shop's clock steps back an hour: nothing stamped in the repeated hour is lost",
		// every record changed at the same time first, so that no stamp stands out as an outlier (scan.ts)
		histories: [
			{
				resource: 'page',
				preload: 5,
				steps: [
					{ op: 'updateMany', n: 9, v: 1 },
					poll,
					tick(-3600),
					{ op: 'update', pick: 1, v: 2 },
					poll,
				],
			},
			{
				resource: 'themeScript',
				preload: 5,
				steps: [{ op: 'updateMany', n: 7, v: 1 }, poll, tick(-3600), { op: 'create', v: 2 }, poll],
			},
		],
	},
	{
		item: 6,
		title: 'stamps in another form of the same instant are read as that instant',
		histories: (['iso-z', 'offset', 'naive-t'] as const).map((form) => ({
			resource: 'page',
			preload: 0,
			steps: [{ op: 'stampForm', form }, tick(10), { op: 'update', pick: 0, v: 1 }, poll],
		})),
	},
	{
		item: 7,
		title: 'ids beyond 2^53, as strings, are emitted',
		histories: [
			{ resource: 'page', preload: 0, steps: [{ op: 'bigIds' }, { op: 'create', v: 0 }, poll] },
			{ resource: 'voucher', preload: 0, steps: [{ op: 'bigIds' }, { op: 'create', v: 0 }, poll] },
		],
	},
	{
		item: 8,
		title: 'a record whose updated_at is null is emitted',
		histories: [
			{
				resource: 'themeScript',
				preload: 0,
				steps: [tick(1), { op: 'createNullStamp', v: 0 }, poll],
			},
		],
	},
	{
		item: 9,
		title: 'the page cap lowered 250 → 100 after the activation loses nothing',
		histories: [
			{
				resource: 'page',
				preload: 300,
				steps: [{ op: 'pageCap', cap: 100 }, tick(1), { op: 'updateMany', n: 300, v: 1 }, poll],
			},
		],
	},
	{
		item: 10,
		title: 'a whole list growing past 5,000 records gives its error once, not at every poll',
		histories: [{ resource: 'user', preload: 0, steps: [{ op: 'grow', n: 5000 }, poll, poll] }],
	},
	{
		item: 11,
		title:
			'(found by the checker) a record deleted, then the highest deleted and its id handed out again to the first: the count stays equal',
		histories: [
			{
				resource: 'voucher',
				preload: 0,
				steps: [{ op: 'delete', pick: 2 }, poll, { op: 'reuseId', v: 0 }, poll],
			},
		],
	},
	{
		item: 12,
		title:
			'(found by the checker) a count that turns one off its list after the activation hides a deletion',
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [{ op: 'countOffset', n: 1 }, { op: 'delete', pick: 0 }, poll],
			},
		],
	},
	{
		item: 13,
		title:
			'(found by the soak, seed 369992) a page id handed out again and another page deleted in one stretch: the count stays equal',
		histories: [
			{
				resource: 'page',
				preload: 0,
				activation: { n: 1, change: { op: 'delete', pick: 0 } },
				steps: [
					{ op: 'restore', pick: 0 },
					{ op: 'delete', pick: 13 },
					{ op: 'ignoreParam', param: 'since_id' },
				],
			},
		],
	},
	{
		item: 14,
		title:
			'(issue 49, soak 50101) a record the first run of a repeated poll reported created, deleted before the repeat (n8n one process): the deletion comes',
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [{ op: 'create', v: 0 }, poll, { op: 'delete', pick: 4 }, { op: 'repeat' }],
			},
			{
				resource: 'page',
				preload: 0,
				steps: [
					{ op: 'create', v: 0 },
					{ op: 'create', v: 2 },
					poll,
					{ op: 'deleteMany', n: 10 },
					{ op: 'repeat' },
				],
			},
		],
	},
];

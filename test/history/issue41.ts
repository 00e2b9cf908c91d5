/**
 * Issue 41's thirteen failures as fixed histories (one or more each), as close to the issue's shape as the habits
 * allow (where they differ, the title says so). issue41.test.ts marks each failing until the trigger holds it.
 * #10 (durable cursors, an event added) is a test of its own in issue41.test.ts: the runner has no step that
 * edits the trigger's parameters.
 */
import type { Change, History, Step } from './steps';

export interface Issue41Failure {
	item: number;
	title: string;
	histories: History[];
}

const poll: Step = { op: 'poll' };
const tick = (s: number): Step => ({ op: 'tick', s });
const del = (pick: number): Change => ({ op: 'delete', pick });
const update = (pick: number, v = 1): Change => ({ op: 'update', pick, v });
const create = (v = 0): Change => ({ op: 'create', v });
const ignore = (param: 'since_id' | 'page'): Step => ({ op: 'ignoreParam', param });
const cap = (n: number): Step => ({ op: 'pageCap', cap: n });

export const ISSUE41: Issue41Failure[] = [
	{
		item: 1,
		title:
			'a list that ignores since_id, its page cap lowered to 100 after the activation, one record deleted: no false deletions',
		histories: (['page', 'voucher'] as const).map((resource) => ({
			resource,
			preload: 300,
			before: [ignore('since_id')],
			steps: [cap(100), del(0), tick(1), poll, poll],
		})),
	},
	{
		item: 2,
		title:
			'a list that ignores since_id, capped below 250 from the start (50, 100, 200): changes beyond the first page come',
		histories: [50, 100, 200].map((n) => ({
			resource: 'page',
			preload: 300,
			before: [ignore('since_id'), cap(n)],
			steps: [create(), update(290), del(280), tick(1), poll],
		})),
	},
	{
		item: 3,
		title:
			'a list of 5 whose count says 6 and which ignores page: its changes come (promotions: pages and vouchers, read by since_id, hold)',
		histories: [
			{
				resource: 'promotion',
				preload: 1,
				before: [{ op: 'countOffset', n: 1 }, ignore('page')],
				steps: [create(), poll, update(0), tick(1), poll, del(1), poll],
			},
		],
	},
	{
		item: 4,
		title: 'a list answered newest first: deletions and 300 creations come once, nothing invented',
		histories: [
			// deleting the first record (the highest id shown first)
			{
				resource: 'page',
				preload: 300,
				before: [{ op: 'order', order: 'newest' }],
				steps: [del(0), poll],
			},
			// deleting record 100
			{
				resource: 'page',
				preload: 300,
				before: [{ op: 'order', order: 'newest' }],
				steps: [del(99), poll],
			},
			// 300 creations between two polls
			{
				resource: 'page',
				preload: 300,
				before: [{ op: 'order', order: 'newest' }],
				steps: [{ op: 'createMany', n: 300, v: 0 }, poll],
			},
		],
	},
	{
		item: 5,
		title:
			'a whole list whose count is one below its length at a page boundary (251 promotions, count 250): nothing invented',
		histories: [
			{
				resource: 'promotion',
				preload: 247,
				steps: [{ op: 'countOffset', n: -1 }, poll, update(3), poll, del(5), poll],
			},
		],
	},
	{
		item: 6,
		title:
			'a theme script deleted while the poll reads page 2 of 302 changed scripts: no other update skipped (not reproduced: holds today)',
		histories: [
			{
				resource: 'themeScript',
				preload: 300,
				steps: [
					tick(1),
					{ op: 'updateMany', n: 302, v: 1 },
					tick(1),
					{ op: 'during', n: 2, change: del(0) },
					tick(3600),
					poll,
				],
			},
		],
	},
	{
		item: 7,
		title:
			"the shop's zone moves by an hour: nothing is reported for it (pages, theme scripts, variants; charges and blogs are not the checker's resources; users hold)",
		histories: (['page', 'themeScript', 'variant'] as const).map((resource) => ({
			resource,
			preload: 0,
			steps: [poll, { op: 'zone', hours: 1 }, tick(1), poll, poll],
		})),
	},
	{
		item: 8,
		title:
			'stamps without seconds: updates of pages and theme scripts, new theme scripts and new carts come',
		histories: [
			{ resource: 'page', steps: [update(0)] },
			{ resource: 'themeScript', steps: [update(0)] },
			{ resource: 'themeScript', steps: [create()] },
			{ resource: 'abandonedCart', steps: [create()] },
		].map(({ resource, steps }) => ({
			resource,
			preload: 0,
			before: [{ op: 'stampForm', form: 'minutes' }],
			steps: [tick(61), ...steps, poll, tick(61), poll],
		})),
	},
	{
		item: 9,
		title: 'a page trashed before the activation and restored after it: created only',
		histories: [
			{
				resource: 'page',
				preload: 0,
				// edited, then trashed, before the activation (its stamps later than the others)
				before: [update(2, 2), del(2)],
				steps: [tick(61), { op: 'restore', pick: 0 }, poll, tick(5), poll],
			},
		],
	},
	{
		item: 11,
		title:
			'a count that lags its list by one poll, a creation while a poll reads, then a deletion: the deletion comes (found by npm test seed 4106)',
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [{ op: 'countLag' }, { op: 'during', n: 1, change: create() }, del(0)],
			},
		],
	},
	{
		item: 12,
		title:
			'the highest id deleted, then a new record given an id in a gap below it: both changes come (vouchers; pages hold)',
		histories: (['voucher'] as const).map((resource) => ({
			resource,
			preload: 0,
			steps: [del(1), poll, { op: 'fillIdGaps' }, { op: 'reuseId', v: 2 }, poll],
		})),
	},
	{
		item: 13,
		title:
			"a record deleted between two runs of one poll and its id handed out again: the repeat's created has a key of its own",
		histories: [
			{
				resource: 'page',
				preload: 0,
				steps: [create(), tick(1), poll, tick(1), { op: 'reuseId', v: 2 }, { op: 'repeat' }],
			},
		],
	},
	{
		item: 14,
		title:
			"(found by npm test's seed 4108) the shop's clock steps back an hour after a poll that read a creation: a later update comes",
		histories: [
			{
				resource: 'page',
				preload: 0,
				activation: { n: 2, change: create() },
				steps: [
					tick(5),
					update(25, 0),
					{ op: 'during', n: 1, change: create() },
					tick(-3600),
					update(0, 0),
					create(),
				],
			},
		],
	},
	{
		item: 15,
		title:
			"(found by the soak's seed 11142) a page deleted while the activation pages, the count one above its list, the audit's poll repeated: the deletion comes once",
		histories: [
			{
				resource: 'page',
				preload: 0,
				activation: { n: 2, change: del(31) },
				steps: [{ op: 'countOffset', n: 1 }, update(27), { op: 'later' }, poll, { op: 'repeat' }],
			},
		],
	},
	{
		item: 16,
		title:
			"(found by the soak's seed 12142) a list that ignores since_id capped at 50 after the activation (250 learned): its first page answered again is not the whole list, so the deletion of its highest id comes in the next poll",
		histories: [
			{
				resource: 'page',
				preload: 300,
				before: [{ op: 'bigIds' }],
				steps: [
					{ op: 'reuseId', v: 3 },
					{ op: 'pageCap', cap: 50 },
					ignore('since_id'),
					del(5),
					poll,
				],
			},
		],
	},
	{
		item: 17,
		title:
			"(found by the soak's seed 13141) the shop's clock steps back an hour, then a poll reads a creation and n8n repeats it after an edit: the edit, stamped before the record's birth, comes",
		histories: [
			{
				resource: 'themeScript',
				preload: 0,
				steps: [create(), tick(-3600), poll, { op: 'updateMany', n: 300, v: 2 }, { op: 'repeat' }],
			},
		],
	},
	{
		item: 18,
		title:
			'(found re-reading the fix of #16) 104 pages, a list that ignores since_id and page: its first page, repeated by page 2, is the whole list: the changes come, no error',
		histories: [
			{
				resource: 'page',
				preload: 100,
				steps: [ignore('since_id'), ignore('page'), create(1), update(3, 2), del(7), poll],
			},
		],
	},
	{
		item: 19,
		title:
			"(found by the soak's seed 16141) a page deleted and reported, the count lagging a poll while n8n repeats that poll: the repeat misses the deletion; a later poll finds it and gives it the first run's key (once)",
		histories: [
			{
				resource: 'page',
				preload: 0,
				before: [{ op: 'countLag' }],
				activation: { n: 2, change: create(1) },
				steps: [del(48), create(), poll, { op: 'countLag' }, { op: 'repeat' }],
			},
		],
	},
	{
		item: 20,
		title:
			"(found by the soak's seed 16142) a voucher restored while a poll reads, reported created; the count one below its list while n8n repeats that poll: a later poll finds it and gives it the first run's key (once)",
		histories: [
			{
				resource: 'voucher',
				preload: 0,
				before: [del(9)],
				steps: [
					{ op: 'during', n: 3, change: { op: 'restore', pick: 46 } },
					poll,
					{ op: 'countOffset', n: -1 },
					create(3),
					{ op: 'repeat' },
				],
			},
		],
	},
];

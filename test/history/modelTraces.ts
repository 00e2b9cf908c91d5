/** Hand-made traces for the checker's tests (model.test.ts, modelDelays.test.ts). */
import type { IDataObject } from 'n8n-workflow';

import type { ChangeEntry } from '../../sandbox';
import { PROFILES } from './profiles';
import type { PollRun, Trace } from './runner';

export type Item = [kind: string, id: number, title: string | null, key: string];

let seq = 0;
export const entry = (id: number, kind: ChangeEntry['kind'], title?: string): ChangeEntry => ({
	seq: ++seq,
	resource: 'page',
	scope: '',
	id: String(id),
	kind,
	record: title === undefined ? undefined : { id, title },
	at: '2030-01-01 12:00:00',
});

export const run = (
	index: number,
	items: Item[],
	logTo: number,
	more: Partial<PollRun> = {},
): PollRun => ({
	index,
	how: index === 0 ? 'activation' : 'poll',
	items: items.map(([kind, id, title, key]) => ({
		json: { id, ...(title === null ? {} : { title }), event: `page/${kind}`, deliveryKey: key },
	})),
	requests: 3,
	process: 0,
	logFrom: logTo,
	logTo,
	before: '{}',
	after: '{}',
	at: index * 60_000,
	auditing: false,
	...more,
});

/** Page 1 "One" at the start; the log and the polls given. */
export function trace(log: ChangeEntry[], polls: PollRun[]): Trace {
	seq = 0;
	return {
		history: { resource: 'page', preload: 0, steps: [] },
		profile: PROFILES.page,
		start: new Map<string, IDataObject>([['1', { id: 1, title: 'One' }]]),
		log,
		polls,
		skipped: 0,
		times: log.map(() => 0),
		heldFrom: Infinity,
	};
}

beforeEach(() => (seq = 0));

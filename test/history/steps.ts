/**
 * A shop history as steps: changes (create, update, delete, restore, an id handed out again), polls (a poll, a
 * poll repeated from the same saved static data, a restart of n8n), a change made while a poll pages, the shop's
 * clock and n8n's, and the habits of real shops (issues 34 and 41). Each step prints as one readable line
 * (describe), so a shrunk failure reads as a script. generator.ts composes them.
 */
/** A change of the shop; `pick` chooses among the records present (or gone, for a restore) at run time. */
export type Change =
	| { op: 'create'; v: number }
	| { op: 'update'; pick: number; v: number }
	| { op: 'delete'; pick: number }
	| { op: 'restore'; pick: number }
	/** The highest record deleted, the shop's database restarts, its id is handed out again to a new record. */
	| { op: 'reuseId'; v: number }
	/** The first `n` records updated in one shop second (#9: 300 at once). */
	| { op: 'updateMany'; n: number; v: number }
	/** `n` records created in one shop second (issue 41 #4: 300 creations between two polls). */
	| { op: 'createMany'; n: number; v: number }
	/** A new record whose `updated_at` is null (issue 34 #8). */
	| { op: 'createNullStamp'; v: number }
	/** The first `n` records deleted in one shop second (issue 49: a list past 12,000 back below). */
	| { op: 'deleteMany'; n: number };

/** The habits of one record's Get (sandbox/recordHabits.ts). */
export type GetHabit = 'refuse403' | 'refuse500' | 'trash' | 'stale';

export type Step =
	| Change
	| { op: 'poll' }
	/** The last poll again, from the static data saved before it (n8n's at-least-once cursors; #3). */
	| { op: 'repeat' }
	/** n8n restarts: a new poller from the saved static data. */
	| { op: 'restart' }
	/** A change made when the next poll sends its `n`th list request, then that poll (#4 at activation). */
	| { op: 'during'; n: number; change: Change }
	/** The shop's clock moves on `s` seconds (negative: it steps back; -3600 is #5). */
	| { op: 'tick'; s: number }
	/** The list answers 200 with this body once (#1). */
	| { op: 'emptyAnswer'; body: '' | '{}' | 'null' }
	/** The shop caps its pages at `cap` from now on (#9). */
	| { op: 'pageCap'; cap: number }
	/** Stamps in another form of the same instant from now on (#6). */
	| { op: 'stampForm'; form: 'iso-z' | 'offset' | 'naive-t' | 'minutes' }
	/** Ids handed out from now on lie beyond 2^53, answered as strings (#7). */
	| { op: 'bigIds' }
	/** `n` records added at once (a whole list growing past 5,000: #10). */
	| { op: 'grow'; n: number }
	/** The sandbox's habits (habits.ts): answers in the other of the spec's two forms. */
	| { op: 'flipForms'; on: boolean }
	/** The sandbox's habits: ids handed out step by `step` (a database cluster). */
	| { op: 'idStep'; step: number }
	/** The sandbox's habits: the list ignores `since_id` or `page`. */
	| { op: 'ignoreParam'; param: 'since_id' | 'page' }
	/** The sandbox's habits: the count answers `n` more (or fewer) than its list holds. */
	| { op: 'countOffset'; n: number }
	/**
	 * The list answers in another order (issue 41): newest first, or a fixed permutation; or (issue 49) by
	 * `created_at`, the records of one second in another order at each request.
	 */
	| { op: 'order'; order: 'newest' | 'shuffled' | 'createdTies' }
	/**
	 * One record's Get (issue 49): an id the list does not hold answers 403 or 500 (not 404); a trashed record's
	 * Get answers 200 as it was; the next Get of a record that exists answers 404 (a replica behind).
	 */
	| { op: 'getHabit'; habit: GetHabit }
	/** Every record the list answers gains a field (null) or loses one (issue 49 #4). */
	| { op: 'shape'; change: 'add' | 'drop' }
	/** The shop's zone becomes UTC + `hours` (every stamp shown shifts; issue 41 #7). */
	| { op: 'zone'; hours: number }
	/** The count answers what it was at its previous request (one poll late; issue 41 #11). */
	| { op: 'countLag' }
	/** New records take the highest free id below the highest (issue 41 #12). */
	| { op: 'fillIdGaps' }
	/** n8n's clock moves on 61 minutes (the trigger's hourly audit is due at the next poll). */
	| { op: 'later' };

export interface History {
	resource: string;
	/** Records added before the activation (a list longer than one page: 300). */
	preload: number;
	/**
	 * Before the activation (not in the change log: the shop as the trigger first meets it): habits switched on, and
	 * changes (a record trashed before the activation, to be restored after it: issue 41 #9).
	 */
	before?: Step[];
	/** A change made while the activation pages (#4). */
	activation?: { n: number; change: Change };
	/**
	 * A slow shop (issue 49): n8n's poll budget small and each request taking n8n's clock on (runner.ts SLOW), so
	 * that an audit goes in parts (poll/ledger/auditParts.ts).
	 */
	slow?: boolean;
	steps: Step[];
}

/** One step as a line of a script. */
export function describe(step: Step | Change): string {
	switch (step.op) {
		case 'create':
			return `create a record (v-${'ABCD'[step.v]})`;
		case 'update':
			return `update record #${step.pick} to v-${'ABCD'[step.v]}`;
		case 'delete':
			return `delete record #${step.pick}`;
		case 'restore':
			return `restore deleted record #${step.pick} (same id)`;
		case 'reuseId':
			return `delete the highest record, restart the shop's database, create (v-${'ABCD'[step.v]}: the highest id left + 1 again)`;
		case 'updateMany':
			return `update the first ${step.n} records to v-${'ABCD'[step.v]} in one second`;
		case 'createMany':
			return `create ${step.n} records (v-${'ABCD'[step.v]}) in one second`;
		case 'createNullStamp':
			return `create a record with updated_at null (v-${'ABCD'[step.v]})`;
		case 'deleteMany':
			return `delete the first ${step.n} records in one second`;
		case 'poll':
			return 'poll';
		case 'repeat':
			return 'repeat the last poll from the same saved static data';
		case 'restart':
			return 'restart n8n (a new poller from the saved static data)';
		case 'during':
			return `poll; at its list request ${step.n} (or after it): ${describe(step.change)}`;
		case 'tick':
			return step.s < 0
				? `the shop's clock steps back ${-step.s} s`
				: `the shop's clock +${step.s} s`;
		case 'emptyAnswer':
			return `the list answers 200 with ${JSON.stringify(step.body)} once`;
		case 'pageCap':
			return `the shop caps its pages at ${step.cap}`;
		case 'stampForm':
			return `stamps in the form ${step.form} from now on`;
		case 'bigIds':
			return 'ids beyond 2^53, as strings, from now on';
		case 'grow':
			return `${step.n} records added at once`;
		case 'flipForms':
			return `the shop ${step.on ? 'flips' : 'stops flipping'} the spec's two forms of values`;
		case 'idStep':
			return `the shop hands out ids by steps of ${step.step}`;
		case 'ignoreParam':
			return `the list ignores ${step.param}`;
		case 'countOffset':
			return `the count answers ${step.n > 0 ? '+' : ''}${step.n} off its list`;
		case 'order':
			return `the list answers ${ORDER_WORDS[step.order]}`;
		case 'getHabit':
			return GET_WORDS[step.habit];
		case 'shape':
			return step.change === 'add'
				? 'every record the list answers gains a field, null'
				: 'every record the list answers loses a field';
		case 'zone':
			return `the shop's zone becomes UTC${step.hours >= 0 ? '+' : ''}${step.hours} (every stamp shown shifts)`;
		case 'countLag':
			return 'the count answers what it was at its previous request';
		case 'fillIdGaps':
			return 'new records take the highest free id below the highest';
		case 'later':
			return "n8n's clock +61 min";
	}
}

const ORDER_WORDS = {
	newest: 'newest first',
	shuffled: 'in a fixed shuffled order',
	createdTies: 'by created_at, the records of one second in another order at each request',
};

const GET_WORDS: Record<GetHabit, string> = {
	refuse403: "a record's Get answers 403 where the list does not hold it",
	refuse500: "a record's Get answers 500 where the list does not hold it",
	trash: "a trashed record's Get answers 200 as it was",
	stale: 'the next Get of a record that exists answers 404 (a replica behind)',
};

/** A history as a script of numbered lines. */
export function script(h: History): string {
	const lines = [
		`resource ${h.resource}; ${h.preload} records added before the activation${h.slow ? '; a slow shop (audits in parts)' : ''}`,
	];
	for (const s of h.before ?? []) lines.push(`before the activation: ${describe(s)}`);
	lines.push(
		h.activation
			? `activation; at its list request ${h.activation.n}: ${describe(h.activation.change)}`
			: 'activation',
	);
	h.steps.forEach((s, i) => lines.push(`${i + 1}. ${describe(s)}`));
	lines.push('then quiet polls until nothing more comes (settle)');
	return lines.join('\n');
}

const CHANGES: ReadonlyArray<Change['op']> = [
	'create',
	'update',
	'delete',
	'restore',
	'reuseId',
	'updateMany',
	'createMany',
	'createNullStamp',
	'deleteMany',
];

/** The change a step makes (a change, or the change of a `during`), or undefined. */
export const changeOf = (s: Step): Change | undefined =>
	s.op === 'during' ? s.change : (CHANGES as string[]).includes(s.op) ? (s as Change) : undefined;

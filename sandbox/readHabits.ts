/**
 * Habits of a shop's answers to list reads (issue 34, items 1 and 9), kept apart from habits.ts's others so that
 * they can be unified with the history checker's switches.
 *
 * - emptyListAnswer: list answers (GET of a list path, every list or the `paths` given) come as a 200 whose body
 *   carries no list: `'empty'` (no body at all), `'{}'` or `'null'`; `times` answers in a row (default 1;
 *   Infinity or -1: until switched off), then the list answers again.
 * A page cap lowered after activation needs no switch: `sandbox.faults.pageCap` (POST /_sandbox/faults
 * {"pageCap": 100}) is read at every request, so a test sets it between two polls.
 */
import { badRequest } from './errors';
import type { Reply } from './wire';

export interface EmptyListAnswer {
	answer: 'empty' | '{}' | 'null';
	/** Answers left (Infinity: until switched off). */
	times: number;
	/** List paths (exact, e.g. `/services/users`); absent: every list. */
	paths?: string[];
}

const ANSWERS: ReadonlyArray<EmptyListAnswer['answer']> = ['empty', '{}', 'null'];

/** Validates the habit (null switches it off); throws 400 naming the field. */
export function checkEmptyListAnswer(v: unknown): EmptyListAnswer | null {
	if (v === null) return null;
	const o = v as Record<string, unknown>;
	const fail = () =>
		badRequest(
			`emptyListAnswer must be null or {"answer": "empty"|"{}"|"null", "times"?: n, "paths"?: ["/services/users"]}, got ${JSON.stringify(v)}`,
		);
	if (typeof v !== 'object' || Array.isArray(v)) throw fail();
	if (!ANSWERS.includes(o.answer as EmptyListAnswer['answer'])) throw fail();
	const times = o.times === undefined ? 1 : o.times === -1 ? Infinity : o.times;
	if (
		typeof times !== 'number' ||
		!(times >= 1) ||
		(times !== Infinity && !Number.isInteger(times))
	)
		throw fail();
	const paths = o.paths;
	if (
		paths !== undefined &&
		!(
			Array.isArray(paths) &&
			paths.every((p) => typeof p === 'string' && p.startsWith('/services/'))
		)
	)
		throw fail();
	return {
		answer: o.answer as EmptyListAnswer['answer'],
		times,
		...(paths ? { paths: [...(paths as string[])] } : {}),
	};
}

/** The answer without a list this list request gets, where the habit is on for its path (one of `times` used). */
export function emptyListReply(
	app: { habits: { emptyListAnswer: EmptyListAnswer | null } },
	path: string,
): Reply | undefined {
	const habit = app.habits.emptyListAnswer;
	if (!habit || (habit.paths && !habit.paths.includes(path))) return undefined;
	habit.times--;
	if (habit.times <= 0) app.habits.emptyListAnswer = null;
	const body = habit.answer === 'empty' ? '' : habit.answer;
	return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

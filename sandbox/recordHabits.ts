/**
 * Habits of a shop's answers for one record, and of the shape of its answers (issue 49), kept apart from
 * habits.ts's others: each off until a test switches it on (`sandbox.habits({...})`), keyed by list path.
 *
 * - unknownGetStatus: a Get of an id the list does not hold (`GET /services/pages/7`, the record deleted or never
 *   there) answers this status (403: a shop refusing unknown ids rather than saying 404; 500: a record that cannot
 *   be shown) instead of 404.
 * - trashGet: a removed record (in the shop's trash) still answers its Get 200, as it was, though the list and
 *   the count no longer hold it.
 * - staleGet: the next `times` Gets of records that exist answer 404 (a replica behind the database), then Gets
 *   answer again.
 * - answerShape: every record the list answers (its list and its Get) comes with a field added (`add`, null in
 *   every record: the shop's API gained a field) or without one (`drop`).
 */
import { badRequest, HttpError, notFound } from './errors';
import { tableFor } from './seed';
import type { Rec, Store } from './store';
import type { Reply } from './wire';

export interface StaleGet {
	/** Gets of existing records left to answer 404. */
	times: number;
	/** List paths (exact, e.g. `/services/pages`) whose records' Gets lag. */
	paths: string[];
}

export interface AnswerShape {
	/** A field added to every record, null. */
	add?: string;
	/** A field dropped from every record. */
	drop?: string;
}

export interface RecordHabits {
	/** list path → the status a Get of an id it does not hold answers instead of 404 */
	unknownGetStatus: Record<string, number>;
	/** list paths whose removed records still answer their Get 200 */
	trashGet: string[];
	staleGet: StaleGet | null;
	/** list path → the field added to or dropped from each record answered */
	answerShape: Record<string, AnswerShape>;
}

export const DEFAULT_RECORD_HABITS: RecordHabits = {
	unknownGetStatus: {},
	trashGet: [],
	staleGet: null,
	answerShape: {},
};

const isPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/services/');
const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);
const FIELD = /^[a-z_][a-z0-9_]*$/;

/** Validates the habits of this file in a partial habits object; throws 400 naming the field. */
export function checkRecordHabits(input: Record<string, unknown>): Partial<RecordHabits> {
	const out: Partial<RecordHabits> = {};
	const status = input.unknownGetStatus;
	if (status !== undefined) {
		const ok =
			isObject(status) &&
			Object.entries(status).every(
				([p, s]) => isPath(p) && Number.isInteger(s) && Number(s) >= 400 && Number(s) <= 599,
			);
		if (!ok)
			throw badRequest(
				`unknownGetStatus must map list paths to statuses 400-599, e.g. {"/services/pages": 403}, got ${JSON.stringify(status)}`,
			);
		out.unknownGetStatus = { ...(status as Record<string, number>) };
	}
	const trash = input.trashGet;
	if (trash !== undefined) {
		if (!Array.isArray(trash) || !trash.every(isPath))
			throw badRequest(
				`trashGet must be a list of list paths such as ["/services/pages"], got ${JSON.stringify(trash)}`,
			);
		out.trashGet = [...(trash as string[])];
	}
	const stale = input.staleGet;
	if (stale !== undefined) {
		const ok =
			stale === null ||
			(isObject(stale) &&
				Number.isInteger(stale.times) &&
				Number(stale.times) >= 1 &&
				Array.isArray(stale.paths) &&
				stale.paths.every(isPath));
		if (!ok)
			throw badRequest(
				`staleGet must be null or {"times": 1, "paths": ["/services/pages"]}, got ${JSON.stringify(stale)}`,
			);
		out.staleGet =
			stale === null ? null : { times: Number(stale.times), paths: [...(stale.paths as string[])] };
	}
	const shape = input.answerShape;
	if (shape !== undefined) {
		const ok =
			isObject(shape) &&
			Object.entries(shape).every(
				([p, s]) =>
					isPath(p) &&
					isObject(s) &&
					Object.keys(s).every((k) => k === 'add' || k === 'drop') &&
					Object.values(s).every((f) => typeof f === 'string' && FIELD.test(f)),
			);
		if (!ok)
			throw badRequest(
				`answerShape must map list paths to {"add"?: field, "drop"?: field}, e.g. {"/services/pages": {"add": "new_field"}}, got ${JSON.stringify(shape)}`,
			);
		out.answerShape = JSON.parse(JSON.stringify(shape)) as Record<string, AnswerShape>;
	}
	return out;
}

/** A record as a list path's answers show it: with a field added or dropped (answerShape). */
export function shaped(habits: RecordHabits, listPath: string, rec: Rec): Rec {
	const shape = habits.answerShape[listPath];
	if (!shape) return rec;
	const out = { ...rec };
	if (shape.add && !(shape.add in out)) out[shape.add] = null;
	if (shape.drop) delete out[shape.drop];
	return out;
}

/** The list path of a record's Get (`/services/pages/7` → `/services/pages`); undefined for a count. */
export const parentPath = (path: string): string | undefined => {
	const cut = path.lastIndexOf('/');
	if (cut <= 0 || path.slice(cut + 1) === 'count' || path.slice(cut + 1) === '') return undefined;
	return path.slice(0, cut);
};

/** The tables of the lists whose removed records trashGet can answer. */
const TABLES: Record<string, string> = {
	'/services/pages': 'page',
	'/services/vouchers': 'voucher',
	'/services/promotions': 'promotion',
	'/services/users': 'user',
	'/services/checkout': 'abandonedCart',
	'/services/blogs': 'blog',
	'/services/categories': 'category',
	'/services/vendors': 'vendor',
	'/services/collections': 'collection',
	'/services/webhooks': 'webhook',
};

interface Host {
	habits: RecordHabits;
	store: Store;
}

/**
 * The answer to a GET, with the habits of one record's Get: `answer` is the route's own (it may throw a 404).
 * Other requests, and Gets of lists without these habits, are answered as the route answers them.
 */
export async function recordGet(
	app: Host,
	method: string,
	path: string,
	id: string | undefined,
	answer: () => Reply | Promise<Reply>,
): Promise<Reply> {
	const list = method === 'GET' && id !== undefined ? parentPath(path) : undefined;
	const h = app.habits;
	if (
		!list ||
		(h.unknownGetStatus[list] === undefined &&
			!h.trashGet.includes(list) &&
			!h.staleGet?.paths.includes(list))
	)
		return await answer();
	let reply: Reply;
	try {
		reply = await answer();
	} catch (e) {
		if (!(e instanceof HttpError) || e.status !== 404) throw e;
		const table = TABLES[list] ? tableFor(app.store, TABLES[list]) : undefined;
		if (table && h.trashGet.includes(list)) {
			const trashed = await table.peekRemoved(id as string, answer);
			if (trashed) return trashed;
		}
		const status = h.unknownGetStatus[list];
		if (status === undefined) throw e;
		throw new HttpError(
			status,
			status === 403 ? 'forbidden' : status >= 500 ? 'server_error' : 'refused',
			`sandbox (unknownGetStatus): ${id as string} is not shown (${status})`,
		);
	}
	const stale = h.staleGet;
	if (reply.status === 200 && stale && stale.paths.includes(list)) {
		stale.times--;
		if (stale.times <= 0) h.staleGet = null;
		throw notFound(`sandbox (staleGet): ${id as string} not found on this replica`);
	}
	return reply;
}

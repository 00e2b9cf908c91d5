import type { IDataObject } from 'n8n-workflow';

/**
 * Tolerant unwrapping of answers. The documented wrapper key first; then its singular/plural
 * twin; then a single top-level key holding record(s); else the body itself is the record.
 * `status` is both a wrapper (order status) and a result (`{"status":"ok"}`): only an object or
 * array value is ever unwrapped.
 */

const IRREGULAR: Record<string, string> = { statuses: 'status', categories: 'category' };

export function twinOf(key: string): string {
	const singular = Object.entries(IRREGULAR).find(([plural]) => plural === key)?.[1];
	if (singular) return singular;
	const plural = Object.entries(IRREGULAR).find(([, s]) => s === key)?.[0];
	if (plural) return plural;
	return key.endsWith('s') ? key.slice(0, -1) : `${key}s`;
}

const isContainer = (v: unknown): v is IDataObject | IDataObject[] =>
	typeof v === 'object' && v !== null;

const isPlainObject = (v: unknown): v is IDataObject =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/** The records an answer carries, always as an array (empty for an empty answer). */
export function unwrapRecords(body: unknown, key?: string): IDataObject[] {
	if (body === undefined || body === null || body === '') return [];
	if (Array.isArray(body)) return body.filter(isPlainObject);
	if (!isPlainObject(body)) return [{ value: body as string }];
	let inner: unknown = body;
	const keys = Object.keys(body);
	if (key && isContainer(body[key])) inner = body[key];
	else if (key && isContainer(body[twinOf(key)])) inner = body[twinOf(key)];
	else if (keys.length === 1 && isContainer(body[keys[0]])) inner = body[keys[0]];
	if (Array.isArray(inner)) return inner.filter(isPlainObject);
	if (isKeyedList(inner as IDataObject))
		return Object.values(inner as IDataObject) as IDataObject[];
	return [inner as IDataObject];
}

/** PHP encodes an array with non-sequential keys as an object: `{"3": {...}, "7": {...}}`. */
function isKeyedList(value: IDataObject): boolean {
	const entries = Object.entries(value);
	return entries.length > 0 && entries.every(([k, v]) => /^\d+$/.test(k) && isPlainObject(v));
}

/** The single record of an answer (an array of one is one record). */
export function unwrapOne(body: unknown, key?: string): IDataObject {
	const records = unwrapRecords(body, key);
	return records[0] ?? {};
}

/** `{count: 12}`, `{count: "12"}`, `{data: {count: 12}}` or a bare number. */
export function unwrapCount(body: unknown): number | undefined {
	if (typeof body === 'number') return body;
	if (typeof body === 'string' && /^\d+$/.test(body.trim())) return Number(body);
	if (!isPlainObject(body)) return undefined;
	if ('count' in body) {
		const n = Number(body.count);
		return Number.isFinite(n) ? n : undefined;
	}
	const keys = Object.keys(body);
	return keys.length === 1 ? unwrapCount(body[keys[0]]) : undefined;
}

/** The platform's in-band error: `{"status":"err","error":<code>,"error_msg":<text>}` (or `"status":"error"` with a message). */
export function inBandError(body: unknown): { code?: string; message: string } | undefined {
	if (!isPlainObject(body)) return undefined;
	const said = body.error_msg ?? body.error ?? body.message;
	if (body.status !== 'err' && !(body.status === 'error' && said !== undefined)) return undefined;
	const text = [body.error_msg, body.message].find((v) => typeof v === 'string' && v !== '');
	const message = typeof text === 'string' ? text : 'The shop answered with an error';
	return { code: body.error === undefined ? undefined : String(body.error), message };
}

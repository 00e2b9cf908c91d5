import type { IDataObject } from 'n8n-workflow';

/**
 * The shape of a list's answers: the fields its records carry with a value. Pure. A shop whose API gains a field
 * (`null` or a default in every record) or loses one changes no record. So records are compared on the fields of the
 * shape (`within`): `null` is no field, a field added is left out until a complete reading takes the new shape, and a
 * reading from which a field of the shape is gone compares no content. Only values that were there and differ now make
 * an update. The cost: docs/poll.md, Limits.
 */

export type Shape = ReadonlySet<string>;

/** The fields with a value (not null) in any record of a reading, as the cursor keeps them. */
export function shapeOf(records: IDataObject[]): string {
	const fields = new Set<string>();
	for (const r of records)
		for (const [k, v] of Object.entries(r)) if (v !== null && v !== undefined) fields.add(k);
	return [...fields].sort().join(',');
}

/** The shape a cursor keeps; undefined where none (a cursor from before, or an empty list's): every field counts. */
export const readShape = (text: unknown): Shape | undefined =>
	typeof text === 'string' && text !== '' ? new Set(text.split(',').filter(Boolean)) : undefined;

/** The record's fields that have a value and that the shape holds (all that have a value, without a shape). */
export function within(record: IDataObject, shape?: Shape): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(record))
		if (v !== null && v !== undefined && (!shape || shape.has(k))) out[k] = v;
	return out;
}

/** Whether a reading dropped a field of the shape: absent from every record it read (from some only is no sign). */
export const droppedIn = (records: IDataObject[], shape?: Shape): boolean =>
	records.length > 0 && [...(shape ?? [])].some((f) => records.every((r) => r[f] === undefined));

/**
 * The shapes of one poll: the one the stored contents were made on (`compare`), the one it keeps (`keep`), whether it
 * compares contents (not where its reading dropped a field) and whether it takes the contents it read afresh (`takes`;
 * not where it compares none but a complete reading will).
 */
export interface Shapes {
	compare?: Shape;
	keep?: Shape;
	compares: boolean;
	takes: boolean;
}

/**
 * The shapes of a poll from the stored one (`retaking`: an audit taking every content afresh goes on): contents compare
 * on the stored shape; a reading made whole in one poll takes its own. Any other reading that dropped a field compares
 * no content, and an audit taking every record afresh follows (`retake`).
 */
export function shapesOf(
	stored: string | undefined,
	retaking: boolean,
	records: IDataObject[],
	onePoll: boolean,
): Shapes & { text?: string; retake: boolean } {
	const compare = readShape(stored);
	const dropped = droppedIn(records, compare);
	// (an empty reading shows no shape)
	if (onePoll && records.length > 0) {
		const text = shapeOf(records);
		return { compare, keep: readShape(text), compares: !dropped, takes: true, text, retake: false };
	}
	const kept = { compare, keep: compare, text: stored, retake: false };
	if (retaking) return { ...kept, compares: false, takes: true };
	if (!compare) {
		const text = records.length > 0 ? shapeOf(records) : undefined;
		return { compares: true, takes: true, text, retake: false };
	}
	if (!dropped) return { ...kept, compares: true, takes: true };
	const shown = [...compare].filter((f) => records.some((r) => r[f] !== undefined));
	return { ...kept, compares: false, takes: false, text: shown.join(','), retake: true };
}

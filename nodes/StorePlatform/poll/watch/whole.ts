import type { PollOutcome } from './changes';
import { readUpTo, readUpToPart, readWholePart, settledReading } from '../reads/wholeRead';
import type { ShopReader } from '../reads/reader';
import { diffSnapshot, MAX_SNAPSHOT, missingFrom, readingOf } from '../rules/snapshot';
import type { PollState } from '../rules/state';
import { droppedIn, readShape, shapeOf } from '../rules/shape';

/**
 * A list without filters, read whole at every poll and compared record by record (application charges, blogs, payment
 * methods, promotions, themes, theme assets, users, variants, webhooks): reads/wholeRead.ts, again where a record is
 * missing; its deletions confirmed in ledger/verify.ts confirmSnapshot; up to MAX_SNAPSHOT records (snapshot.ts PastBound).
 */
export async function pollSnapshot(reader: ShopReader, stored: PollState): Promise<PollOutcome> {
	const { plan } = reader;
	const known = stored.known ?? {};
	const start = reader.limits.requests;
	const first = await readUpToPart(reader, MAX_SNAPSHOT);
	// records moved between its pages: read again, as the activation does (wholeRead.ts settledReading)
	const records = first.shifted
		? await settledReading(reader, async () => await readUpTo(reader, MAX_SNAPSHOT), {
				records: first.records,
				cost: reader.limits.requests - start,
			})
		: first.records;
	const reading = readingOf(records, plan.key);
	let gone = missingFrom(known, reading);
	if (gone.length > 0) {
		// a deletion only where two readings agree (a deletion meanwhile moves records up a place; a shop may answer short
		// once), and one of them is complete
		const second = await readWholePart(reader);
		const again = readingOf(second.records, plan.key);
		gone = gone.filter((id) => !again.has(id));
		// what the second reading holds that the first left out is there, as it reads now (on the shape it shows)
		for (const [id, record] of again) if (!reading.has(id) && known[id]) reading.set(id, record);
		// moved between the pages of both: together complete only where they hold as many records as the count says
		if (first.shifted && second.shifted && gone.length > 0) {
			const both = new Set([...reading.keys(), ...again.keys()]);
			if (!plan.count || both.size < (await reader.count({}))) gone = [];
		}
	}
	// the list's shape (shape.ts): a field added or dropped in every record is no change of any
	const shape = shapeOf(records);
	const compare = readShape(stored.shape);
	const shapes = {
		compare,
		keep: readShape(shape),
		compares: !droppedIn(records, compare),
		takes: true,
	};
	const diff = diffSnapshot(known, reading, gone, shapes);
	return {
		changes: diff.changes.map((c) => ({ ...c })),
		state: { ...stored, known: diff.known, shape },
		baseline: false,
	};
}

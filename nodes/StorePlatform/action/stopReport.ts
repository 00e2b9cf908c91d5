/**
 * The words of a stopped run (no Continue On Fail): after the failing item's own description, what became of
 * the other items, so that the user knows the shop's state without reading the docs. Items before the failing
 * one are done (said in one sentence); items after it that were already sent when it failed are listed with
 * what the shop answered (successes grouped, their records named; failures one by one); the rest were not
 * started. Item numbers are n8n's own (`[item 25]`, counting from 0). Bounded for any number of items: ranges
 * of item numbers are always complete, record names and failures are cut after a few dozen. Pure.
 */

export type ItemOutcome =
	/** Answered with success: `verb` is what happened ("updated"), `record` names it ("voucher 1234"). */
	| { kind: 'done'; verb: string; record?: string; status?: number }
	/** Failed: its error's headline and HTTP status. */
	| { kind: 'failed'; message: string; record?: string; status?: number }
	/** Refused with 429/503 before the stop and not sent again after it (so not changed). */
	| { kind: 'notResent'; record?: string; status?: number }
	/** No request of it was sent. */
	| { kind: 'notStarted' };

/** Record names listed per group of successes, failures listed one by one, at most. */
export const MAX_RECORDS = 25;
export const MAX_FAILURES = 10;

/** "3", "3–7", "3–7, 9, 12–13": item numbers as ranges. */
export function ranges(items: number[]): string {
	const sorted = [...new Set(items)].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let k = 0; k < sorted.length; ) {
		let end = k;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
		parts.push(end === k ? `${sorted[k]}` : `${sorted[k]}–${sorted[end]}`);
		k = end + 1;
	}
	return parts.join(', ');
}

/** "item 3" or "items 3–7, 9". */
export const itemsWord = (items: number[]): string =>
	`${items.length === 1 ? 'item' : 'items'} ${ranges(items)}`;

const code = (status?: number) => (status ? `, HTTP ${status}` : '');

function namesList(names: string[], max: number): string {
	if (names.length <= max) return names.join(', ');
	return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** What the shop answered for the given items, as clauses: successes grouped by what happened, failures one by one. */
export function answeredClauses(items: number[], outcomes: ItemOutcome[]): string[] {
	const clauses: string[] = [];
	const groups = new Map<string, { items: number[]; records: string[] }>();
	const failed: number[] = [];
	const held: number[] = [];
	for (const i of items) {
		const o = outcomes[i];
		if (o.kind === 'done') {
			const key = `${o.verb}${code(o.status)}`;
			let group = groups.get(key);
			if (!group) groups.set(key, (group = { items: [], records: [] }));
			group.items.push(i);
			if (o.record) group.records.push(o.record);
		} else if (o.kind === 'failed') failed.push(i);
		else if (o.kind === 'notResent') held.push(i);
	}
	for (const [what, group] of groups) {
		const names = group.records.length > 0 ? ` (${namesList(group.records, MAX_RECORDS)})` : '';
		clauses.push(`${itemsWord(group.items)} ${what}${names}`);
	}
	for (const i of failed.slice(0, MAX_FAILURES)) {
		const o = outcomes[i] as Extract<ItemOutcome, { kind: 'failed' }>;
		const record = o.record ? ` (${o.record})` : '';
		clauses.push(`item ${i}${record} failed: ${o.message.replace(/[.]$/, '')}${code(o.status)}`);
	}
	if (failed.length > MAX_FAILURES) {
		const rest = failed.slice(MAX_FAILURES);
		clauses.push(`${itemsWord(rest)} failed too`);
	}
	if (held.length > 0) {
		const records = held.flatMap((i) => {
			const o = outcomes[i] as Extract<ItemOutcome, { kind: 'notResent' }>;
			return o.record ? [o.record] : [];
		});
		const statuses = [
			...new Set(
				held.map((i) => (outcomes[i] as Extract<ItemOutcome, { kind: 'notResent' }>).status),
			),
		].filter(Boolean);
		const names = records.length > 0 ? ` (${namesList(records, MAX_RECORDS)})` : '';
		const said = statuses.length > 0 ? ` (HTTP ${statuses.join(', ')})` : '';
		clauses.push(
			`${itemsWord(held)}${names} ${held.length === 1 ? 'was' : 'were'} refused for now${said} and not sent again, so not changed`,
		);
	}
	return clauses;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The sentences telling what became of the other items when item `failing` stopped the run. `outcomes` holds
 * every input item's outcome (the failing item's own is not used). Nothing to tell for a run of one item.
 */
export function stopReport(failing: number, outcomes: ItemOutcome[]): string {
	if (outcomes.length <= 1) return '';
	const before = Array.from({ length: failing }, (_, i) => i);
	const after = Array.from({ length: outcomes.length - failing - 1 }, (_, k) => failing + 1 + k);
	const sentences: string[] = [`The node stopped at item ${failing}.`];

	const beforeDone = before.filter((i) => outcomes[i].kind === 'done');
	if (before.length > 0 && beforeDone.length === before.length) {
		sentences.push(
			`${capital(itemsWord(before))} ${before.length === 1 ? 'was' : 'were'} done before it.`,
		);
	} else if (before.length > 0) {
		const notStarted = before.filter((i) => outcomes[i].kind === 'notStarted');
		const answered = before.filter((i) => outcomes[i].kind !== 'notStarted');
		const clauses = answeredClauses(answered, outcomes);
		if (notStarted.length > 0)
			clauses.push(
				`${itemsWord(notStarted)} ${notStarted.length === 1 ? 'was' : 'were'} not started (held back)`,
			);
		sentences.push(`Of the items before it: ${clauses.join('; ')}.`);
	}

	const sent = after.filter((i) => outcomes[i].kind !== 'notStarted');
	if (sent.length > 0) {
		sentences.push(
			`${capital(itemsWord(sent))} had already been sent when it failed (a request sent cannot be called back); the shop answered: ${answeredClauses(sent, outcomes).join('; ')}.`,
		);
	} else if (after.length > 0) {
		sentences.push('No item after it had been sent.');
	}
	const notStarted = after.filter((i) => outcomes[i].kind === 'notStarted');
	if (notStarted.length > 0) {
		sentences.push(
			`${capital(itemsWord(notStarted))} ${notStarted.length === 1 ? 'was' : 'were'} not started.`,
		);
	}
	return sentences.join(' ');
}

import type { ChangeKind } from '../rules/fingerprint';

/**
 * The keys of changes a run reported and n8n did not keep (docs/poll.md, "A change the run n8n did not keep
 * reported"), pure: the runs are the caller's. Two runs from one saved cursor may be answered otherwise by the shop;
 * what the other runs emitted and the kept run did not are orphans, and a later change with an orphan's identity
 * (changeKey.ts changeIdentity) takes the orphan's key, not a new one.
 */

/** A change a run n8n did not keep emitted: its record, the number its key used, n8n's clock when its run began. */
export interface Orphan {
	id: string;
	/** A deletion the kept cursor does not hold is forgotten by the ledger (verify.ts Run.told). */
	kind: ChangeKind;
	seq: number;
	at: number;
}

/** One poll's run: the numbers of the cursor it started from and left, what it emitted and the orphans it kept. */
export interface RunMark {
	from: number;
	to: number;
	at: number;
	emitted: Map<string, Orphan>;
	inherited: Map<string, Orphan>;
}

/** How long an orphan's key is kept: past two hourly audits. */
export const ORPHAN_MS = 3 * 60 * 60_000;
/** The runs remembered per node: a poll, its repeats and the quiet polls after them. */
export const RUNS_KEPT = 8;

/**
 * The orphans of a poll whose stored cursor has the number `seq`: those the kept run (the latest whose `to` is `seq`)
 * inherited, and what the other runs from its cursor emitted, less any record the kept run emitted a change of. An
 * orphan lasts until a poll emits it or another change of its record, or {@link ORPHAN_MS}.
 */
export function orphansOf(runs: RunMark[], seq: number, now: number): Map<string, Orphan> {
	const orphans = new Map<string, Orphan>();
	const kept = [...runs].reverse().find((r) => r.to === seq);
	if (!kept) return orphans;
	// a record the kept run emitted a change of is as that run left it: what another run said of it is no orphan
	const moved = new Set([...kept.emitted.values()].map((c) => c.id));
	add(kept.inherited);
	for (const other of runs) if (other !== kept && other.from === kept.from) add(other.emitted);
	return orphans;

	function add(from: Map<string, Orphan>): void {
		for (const [identity, orphan] of from)
			if (!moved.has(orphan.id) && now - orphan.at <= ORPHAN_MS) orphans.set(identity, orphan);
	}
}

/** A change to emit: its record and its identity (changeIdentity). */
export type Emitting = Pick<Orphan, 'id' | 'kind'> & { identity: string };

/**
 * The number each change's key uses: an orphan's where the change has its identity (the orphan is taken), else `seq`.
 * The orphans of a record that emits another change go, after all are matched. `orphans` keeps what was not emitted.
 */
export function keySeqs(changes: Emitting[], orphans: Map<string, Orphan>, seq: number): number[] {
	const seqs = changes.map((c) => {
		const orphan = orphans.get(c.identity);
		if (!orphan) return seq;
		orphans.delete(c.identity);
		return orphan.seq;
	});
	const moved = new Set(changes.map((c) => c.id));
	for (const [identity, orphan] of orphans) if (moved.has(orphan.id)) orphans.delete(identity);
	return seqs;
}

/** The runs remembered once a poll's run is added (the latest {@link RUNS_KEPT}). */
export function remember(runs: RunMark[], run: RunMark): RunMark[] {
	return [...runs, run].slice(-RUNS_KEPT);
}

/** A run's mark: what it emitted, each change with the number its key used. */
export function markOf(
	from: number,
	to: number,
	at: number,
	emitted: Emitting[],
	seqs: number[],
	inherited: Map<string, Orphan>,
): RunMark {
	return {
		from,
		to,
		at,
		emitted: new Map(
			emitted.map((c, i) => [c.identity, { id: c.id, kind: c.kind, seq: seqs[i], at }]),
		),
		inherited,
	};
}

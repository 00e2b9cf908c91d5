/**
 * The true log of the shop's changes, the oracle of the poll trigger's history checker (test/history/): every
 * record created, updated or deleted, by the API or by the shop owner, in order, with the record after the change
 * and the shop's time. Off until started (nothing is kept or compared then).
 *
 * It is taken at the store's write boundaries: after every API request that is not a GET (server.ts) and after
 * every owner operation and seeding (index.ts), the tables are compared with their last logged state. So a write
 * is logged whatever route or habit made it (a theme's activation also changes the theme it replaces), and one
 * request or owner operation is one atomic change of each record it touched. Theme assets and orders are left
 * out (no poll watches them here).
 */
import type { Rec, Store, Table } from './store';

export type ChangeKind = 'created' | 'updated' | 'deleted';

export interface ChangeEntry {
	/** 1, 2, 3 ... in the order the changes happened. */
	seq: number;
	/** The node's resource name (page, voucher, variant ...). */
	resource: string;
	/** The list's parent id (a variant's product), '' for lists of the shop. */
	scope: string;
	/** The record's key as decimal text (a cart's user_key). */
	id: string;
	kind: ChangeKind;
	/** A copy of the record after the change (created, updated). */
	record?: Rec;
	/** The shop's time of the change (`YYYY-MM-DD HH:MM:SS`, the shop's zone). */
	at: string;
	/**
	 * The same time without the shop's zone (its clock's steps back kept): the stamps the shop shows move with its
	 * zone, so two changes compare as their stamps do whatever zone changes came between (the history checker).
	 */
	wall?: string;
}

/** The tables logged, by node resource name; variants are scoped by their product. */
const LOGGED: Array<[string, (s: Store) => Table]> = [
	['promotion', (s) => s.promotions],
	['voucher', (s) => s.vouchers],
	['applicationCharge', (s) => s.applicationCharges],
	['abandonedCart', (s) => s.abandonedCarts],
	['page', (s) => s.pages],
	['category', (s) => s.categories],
	['vendor', (s) => s.vendors],
	['collection', (s) => s.collections],
	['paymentMethod', (s) => s.paymentMethods],
	['product', (s) => s.products],
	['variant', (s) => s.variants],
	['blog', (s) => s.blogs],
	['orderStatus', (s) => s.orderStatuses],
	['theme', (s) => s.themes],
	['user', (s) => s.users],
	['webhook', (s) => s.webhooks],
	['themeScript', (s) => s.themeScripts],
];

const scopeOf = (resource: string, rec: Rec): string =>
	resource === 'variant' ? String(rec.product_id ?? '') : '';

interface Seen {
	text: string;
	scope: string;
}

export class ChangeLog {
	private on = false;
	private readonly entries: ChangeEntry[] = [];
	/** resource → key → the record's JSON when last logged. */
	private readonly seen = new Map<string, Map<string, Seen>>();
	/** The tables logged now (start's `only`; all by default). */
	private logged = LOGGED;

	constructor(
		private readonly store: Store,
		private readonly now: () => string,
		private readonly zoneless?: () => string,
	) {}

	get running(): boolean {
		return this.on;
	}

	/**
	 * Starts logging from the store's present state (which is not logged); an earlier log is dropped. `only`: the
	 * resources to log (the history checker watches one: each write boundary then compares one table, not 17).
	 */
	start(only?: string[]): void {
		this.on = true;
		this.entries.length = 0;
		this.seen.clear();
		this.logged = only ? LOGGED.filter(([resource]) => only.includes(resource)) : LOGGED;
		for (const [resource, table] of this.logged) {
			const t = table(this.store);
			const mine = new Map<string, Seen>();
			for (const rec of t.rows)
				mine.set(String(rec[t.keyField]), {
					text: JSON.stringify(rec),
					scope: scopeOf(resource, rec),
				});
			this.seen.set(resource, mine);
		}
	}

	stop(): void {
		this.on = false;
		this.entries.length = 0;
		this.seen.clear();
	}

	/** Logs what changed since the last write boundary (a no-op while off). */
	sync(): void {
		if (!this.on) return;
		const at = this.now();
		for (const [resource, table] of this.logged) {
			const t = table(this.store);
			const before = this.seen.get(resource) ?? new Map<string, Seen>();
			const after = new Map<string, Seen>();
			for (const rec of t.rows) {
				const id = String(rec[t.keyField]);
				const now = { text: JSON.stringify(rec), scope: scopeOf(resource, rec) };
				after.set(id, now);
				const was = before.get(id);
				if (was?.text === now.text) continue;
				this.add(resource, now.scope, id, was ? 'updated' : 'created', at, now.text);
			}
			for (const [id, was] of before)
				if (!after.has(id)) this.add(resource, was.scope, id, 'deleted', at);
			this.seen.set(resource, after);
		}
	}

	private add(
		resource: string,
		scope: string,
		id: string,
		kind: ChangeKind,
		at: string,
		text?: string,
	): void {
		const entry: ChangeEntry = { seq: this.entries.length + 1, resource, scope, id, kind, at };
		if (this.zoneless) entry.wall = this.zoneless();
		if (text !== undefined) entry.record = JSON.parse(text) as Rec;
		this.entries.push(entry);
	}

	/** Entries logged so far (no write boundary: what the last one logged). */
	get count(): number {
		return this.entries.length;
	}

	/** The changes logged after `seq` (all from 0), the store's latest writes included. */
	since(seq = 0): ChangeEntry[] {
		this.sync();
		return this.entries.slice(seq);
	}
}

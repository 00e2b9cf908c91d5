/** In-memory data: one ordered, indexed table per resource. */

/** A stored record, shaped exactly as the spec renders it (plus a few internal relation fields on products). */
export type Rec = { [key: string]: any };

/** 2^53: where JSON numbers stop holding every integer. */
const BIG_ID = 2 ** 53;

/**
 * Rows kept in key order (numeric id ascending) with a key index. Lists filter then slice the rows
 * array, lookups go through the map: no per-request sorting.
 */
export class Table<R extends Rec = Rec> {
	readonly rows: R[] = [];
	private readonly byKey = new Map<string, R>();
	private lastId = 0;
	/** The auto-increment step (a database cluster's auto_increment_increment; habits.ts sets it). */
	step = 1;
	/** Ids handed out lie beyond 2^53, as even numbers (habits.ts bigNewIds). */
	big = false;
	/**
	 * Ids handed out again below the highest (habits.ts fillIdGaps): a new record takes the highest free id below
	 * the highest that exists (a gap a deletion or a step left), as a database that reuses freed ids does.
	 */
	fillGaps = false;
	/** Removed records by key, the last of each: what the shop's trash can restore with its old id. */
	private readonly trash = new Map<string, R>();

	/** keyField 'id' orders rows by numeric id; another key keeps insertion order. */
	constructor(readonly keyField = 'id') {}

	get size(): number {
		return this.rows.length;
	}

	nextId(): number {
		const gap = this.fillGaps && !this.big ? this.gapBelowHighest() : undefined;
		if (gap !== undefined) return gap;
		if (this.big) {
			// even numbers from 2^53 on are exact as doubles: the store keeps them apart
			if (this.lastId < BIG_ID) this.lastId = BIG_ID;
			return (this.lastId += 2 * this.step);
		}
		return (this.lastId += this.step);
	}

	/** The highest free id below the highest id that exists (ids from 1), or undefined when there is none. */
	private gapBelowHighest(): number | undefined {
		if (this.keyField !== 'id') return undefined;
		for (let i = this.rows.length - 1; i >= 0; i--) {
			const below = Number(this.rows[i].id) - 1;
			const next = i > 0 ? Number(this.rows[i - 1].id) : 0;
			if (below > next) return below;
		}
		return undefined;
	}

	/**
	 * The database restarts: the auto-increment counter falls back to the highest id that exists (MySQL before 8
	 * does not persist it), so the next id handed out may be one a deleted record had.
	 */
	restart(): void {
		const last = this.rows[this.rows.length - 1];
		this.lastId = this.keyField === 'id' && last ? Number(last.id) : 0;
	}

	private norm(key: string | number): string {
		const s = String(key);
		return this.keyField === 'id' && /^\d+$/.test(s) ? String(Number(s)) : s;
	}

	insert(rec: R): R {
		const key = this.norm(rec[this.keyField]);
		if (this.byKey.has(key)) throw new Error(`duplicate ${this.keyField} ${key}`);
		this.byKey.set(key, rec);
		if (this.keyField !== 'id') {
			this.rows.push(rec);
			return rec;
		}
		const n = Number(rec.id);
		if (n > this.lastId) this.lastId = n;
		const last = this.rows[this.rows.length - 1];
		if (!last || Number(last.id) < n) {
			this.rows.push(rec);
		} else {
			let lo = 0;
			let hi = this.rows.length;
			while (lo < hi) {
				const mid = (lo + hi) >> 1;
				if (Number(this.rows[mid].id) < n) lo = mid + 1;
				else hi = mid;
			}
			this.rows.splice(lo, 0, rec);
		}
		return rec;
	}

	get(key: string | number): R | undefined {
		return this.byKey.get(this.norm(key));
	}

	remove(key: string | number): R | undefined {
		const k = this.norm(key);
		const rec = this.byKey.get(k);
		if (!rec) return undefined;
		this.byKey.delete(k);
		this.rows.splice(this.rows.indexOf(rec), 1);
		this.trash.set(k, rec);
		return rec;
	}

	/** Puts a removed record back with its old key (a restore from the trash); undefined when none was removed. */
	restore(key: string | number): R | undefined {
		const k = this.norm(key);
		const rec = this.trash.get(k);
		if (!rec || this.byKey.has(k)) return undefined;
		this.trash.delete(k);
		return this.insert(rec);
	}

	/**
	 * Runs `answer` with a removed record visible to `get` (not to the rows a list reads): a trash that still
	 * answers the record's Get (recordHabits.ts trashGet). Undefined where none was removed, or it is back.
	 */
	async peekRemoved<T>(key: string | number, answer: () => T | Promise<T>): Promise<T | undefined> {
		const k = this.norm(key);
		const rec = this.trash.get(k);
		if (!rec || this.byKey.has(k)) return undefined;
		this.byKey.set(k, rec);
		try {
			return await answer();
		} finally {
			this.byKey.delete(k);
		}
	}

	clear(): void {
		this.rows.length = 0;
		this.byKey.clear();
		this.trash.clear();
		this.lastId = 0;
	}

	/** The table as plain JSON (rows, trash, auto-increment): what persist.ts writes to disk. */
	dump(): TableDump {
		return {
			rows: this.rows,
			trash: [...this.trash.values()],
			lastId: this.lastId,
			step: this.step,
		};
	}

	/** Replaces the table's content by a dump() of it. */
	load(dump: TableDump): void {
		this.clear();
		for (const rec of dump.rows) this.insert(rec as R);
		for (const rec of dump.trash) this.trash.set(this.norm(rec[this.keyField]), rec as R);
		this.lastId = Math.max(this.lastId, dump.lastId);
		this.step = dump.step;
	}
}

/** A Table as JSON. */
export interface TableDump {
	rows: Rec[];
	trash: Rec[];
	lastId: number;
	step: number;
}

/** Every resource of the spec, plus products (for variants and `/services/products/count`) and orders (for the status `sku` filter). */
export class Store {
	readonly promotions = new Table();
	readonly vouchers = new Table();
	readonly applicationCharges = new Table();
	readonly abandonedCarts = new Table('user_key');
	readonly pages = new Table();
	readonly categories = new Table();
	readonly vendors = new Table();
	readonly collections = new Table();
	readonly paymentMethods = new Table();
	readonly products = new Table();
	readonly variants = new Table();
	readonly blogs = new Table();
	readonly orderStatuses = new Table();
	readonly themes = new Table();
	readonly users = new Table();
	readonly webhooks = new Table();
	readonly themeScripts = new Table();
	/** internal: orders only relate statuses to product skus; there is no order endpoint in the spec */
	readonly orders = new Table();
	/** theme assets per theme id, keyed by asset key */
	readonly themeAssets = new Map<string, Table>();

	assetsOf(themeId: string | number): Table {
		const id = String(themeId);
		let t = this.themeAssets.get(id);
		if (!t) {
			t = new Table('key');
			this.themeAssets.set(id, t);
		}
		return t;
	}

	activeTheme(): Rec | undefined {
		return this.themes.rows.find((t) => t.active === true);
	}

	/** Every table of the store, theme assets included. */
	tables(): Table[] {
		const own = Object.values(this).filter((v): v is Table => v instanceof Table);
		return [...own, ...this.themeAssets.values()];
	}

	clear(): void {
		for (const t of this.tables()) t.clear();
		this.themeAssets.clear();
	}
}

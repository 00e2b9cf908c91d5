/**
 * The shared secrets that verify deliveries, kept in this process's memory for a short time.
 *
 * Reading a credential in n8n is a database read, a decryption and an expression resolution (in n8n 2.x inside
 * an expression isolate): about 60 ms of CPU, more than everything else a delivery costs. Under a burst of
 * deliveries the trigger would spend most of its time re-reading the same secret, so each secret is reused for
 * {@link SECRET_TTL_MS} by credential. Nothing is written anywhere: the cache is a Map in memory, keyed by the
 * credential's id and type, and at most {@link MAX_ENTRIES} credentials are kept.
 *
 * A changed secret takes effect at once: a signature that does not match the cached secret makes the trigger
 * read the credential again ({@link SecretCache.refresh}, at most once per {@link REFRESH_INTERVAL_MS} per
 * credential, so bad signatures cannot make it read the database for every request). The old secret can go on
 * verifying for at most {@link SECRET_TTL_MS} after it was changed.
 */

export const SECRET_TTL_MS = 5_000;
export const REFRESH_INTERVAL_MS = 1_000;
export const MAX_ENTRIES = 500;

interface Entry {
	secret: Promise<string>;
	at: number;
}

export class SecretCache {
	private readonly entries = new Map<string, Entry>();

	constructor(
		private readonly now: () => number = () => Date.now(),
		private readonly ttlMs = SECRET_TTL_MS,
	) {}

	/**
	 * The secret for `key`, read with `read` when none is cached or it is older than the TTL. Concurrent calls
	 * share one read; a failed read is not kept.
	 */
	async get(key: string, read: () => Promise<string>): Promise<string> {
		const hit = this.entries.get(key);
		if (hit && this.now() - hit.at < this.ttlMs) return await hit.secret;
		return await this.load(key, read);
	}

	/**
	 * Reads the secret again after a signature did not match it, unless it was read less than
	 * {@link REFRESH_INTERVAL_MS} ago. Returns the new secret, or undefined when it was not read again.
	 */
	async refresh(key: string, read: () => Promise<string>): Promise<string | undefined> {
		const hit = this.entries.get(key);
		if (hit && this.now() - hit.at < REFRESH_INTERVAL_MS) return undefined;
		return await this.load(key, read);
	}

	get size(): number {
		return this.entries.size;
	}

	private async load(key: string, read: () => Promise<string>): Promise<string> {
		const entry: Entry = { secret: read(), at: this.now() };
		this.entries.delete(key);
		this.entries.set(key, entry);
		this.evict();
		// a failed read is not kept (the caller gets its error)
		entry.secret.catch(() => {
			if (this.entries.get(key) === entry) this.entries.delete(key);
		});
		return await entry.secret;
	}

	/** Drops expired entries, then the oldest ones above {@link MAX_ENTRIES} (Map order is insertion order). */
	private evict(): void {
		const now = this.now();
		for (const [key, entry] of this.entries) {
			if (this.entries.size <= MAX_ENTRIES && now - entry.at < this.ttlMs) break;
			this.entries.delete(key);
		}
	}
}

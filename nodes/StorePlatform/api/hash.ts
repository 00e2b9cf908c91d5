import { createHash } from 'node:crypto';

/** A short stable hash (32 hex characters, 128 bits of SHA-256) of the given strings, unambiguously joined. */
export function shortHash(parts: string[]): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

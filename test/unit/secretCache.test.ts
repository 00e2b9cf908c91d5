import {
	MAX_ENTRIES,
	REFRESH_INTERVAL_MS,
	SECRET_TTL_MS,
	SecretCache,
} from '../../nodes/StorePlatform/trigger/secretCache';

function setup() {
	const clock = { t: 1_000_000 };
	const cache = new SecretCache(() => clock.t);
	const reads: string[] = [];
	const store: Record<string, string> = { a: 'secret-a1', b: 'secret-b1' };
	const reader = (key: string) => async () => {
		reads.push(key);
		return store[key];
	};
	return { clock, cache, reads, store, reader };
}

describe('SecretCache', () => {
	it('reads a secret once, reuses it until the TTL, then reads it again', async () => {
		const { clock, cache, reads, store, reader } = setup();
		expect(await cache.get('a', reader('a'))).toBe('secret-a1');
		store.a = 'secret-a2';
		clock.t += SECRET_TTL_MS - 1;
		expect(await cache.get('a', reader('a'))).toBe('secret-a1');
		clock.t += 1;
		expect(await cache.get('a', reader('a'))).toBe('secret-a2');
		expect(reads).toEqual(['a', 'a']);
	});

	it('keeps credentials apart', async () => {
		const { cache, reads, reader } = setup();
		expect(await cache.get('a', reader('a'))).toBe('secret-a1');
		expect(await cache.get('b', reader('b'))).toBe('secret-b1');
		expect(await cache.get('a', reader('a'))).toBe('secret-a1');
		expect(reads).toEqual(['a', 'b']);
	});

	it('shares one read between concurrent deliveries', async () => {
		const { cache, reads, reader } = setup();
		const all = await Promise.all(
			Array.from({ length: 20 }, async () => await cache.get('a', reader('a'))),
		);
		expect(new Set(all)).toEqual(new Set(['secret-a1']));
		expect(reads).toEqual(['a']);
	});

	it('does not keep a failed read', async () => {
		const { cache, reader } = setup();
		await expect(
			cache.get('a', async () => await Promise.reject(new Error('database down'))),
		).rejects.toThrow('database down');
		expect(cache.size).toBe(0);
		expect(await cache.get('a', reader('a'))).toBe('secret-a1');
	});

	it('refresh reads the changed secret at once, but at most once per interval', async () => {
		const { clock, cache, reads, store, reader } = setup();
		await cache.get('a', reader('a'));
		store.a = 'secret-a2';
		expect(await cache.refresh('a', reader('a'))).toBeUndefined();
		clock.t += REFRESH_INTERVAL_MS;
		expect(await cache.refresh('a', reader('a'))).toBe('secret-a2');
		expect(await cache.get('a', reader('a'))).toBe('secret-a2');
		expect(await cache.refresh('a', reader('a'))).toBeUndefined();
		expect(reads).toEqual(['a', 'a']);
	});

	it(`keeps at most ${MAX_ENTRIES} credentials, dropping the oldest and the expired`, async () => {
		const { clock, cache } = setup();
		for (let i = 0; i < MAX_ENTRIES + 10; i++) await cache.get(`k${i}`, async () => `s${i}`);
		expect(cache.size).toBe(MAX_ENTRIES);
		let read = false;
		await cache.get('k0', async () => ((read = true), 'again'));
		expect(read).toBe(true);
		clock.t += SECRET_TTL_MS;
		await cache.get('fresh', async () => 'x');
		expect(cache.size).toBe(1);
	});
});

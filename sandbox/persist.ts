/**
 * The sandbox's state in a file, for `npm run dev` (startSandbox's `stateFile` option): a restart of the dev setup
 * meets the same shop, its records, webhook registrations, decided charges and access tokens from the token flow.
 * Written a moment after each request that may change something (any method but GET/HEAD) and on close; read at
 * start instead of the seed. Not kept: deliveries in flight and their retries, faults, habits, pinned shop time.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { App } from './app';
import { Table, type TableDump } from './store';

/** The file's format; a file of another version is ignored (the shop is seeded afresh). */
const VERSION = 1;

interface StateFile {
	version: number;
	savedAt: string;
	tables: Record<string, TableDump>;
	themeAssets: Record<string, TableDump>;
	accessTokens: Array<[string, string]>;
}

/** The state of `app` as JSON. */
export function snapshot(app: App): StateFile {
	const tables: Record<string, TableDump> = {};
	for (const [name, value] of Object.entries(app.store))
		if (value instanceof Table) tables[name] = value.dump();
	const themeAssets: Record<string, TableDump> = {};
	for (const [themeId, table] of app.store.themeAssets) themeAssets[themeId] = table.dump();
	return {
		version: VERSION,
		savedAt: new Date().toISOString(),
		tables,
		themeAssets,
		accessTokens: [...app.oauth.accessTokens],
	};
}

/** Writes the state of `app` to `file` (through a temporary file: a crash leaves the last whole state). */
export function saveState(app: App, file: string): void {
	mkdirSync(dirname(file), { recursive: true });
	const tmp = `${file}.${process.pid}.tmp`;
	writeFileSync(tmp, JSON.stringify(snapshot(app)));
	renameSync(tmp, file);
}

/**
 * Loads `file` into `app` (its store cleared first); returns when it was saved, or undefined when there is no
 * usable file (none, unreadable, another format): the caller seeds the shop then.
 */
export function loadState(app: App, file: string): string | undefined {
	let state: StateFile;
	try {
		state = JSON.parse(readFileSync(file, 'utf8')) as StateFile;
	} catch {
		return undefined;
	}
	if (!state || state.version !== VERSION || typeof state.tables !== 'object') return undefined;
	const store = app.store;
	store.clear();
	for (const [name, dump] of Object.entries(state.tables)) {
		const table = (store as unknown as Record<string, unknown>)[name];
		if (table instanceof Table) table.load(dump);
	}
	for (const [themeId, dump] of Object.entries(state.themeAssets || {}))
		store.assetsOf(themeId).load(dump);
	for (const [token, secret] of state.accessTokens || []) app.oauth.accessTokens.set(token, secret);
	return state.savedAt;
}

/**
 * Calls `save` once, `delayMs` after the last of a burst of calls to the returned function; `.flush()` saves now
 * (and drops a save pending).
 */
export function debounced(save: () => void, delayMs = 300): { (): void; flush(): void } {
	let timer: NodeJS.Timeout | undefined;
	const run = () => {
		timer = undefined;
		save();
	};
	const schedule = () => {
		clearTimeout(timer);
		timer = setTimeout(run, delayMs);
		timer.unref();
	};
	schedule.flush = () => {
		clearTimeout(timer);
		run();
	};
	return schedule;
}

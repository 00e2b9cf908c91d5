/**
 * Which port the sandbox commands (`npm run sandbox -- fire ...`, `change`, `accept-charge`) talk to, when no
 * `--port` is given: the sandbox of a running `npm run dev`, which writes its addresses to
 * `<cache>/dev-running.json` (scripts/n8n/devSteps.js; the cache folder as scripts/n8n/cache.js finds it), else
 * 4010. And what to say when nothing answers there.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

type Env = Record<string, string | undefined>;

/** scripts/n8n/cache.js cacheRoot(), for this compiled TypeScript. */
export function cacheRoot(env: Env): string {
	if (env.STORE_PLATFORM_N8N_CACHE) return resolve(env.STORE_PLATFORM_N8N_CACHE);
	return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-store-platform');
}

export interface RunningDev {
	pid: number;
	sandboxPort: number;
	sandboxUrl: string;
	file: string;
}

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return (e as NodeJS.ErrnoException).code === 'EPERM';
	}
};

/** The running `npm run dev`'s sandbox, or undefined (no file, or its process is gone). */
export function runningDev(env: Env): RunningDev | undefined {
	const file = join(cacheRoot(env), 'dev-running.json');
	try {
		const info = JSON.parse(readFileSync(file, 'utf8')) as Omit<RunningDev, 'file'>;
		if (Number.isInteger(info.sandboxPort) && alive(info.pid)) return { ...info, file };
	} catch {
		/* none */
	}
	return undefined;
}

/** The error for a refused connection: where it looked, and which `--port` to pass. */
export function refusedMessage(port: number, dev: RunningDev | undefined, command: string): string {
	const where = dev
		? `the sandbox of the running \`npm run dev\` (port ${port}, from ${dev.file})`
		: `a sandbox on port ${port}`;
	const bare = command.replace(/\s*--port(?:=|\s+)\S+/g, '');
	return [
		`no answer from ${where}: connect ECONNREFUSED 127.0.0.1:${port}.`,
		'Start one with `npm run dev` (or `npm run sandbox`) in another terminal; when it runs on another port, its',
		`banner names it: npm run sandbox -- ${bare} --port <its port>`,
	].join('\n');
}

/**
 * The sandbox commands find `npm run dev`'s sandbox by themselves (`<cache>/dev-running.json`, written by dev.js),
 * and when nothing answers they say which `--port` to pass (sandbox/cliPort.ts), through the compiled CLI.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { portOf } from '../../sandbox/cliOptions';
import { refusedMessage, runningDev } from '../../sandbox/cliPort';

/* eslint-disable @typescript-eslint/no-require-imports -- the loader is plain CommonJS */
const { compileSandbox } = require('../../sandbox/load.js') as { compileSandbox: () => string };
/* eslint-enable @typescript-eslint/no-require-imports */

let cache: string;
let sb: Sandbox;
const write = (info: Record<string, unknown>) =>
	writeFileSync(path.join(cache, 'dev-running.json'), JSON.stringify(info));

beforeAll(async () => {
	sb = await startSandbox({ port: 0 });
});
afterAll(async () => await sb.close());
beforeEach(() => {
	cache = mkdtempSync(path.join(tmpdir(), 'dev-cache-'));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

/** `node build/sandbox/cli.js <args>` with the cache folder `cache`: exit code and output. */
function cli(args: string[]): Promise<{ code: number; out: string }> {
	const file = path.join(path.dirname(compileSandbox()), 'cli.js');
	const env: NodeJS.ProcessEnv = { ...process.env, STORE_PLATFORM_N8N_CACHE: cache };
	delete env.SANDBOX_PORT;
	return new Promise((resolve) =>
		execFile(process.execPath, [file, ...args], { env, timeout: 20_000 }, (e, stdout, stderr) =>
			resolve({ code: e ? Number(e.code ?? 1) : 0, out: `${stdout}${stderr}` }),
		),
	);
}

describe('sandbox commands: the port of npm run dev’s sandbox', () => {
	test('the running dev’s file gives the port; --port and $SANDBOX_PORT still win', () => {
		const env = { STORE_PLATFORM_N8N_CACHE: cache };
		expect(runningDev(env)).toBeUndefined();
		write({ pid: process.pid, sandboxPort: sb.port, sandboxUrl: sb.url });
		expect(runningDev(env)?.sandboxPort).toBe(sb.port);
		expect(portOf([], env, runningDev(env)?.sandboxPort)).toBe(sb.port);
		expect(portOf(['--port', '4555'], env, sb.port)).toBe(4555);
		expect(portOf([], { SANDBOX_PORT: '4666' }, sb.port)).toBe(4666);
		expect(portOf([], {}, undefined)).toBe(4010);
	});

	test('a file left by a dev that is gone is ignored', () => {
		// a pid that no process has: far above the kernel's usual pid_max
		write({ pid: 2 ** 30, sandboxPort: sb.port, sandboxUrl: sb.url });
		expect(runningDev({ STORE_PLATFORM_N8N_CACHE: cache })).toBeUndefined();
	});

	test('the compiled CLI fires at the running dev’s sandbox without --port', async () => {
		write({ pid: process.pid, sandboxPort: sb.port, sandboxUrl: sb.url });
		const r = await cli(['change', 'page', '1', '--fields', '{"title":"From the CLI"}']);
		expect(r).toMatchObject({ code: 0 });
		expect(r.out).toContain('page 1 changed');
		expect(sb.store.pages.get(1)?.title).toBe('From the CLI');
	});

	test('nothing answers: the error names the port tried and the --port to pass', async () => {
		const closed = await startSandbox({ port: 0 });
		const port = closed.port;
		await closed.close();
		const r = await cli(['fire', 'order/create', '--port', String(port)]);
		expect(r.code).toBe(1);
		expect(r.out).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
		expect(r.out).toContain('npm run sandbox -- fire order/create --port <its port>');
		expect(r.out).toContain('npm run dev');
		expect(refusedMessage(port, undefined, 'accept-charge')).toContain(`port ${port}`);
	});
});

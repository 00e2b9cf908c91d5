import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

import { COMMANDS } from '../../sandbox/cliOwner';
import { asksForHelp, portInUseMessage, usageText } from '../../sandbox/cliUsage';

/* eslint-disable @typescript-eslint/no-require-imports -- the loader is plain CommonJS */
const { compileSandbox } = require('../../sandbox/load.js') as { compileSandbox: () => string };
/* eslint-enable @typescript-eslint/no-require-imports */

/** `npm run sandbox -- --help` and a start on a taken port (issue 43: both printed only `listen EADDRINUSE`). */
describe('the sandbox CLI usage text', () => {
	test('lists every command with an example and the start options', () => {
		const text = usageText();
		for (const usage of Object.values(COMMANDS))
			expect(text).toContain(`npm run sandbox -- ${usage}`);
		expect(text).toContain('fire order/create');
		expect(text).toContain('change page 1');
		expect(text).toMatch(/--port N/);
		expect(text).toMatch(/--help/);
	});

	test.each([
		[['--help'], true],
		[['-h'], true],
		[['help'], true],
		[['fire', '--help'], true],
		[[], false],
		[['--port', '4011'], false],
		[['change', 'page', '1'], false],
	])('asksForHelp(%j) is %s', (args, expected) => {
		expect(asksForHelp(args)).toBe(expected);
	});

	test("a taken port names npm run dev's sandbox when it is there, and gives the usage", () => {
		const dev = { pid: 1, sandboxPort: 4010, sandboxUrl: 'http://127.0.0.1:4010', file: '/x' };
		const mine = portInUseMessage(4010, dev);
		expect(mine).toMatch(/^port 4010 is in use: the sandbox of your running `npm run dev`/);
		expect(mine).toContain(usageText());
		expect(portInUseMessage(4011, dev)).toMatch(/another program/);
		expect(portInUseMessage(4010, undefined)).toMatch(/another program/);
	});
});

/** The compiled CLI itself (build/sandbox, as `npm run sandbox` runs it). */
describe('build/sandbox/cli.js', () => {
	let cli = '';
	let server: Server;
	let port = 0;
	beforeAll(async () => {
		cli = join(dirname(compileSandbox()), 'cli.js');
		server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		port = (server.address() as AddressInfo).port;
	}, 120000);
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
	const run = (args: string[]) =>
		spawnSync(process.execPath, [cli, ...args], {
			encoding: 'utf8',
			env: { ...process.env, STORE_PLATFORM_N8N_CACHE: '/nonexistent-store-platform-cache' },
		});

	test('--help prints the usage and exits 0, starting nothing', () => {
		const r = run(['--help']);
		expect(r.status).toBe(0);
		expect(r.stdout.trim()).toBe(usageText());
	});

	test('a start on a taken port prints the usage, not only EADDRINUSE', () => {
		const r = run(['--port', String(port)]);
		expect(r.status).toBe(1);
		expect(r.stderr).toContain(`port ${port} is in use`);
		expect(r.stderr).toContain('npm run sandbox -- fire <section>');
	});
});

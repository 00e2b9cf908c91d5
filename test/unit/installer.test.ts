// The n8n installer's native rebuild (scripts/n8n/native.js, npm run by scripts/n8n/cache.js) on a machine where the caller's npm
// configuration disables scripts: `npm run` exports the project's `.npmrc` (`ignore-scripts=true`) to
// every child as npm_config_ignore_scripts=true. A stand-in for sqlite3: a local package whose
// install script builds the file its entry point requires.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports -- the installer is plain CommonJS */
const installer = {
	...require('../../scripts/n8n/native.js'),
	runNpm: require('../../scripts/n8n/cache.js').runNpm,
} as {
	nativeRebuildEnv: (nodeDir?: string) => Record<string, string>;
	rebuildNative: (name: string, dir: string, nodeBin: string, nodeDir?: string) => number;
	sharedNativeBuild: (
		name: string,
		dir: string,
		nodeBin: string,
		nodeDir: string | undefined,
		outputs: string[],
	) => 'built' | 'reused';
	runNpm: (
		nodeBin: string,
		args: string[],
		o: { cwd: string; env?: Record<string, string>; quiet?: boolean },
	) => unknown;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** A project folder with node_modules/<name>: index.js requires ./built.js, which only `installScript` writes. */
function fakeNativeProject(name: string, installScript: string, napi = false): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'installer-test-'));
	const pkg = path.join(dir, 'node_modules', name);
	fs.mkdirSync(pkg, { recursive: true });
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({ name: 'p', private: true, dependencies: { [name]: '1.0.0' } }),
	);
	fs.writeFileSync(
		path.join(pkg, 'package.json'),
		JSON.stringify({
			name,
			version: '1.0.0',
			main: 'index.js',
			scripts: { install: installScript },
			...(napi ? { binary: { napi_versions: [3, 6] } } : {}),
		}),
	);
	fs.writeFileSync(path.join(pkg, 'index.js'), "module.exports = require('./built.js');\n");
	return dir;
}

const BUILDS = "node -e \"require('fs').writeFileSync('built.js', 'module.exports = 1')\"";

describe('installer: native rebuild', () => {
	const saved = { ...process.env };
	const dirs: string[] = [];
	beforeEach(() => {
		// what `npm run test:e2e` / `npm run dev` hand to the installer in this project
		process.env.npm_config_ignore_scripts = 'true';
	});
	afterEach(() => {
		process.env = { ...saved };
	});
	afterAll(() => {
		for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
	});

	it('the inherited setting alone turns `npm rebuild` into a silent no-op (the defect the installer guards against)', () => {
		const dir = fakeNativeProject('fake-native', BUILDS);
		dirs.push(dir);
		installer.runNpm(process.execPath, ['rebuild', 'fake-native'], { cwd: dir, quiet: true });
		expect(fs.existsSync(path.join(dir, 'node_modules', 'fake-native', 'built.js'))).toBe(false);
	});

	it('runs the build script whatever the caller says, and the module loads afterwards', () => {
		const dir = fakeNativeProject('fake-native', BUILDS);
		dirs.push(dir);
		installer.rebuildNative('fake-native', dir, process.execPath);
		expect(fs.existsSync(path.join(dir, 'node_modules', 'fake-native', 'built.js'))).toBe(true);
	});

	it('fails loudly, naming the cause and the fix, when the module still does not load', () => {
		const dir = fakeNativeProject('fake-broken', 'node -e "0"');
		dirs.push(dir);
		let message = '';
		try {
			installer.rebuildNative('fake-broken', dir, process.execPath);
		} catch (e) {
			message = (e as Error).message;
		}
		expect(message).toMatch(/fake-broken does not load with .*after `npm rebuild fake-broken`/);
		expect(message).toMatch(/Cause: .*npm_config_ignore_scripts=true/);
		expect(message).toMatch(
			/Fix: install python3, make and g\+\+, then run `.* rebuild fake-broken --ignore-scripts=false/,
		);
	});

	it('enables scripts and passes the headers folder of the node that runs n8n', () => {
		expect(installer.nativeRebuildEnv('/x/node24')).toEqual({
			npm_config_ignore_scripts: 'false',
			NPM_CONFIG_IGNORE_SCRIPTS: 'false',
			npm_config_nodedir: '/x/node24',
		});
		expect(installer.nativeRebuildEnv()).not.toHaveProperty('npm_config_nodedir');
	});

	it('builds once per module version and node, and copies the build into the next install', () => {
		const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'installer-cache-'));
		dirs.push(cache);
		process.env.STORE_PLATFORM_N8N_CACHE = cache;
		const first = fakeNativeProject('fake-native', BUILDS);
		// the second install's own build script builds nothing: it loads only if the first build is reused
		const second = fakeNativeProject('fake-native', 'node -e "0"');
		dirs.push(first, second);
		expect(
			installer.sharedNativeBuild('fake-native', first, process.execPath, undefined, ['built.js']),
		).toBe('built');
		expect(
			installer.sharedNativeBuild('fake-native', second, process.execPath, undefined, ['built.js']),
		).toBe('reused');
		expect(fs.existsSync(path.join(second, 'node_modules', 'fake-native', 'built.js'))).toBe(true);
		// another cache (a new machine): built again
		process.env.STORE_PLATFORM_N8N_CACHE = fs.mkdtempSync(
			path.join(os.tmpdir(), 'installer-cache-'),
		);
		dirs.push(process.env.STORE_PLATFORM_N8N_CACHE);
		const third = fakeNativeProject('fake-native', BUILDS);
		dirs.push(third);
		expect(
			installer.sharedNativeBuild('fake-native', third, process.execPath, undefined, ['built.js']),
		).toBe('built');
	});

	it("builds a Node-API module once with the installer's Node and reuses it on another Node; others per Node", () => {
		const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'installer-cache-'));
		process.env.STORE_PLATFORM_N8N_CACHE = cache;
		// "another Node": runs this Node but reports another version, as Node 24 beside the system Node 20
		const otherNode = path.join(cache, 'other-node');
		fs.writeFileSync(
			otherNode,
			`#!/bin/sh\nif [ "$1" = "-p" ]; then echo v99.0.0-x64; exit 0; fi\nexec "${process.execPath}" "$@"\n`,
			{ mode: 0o755 },
		);
		const share = (name: string, dir: string, nodeBin: string) =>
			installer.sharedNativeBuild(name, dir, nodeBin, undefined, ['built.js']);
		const napiFirst = fakeNativeProject('fake-napi', BUILDS, true);
		const napiSecond = fakeNativeProject('fake-napi', 'node -e "0"', true);
		const plainFirst = fakeNativeProject('fake-native', BUILDS);
		const plainSecond = fakeNativeProject('fake-native', BUILDS);
		dirs.push(cache, napiFirst, napiSecond, plainFirst, plainSecond);
		expect(share('fake-napi', napiFirst, otherNode)).toBe('built');
		expect(share('fake-napi', napiSecond, process.execPath)).toBe('reused');
		expect(fs.readdirSync(path.join(cache, 'native'))).toEqual([
			`fake-napi-1.0.0-napi-node${process.version}-${process.arch}`,
		]);
		expect(share('fake-native', plainFirst, otherNode)).toBe('built');
		expect(share('fake-native', plainSecond, process.execPath)).toBe('built');
	});
});

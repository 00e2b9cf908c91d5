/**
 * The house's walls (docs/design.md, issue 37): no import circle in the product or the sandbox, type imports
 * included; no room but the action node's own imports `action/`; every node file only assembles modules; no
 * hand-written file over 500 lines (issue 50: test/e2e and docs too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The package-relative files each file imports (`import` and `export ... from`, type imports too). */
function importGraph(dirs: string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of dirs.flatMap((d) => sources(join(ROOT, d)))) {
		const text = readFileSync(file, 'utf8');
		const targets = [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) =>
			relative(ROOT, resolve(dirname(file), m[1])).concat('.ts'),
		);
		graph.set(relative(ROOT, file), targets);
	}
	return graph;
}

/** Each circle once, as the files along it. */
function circles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const path: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		path.push(file);
		for (const next of graph.get(file) ?? []) {
			if (!graph.has(next)) continue;
			if (state.get(next) === 'open') found.push(path.slice(path.indexOf(next)));
			else if (!state.has(next)) visit(next);
		}
		path.pop();
		state.set(file, 'done');
	};
	for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
	return found;
}

/** Whether a .gitignore/.prettierignore line names the package-relative path (their forms used here). */
function ignoredBy(pattern: string, path: string): boolean {
	const dir = pattern.endsWith('/');
	const name = dir ? pattern.slice(0, -1) : pattern;
	const glob = new RegExp(`^${name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
	const parts = path.split('/');
	if (name.includes('/')) {
		const depth = name.split('/').length;
		return (
			(dir ? parts.length > depth : parts.length === depth) &&
			glob.test(parts.slice(0, depth).join('/'))
		);
	}
	return (dir ? parts.slice(0, -1) : parts).some((part) => glob.test(part));
}

/** The files not generated, installed or ignored (.gitignore, and .prettierignore's "not hand-written" list). */
function handWritten(): string[] {
	const patterns = ['.gitignore', '.prettierignore'].flatMap((file) =>
		readFileSync(join(ROOT, file), 'utf8')
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line && !line.startsWith('#')),
	);
	const walk = (dir: string): string[] =>
		readdirSync(join(ROOT, dir)).flatMap((name) => {
			const path = dir ? `${dir}/${name}` : name;
			if (name === '.git') return [];
			if (statSync(join(ROOT, path)).isDirectory())
				return patterns.some((p) => ignoredBy(p, `${path}/x`)) ? [] : walk(path);
			return patterns.some((p) => ignoredBy(p, path)) ? [] : [path];
		});
	return walk('');
}

describe('the structure of the code', () => {
	it('finds a circle where there is one (the check can fail)', () => {
		const graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['a.ts']],
		]);
		expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
	});

	it.each([['nodes'], ['credentials'], ['sandbox']])('has no import circle in %s/', (dir) => {
		expect(circles(importGraph([dir]))).toEqual([]);
	});

	it('lets no room but the action node import action/', () => {
		const graph = importGraph(['nodes']);
		const outside = [...graph]
			.filter(([file]) => !file.startsWith('nodes/StorePlatform/action/'))
			.filter(([file]) => file !== 'nodes/StorePlatform/StorePlatform.node.ts')
			.flatMap(([file, targets]) =>
				targets
					.filter((t) => t.startsWith('nodes/StorePlatform/action/'))
					.map((t) => `${file} → ${t}`),
			);
		expect(outside).toEqual([]);
	});

	it.each([
		['StorePlatform.node.ts'],
		['StorePlatformTrigger.node.ts'],
		['StorePlatformPollTrigger.node.ts'],
	])('keeps %s to assembling modules (at most 80 lines)', (name) => {
		const lines =
			readFileSync(join(ROOT, 'nodes/StorePlatform', name), 'utf8').split('\n').length - 1;
		expect(lines).toBeLessThanOrEqual(80);
	});

	it.each([
		['dist/', 'dist/nodes/a.js', true],
		['node_modules', 'node_modules/jest/x.js', true],
		['node_modules', 'sandbox/node_modules/x.js', true],
		['test/fixtures/', 'test/fixtures/php-hmac/vectors.json', true],
		['test/fixtures/', 'test/unit/fixtures.ts', false],
		['docs/*.png', 'docs/editor-poll-trigger.png', true],
		['docs/*.png', 'docs/development.md', false],
		['*.tgz', 'n8n-nodes-store-platform-0.1.0.tgz', true],
		['jest-results.json', 'jest-results.json', true],
		['build/', 'build.ts', false],
		['test/e2e/RESULTS.md', 'test/e2e/RESULTS.md', true],
		['test/e2e/RESULTS.md', 'test/e2e/newcomer.test.js', false],
	])('reads the ignore line %s as naming %s: %s', (pattern, path, named) => {
		expect(ignoredBy(pattern, path)).toBe(named);
	});

	it('keeps every hand-written file at most 500 lines (test/e2e and docs included)', () => {
		const files = handWritten();
		expect(files).toEqual(
			expect.arrayContaining([
				'test/e2e/newcomer.test.js',
				'nodes/StorePlatform/StorePlatform.node.ts',
				'docs/development.md',
			]),
		);
		expect(files).not.toContain('package-lock.json');
		const long = files
			.map((file) => ({ file, text: readFileSync(join(ROOT, file)) }))
			.filter(({ text }) => !text.includes(0))
			.map(({ file, text }) => ({ file, lines: text.toString('utf8').split('\n').length - 1 }))
			.filter(({ lines }) => lines > 500);
		expect(long).toEqual([]);
	});
});

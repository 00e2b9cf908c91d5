/**
 * The house's walls (docs/design.md, issue 37): no import circle in the product or the sandbox, type imports
 * included; no room but the action node's own imports `action/`; every node file only assembles modules.
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
});

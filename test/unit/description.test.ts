import type { INodeProperties } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { TABLES } from '../../nodes/StorePlatform/resources';

const SPEC_OPERATIONS: Record<string, string[]> = {
	promotion: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	voucher: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	applicationCharge: ['getAll', 'get', 'count', 'create', 'activate', 'delete'],
	abandonedCart: ['getAll', 'get', 'count'],
	page: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	category: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	vendor: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	collection: ['getAll', 'count', 'get'],
	paymentMethod: ['getAll', 'count', 'get'],
	variant: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	blog: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	themeAsset: ['getAll', 'get', 'create', 'delete'],
	orderStatus: ['getAll', 'get', 'create', 'update', 'delete', 'count'],
	theme: ['getAll', 'get', 'activate'],
	user: ['getAll', 'get'],
	webhook: ['getAll', 'count', 'get', 'create', 'update', 'delete'],
	themeScript: ['getAll', 'create', 'update', 'delete', 'count'],
};

describe('node description', () => {
	const node = new StorePlatform();
	const props = node.description.properties;

	it('offers every resource and operation of the spec', () => {
		const resource = props.find((p) => p.name === 'resource') as INodeProperties;
		expect((resource.options ?? []).map((o) => (o as { value: string }).value).sort()).toEqual(
			Object.keys(SPEC_OPERATIONS).sort(),
		);
		for (const [res, ops] of Object.entries(SPEC_OPERATIONS)) {
			const op = props.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === res,
			);
			expect((op?.options ?? []).map((o) => (o as { value: string }).value).sort()).toEqual(
				[...ops].sort(),
			);
		}
		const total = Object.values(SPEC_OPERATIONS).reduce((n, ops) => n + ops.length, 0);
		expect(total).toBe(83);
	});

	it('gives every row a real path and method', () => {
		for (const table of TABLES) {
			for (const row of table.endpoints) {
				expect(row.path).toMatch(/^\/services\//);
				for (const placeholder of row.path.match(/\{[^}]+\}/g) ?? []) {
					expect(row.params?.some((p) => `{${p.key}}` === placeholder)).toBe(true);
				}
			}
		}
	});

	it('never counts theme scripts with the products count path', () => {
		const themeScript = TABLES.find((t) => t.resource === 'themeScript');
		const count = themeScript?.endpoints.find((r) => r.operation === 'count');
		expect(count?.path).not.toContain('/products/');
		expect(count?.countByListing).toBe('getAll');
	});

	it('has a list search for every resource locator it uses', () => {
		const methods = Object.keys(node.methods.listSearch);
		const used = new Set<string>();
		const walk = (p: INodeProperties) => {
			for (const mode of p.modes ?? []) {
				const m = mode.typeOptions?.searchListMethod;
				if (m) used.add(m);
			}
		};
		props.forEach(walk);
		for (const m of used) expect(methods).toContain(m);
		expect(used.size).toBeGreaterThanOrEqual(15);
	});

	it('has unique action texts and no duplicate property per operation and typeVersion', () => {
		const actions = props
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options ?? []).map((o) => (o as { action: string }).action));
		expect(new Set(actions).size).toBe(actions.length);
		const seen = new Set<string>();
		for (const p of props) {
			const show = p.displayOptions?.show;
			if (!show?.operation) continue;
			// one parameter may have one entry per typeVersion range (Simplify's tooltip, Return Full Record's default)
			const versions = JSON.stringify(show['@version'] ?? 'all');
			const key = `${String(show.resource)}:${String(show.operation)}:${p.name}:${versions}`;
			expect(seen.has(key)).toBe(false);
			seen.add(key);
		}
	});
});

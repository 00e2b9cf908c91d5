/**
 * The item loop's parameter reading without the expression engine (action/itemParameters.ts): only whole-value
 * references to the item's own text, number or boolean fields are resolved here; everything else is n8n's.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import {
	itemFieldPath,
	itemParameter,
	nodeVersion,
	resolveStored,
} from '../../nodes/StorePlatform/action/itemParameters';

describe('itemFieldPath', () => {
	it.each([
		['={{ $json.id }}', ['id']],
		['={{$json.title}}', ['title']],
		['={{  $json.address.city  }}', ['address', 'city']],
	])('%s names the item field %j', (stored, path) => {
		expect(itemFieldPath(stored)).toEqual(path);
	});

	it.each([
		'{{ $json.id }}',
		'={{ $json.id + 1 }}',
		'={{ $json["id"] }}',
		'=Vendor {{ $json.id }}',
		'={{ $json.id }} ',
		'={{ $json }}',
		'={{ $json.items[0] }}',
		'={{ $json.id.toString() }}',
		'={{ $("Items").item.json.id }}',
	])('%s is left to n8n', (stored) => {
		expect(itemFieldPath(stored)).toBeUndefined();
	});
});

describe('resolveStored', () => {
	const json = {
		id: 7,
		title: 'Vendor 7',
		on: false,
		empty: '',
		nil: null,
		obj: { a: 1 },
		list: [1],
	};
	const n8n = (value: unknown) => resolveStored(value, json as IDataObject);

	it('copies values without expressions', () => {
		const stored = { a: 'x', b: [1, 'y', { c: true }], d: null };
		const got = n8n(stored);
		expect(got).toEqual(stored);
		expect(got).not.toBe(stored);
		expect((got as IDataObject).b).not.toBe(stored.b);
	});

	it('resolves whole-value references to text, numbers and booleans, nested in collections', () => {
		expect(
			n8n({
				__rl: true,
				mode: 'id',
				value: '={{ $json.id }}',
			}),
		).toEqual({ __rl: true, mode: 'id', value: 7 });
		expect(
			n8n({ title: '={{ $json.title }}', on: '={{ $json.on }}', e: '={{ $json.empty }}' }),
		).toEqual({
			title: 'Vendor 7',
			on: false,
			e: '',
		});
	});

	it('leaves objects that are not plain (a date, a Luxon DateTime) to n8n', () => {
		expect(typeof n8n({ at: new Date(0) })).toBe('symbol');
		class When {
			ts = 1;
		}
		expect(typeof n8n([new When()])).toBe('symbol');
		expect(n8n(Object.assign(Object.create(null), { a: 1 }))).toEqual({ a: 1 });
	});

	it.each([
		['a missing field', '={{ $json.missing }}'],
		['null', '={{ $json.nil }}'],
		['an object', '={{ $json.obj }}'],
		['an array', '={{ $json.list }}'],
		['a path through a number', '={{ $json.id.x }}'],
		['another expression', '={{ $json.id * 2 }}'],
		['an inherited property', '={{ $json.constructor }}'],
	])('leaves %s to n8n, with the whole parameter', (_, expression) => {
		expect(typeof n8n({ keep: 'x', value: expression })).toBe('symbol');
	});
});

describe('itemParameter', () => {
	const stored: IDataObject = {
		resource: 'vendor',
		vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		updateFields: { title: '={{ $json.title }}' },
		other: '={{ $json.id * 2 }}',
	};
	const fakeCtx = () => {
		const evaluated: string[] = [];
		const ctx = {
			getInputData: () => [{ json: { id: 3, title: 'Three' } }],
			getNodeParameter: (name: string, _i: number, fallback: unknown, options?: IDataObject) => {
				if (options?.rawExpressions) {
					if (!(name in stored) && fallback === undefined)
						throw new Error('Could not get parameter');
					return stored[name] ?? fallback;
				}
				evaluated.push(name);
				return `n8n:${name}`;
			},
		};
		return { ctx: ctx as unknown as IExecuteFunctions, evaluated };
	};

	it('reads plain values and item-field references without n8n evaluating them', () => {
		const { ctx, evaluated } = fakeCtx();
		expect(itemParameter(ctx, 'resource', 0)).toBe('vendor');
		expect(itemParameter(ctx, 'vendorId', 0, undefined, { extractValue: true })).toBe(3);
		expect(itemParameter(ctx, 'updateFields', 0, {})).toEqual({ title: 'Three' });
		expect(itemParameter(ctx, 'absent', 0, { x: 1 })).toEqual({ x: 1 });
		expect(evaluated).toEqual([]);
	});

	it('hands anything else to getNodeParameter, and a parameter it cannot find', () => {
		const { ctx, evaluated } = fakeCtx();
		expect(itemParameter(ctx, 'other', 0)).toBe('n8n:other');
		expect(itemParameter(ctx, 'absent', 0)).toBe('n8n:absent');
		expect(evaluated).toEqual(['other', 'absent']);
	});
});

describe('reading a run once', () => {
	const run = () => {
		const raw: string[] = [];
		let nodes = 0;
		const ctx = {
			getInputData: () => [1, 2, 3].map((id) => ({ json: { id, title: `T${id}` } })),
			getNodeParameter: (name: string, _i: number, fallback: unknown, options?: IDataObject) => {
				if (!options?.rawExpressions) throw new Error('evaluated');
				raw.push(name);
				if (name === 'absent') throw new Error('Could not get parameter');
				return { title: '={{ $json.title }}' };
			},
			getNode: () => {
				nodes++;
				return { typeVersion: 3 };
			},
		};
		return { ctx: ctx as unknown as IExecuteFunctions, raw, nodes: () => nodes };
	};

	it('reads a stored parameter once per run and name, and each item its own fields', () => {
		const a = run();
		const titles = [0, 1, 2].map((i) => itemParameter(a.ctx, 'updateFields', i, {}));
		expect(titles).toEqual([{ title: 'T1' }, { title: 'T2' }, { title: 'T3' }]);
		expect([0, 1, 2].map((i) => itemParameter(a.ctx, 'absent', i, { x: i }))).toEqual([
			{ x: 0 },
			{ x: 1 },
			{ x: 2 },
		]);
		expect(a.raw).toEqual(['updateFields', 'absent']);
		// the copy handed out is the item's own: changing it leaves the next item's read alone
		(titles[0] as IDataObject).title = 'changed';
		expect(itemParameter(a.ctx, 'updateFields', 0, {})).toEqual({ title: 'T1' });
		// another run reads again
		const b = run();
		itemParameter(b.ctx, 'updateFields', 0, {});
		expect(b.raw).toEqual(['updateFields']);
	});

	it("reads the node's typeVersion once per run", () => {
		const a = run();
		expect([nodeVersion(a.ctx), nodeVersion(a.ctx), nodeVersion(a.ctx)]).toEqual([3, 3, 3]);
		expect(a.nodes()).toBe(1);
	});
});

describe("the node's description keeps n8n's post-evaluation steps a no-op for the fast path", () => {
	const all: INodeProperties[] = [];
	const walk = (props: unknown[]) => {
		for (const p of props as Array<INodeProperties & { values?: unknown[] }>) {
			all.push(p);
			if (Array.isArray(p.options)) walk(p.options);
			if (Array.isArray(p.values)) walk(p.values);
		}
	};
	walk(new StorePlatform().description.properties);

	it('has no validateType, extractValue, filter or resource mapper anywhere', () => {
		expect(all.length).toBeGreaterThan(100);
		const offending = all.filter(
			(p) =>
				'validateType' in p ||
				'extractValue' in p ||
				(p.modes ?? []).some((m) => 'extractValue' in m) ||
				p.type === 'filter' ||
				p.type === 'resourceMapper',
		);
		expect(offending.map((p) => p.name)).toEqual([]);
	});
});

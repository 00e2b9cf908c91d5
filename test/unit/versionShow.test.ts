import { propertyVersions } from '../../nodes/StorePlatform/action/versionShow';
import {
	findEndpoint,
	type Endpoint,
	type ResourceTable,
} from '../../nodes/StorePlatform/endpoint';

const entry = (versions?: Endpoint['versions']) =>
	({ resource: 'voucher', operation: 'getAll', versions }) as Endpoint;

describe('the typeVersions a property of an endpoint entry shows in', () => {
	it.each([
		['entry for all, property for all', undefined, undefined, undefined],
		['entry for all, property from 3', undefined, [{ _cnd: { gte: 3 } }], [{ _cnd: { gte: 3 } }]],
		['entry before 3, property for all', { before: 3 }, undefined, [{ _cnd: { lt: 3 } }]],
		['entry from 3, property for all', { from: 3 }, undefined, [{ _cnd: { gte: 3 } }]],
		['entry before 3, property at 2', { before: 3 }, [2], [2]],
		['entry before 3, property from 3: left out', { before: 3 }, [{ _cnd: { gte: 3 } }], null],
		['entry from 3, property at 2: left out', { from: 3 }, [2], null],
		['entry from 3, property from 3', { from: 3 }, [{ _cnd: { gte: 3 } }], [{ _cnd: { gte: 3 } }]],
		['entry before 3, property from 2: only 2', { before: 3 }, [{ _cnd: { gte: 2 } }], [2]],
		[
			'entry from 3, property from 2: from 3',
			{ from: 3 },
			[{ _cnd: { gte: 2 } }],
			[{ _cnd: { gte: 3 } }],
		],
		['entry before 3, property at 1 or 2', { before: 3 }, [1, 2], [1, 2]],
	] as const)('%s', (_, versions, own, expected) => {
		expect(propertyVersions(entry(versions as Endpoint['versions']), own as never)).toEqual(
			expected,
		);
	});
});

describe('findEndpoint without a typeVersion', () => {
	it('finds the entry of new nodes, also where an entry for older typeVersions comes first', () => {
		const table = {
			resource: 'voucher',
			endpoints: [
				{ operation: 'update', versions: { before: 3 }, path: 'old' },
				{ operation: 'update', versions: { from: 3 }, path: 'new' },
				{ operation: 'get', path: 'all' },
			],
		} as unknown as ResourceTable;
		expect(findEndpoint(table, 'update')?.path).toBe('new');
		expect(findEndpoint(table, 'get')?.path).toBe('all');
		expect(findEndpoint(table, 'update', 2)?.path).toBe('old');
	});
});

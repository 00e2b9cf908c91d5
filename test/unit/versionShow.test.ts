import { propertyVersions } from '../../nodes/StorePlatform/action/versionShow';
import type { Endpoint } from '../../nodes/StorePlatform/endpoint';

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

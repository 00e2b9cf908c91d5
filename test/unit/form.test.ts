import { nestPairs, parseForm } from '../../nodes/StorePlatform/trigger/form';
import { httpBuildQuery } from '../../nodes/StorePlatform/trigger/hmac';

describe("PHP's reading of form bodies", () => {
	it('nests bracket keys and makes lists of 0..n-1', () => {
		expect(
			parseForm(
				'id=7&customer%5Bname%5D=Zo%C3%AB+D&items%5B0%5D%5Bsku%5D=A&items%5B1%5D%5Bsku%5D=B&tags%5B%5D=x&tags%5B%5D=y',
			),
		).toEqual({
			id: '7',
			customer: { name: 'Zoë D' },
			items: [{ sku: 'A' }, { sku: 'B' }],
			tags: ['x', 'y'],
		});
	});

	it('keeps the last of repeated plain keys, empty values and maps with numeric keys', () => {
		expect(parseForm('a=1&a=2&b=&c%5B5%5D=z')).toEqual({ a: '2', b: '', c: { '5': 'z' } });
	});

	it('round-trips with http_build_query', () => {
		const data = { id: '5', order: { lines: [{ sku: 'A B', qty: '2' }], note: 'x&y=z' } };
		expect(parseForm(httpBuildQuery(data))).toEqual(data);
	});

	it('nests a body n8n parsed flat', () => {
		expect(nestPairs(Object.entries({ 'items[0][sku]': 'A', email: 'e@x' }))).toEqual({
			items: [{ sku: 'A' }],
			email: 'e@x',
		});
	});
});

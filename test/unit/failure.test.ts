import { describeFailure, MAX_SAID } from '../../nodes/StorePlatform/api/failure';
import { emptyDatesToNull } from '../../nodes/StorePlatform/api/output';

const request = {
	operation: 'Vendor → Get',
	method: 'GET',
	path: '/services/vendors/abc%2F..%2Fx',
};

describe('describeFailure', () => {
	it('says a record addressed by ID was not found, plainly; the request goes below', () => {
		const f = describeFailure({
			...request,
			status: 404,
			subject: 'vendor',
			said: 'vendor not found',
		});
		expect(f.message).toBe('The vendor was not found');
		expect(f.description).toBe(
			'vendor not found. Check the vendor ID: it may have been deleted. (Vendor → Get: GET /services/vendors/abc%2F..%2Fx, HTTP 404)',
		);
	});

	it('points a 404 without a record at the Shop Base URL', () => {
		expect(describeFailure({ ...request, status: 404 })).toMatchObject({
			message: 'The shop does not know this address',
			description: expect.stringContaining('Shop Base URL'),
		});
	});

	it('names the fields to check on a 401 and keeps an echoed base string short', () => {
		const said = `Invalid signature. Base string: GET&${'x'.repeat(2000)}`;
		const f = describeFailure({ ...request, status: 401, said });
		expect(f.message).toBe('The shop refused the credentials');
		expect(f.description).toMatch(/Shared Secret and Access Token Secret/);
		expect(f.description.length).toBeLessThan(MAX_SAID + 300);
	});

	it.each([
		[undefined, /Shared Secret and Access Token Secret/, /Consumer/],
		['storePlatformApi', /Shared Secret and Access Token Secret/, /Consumer|Connect/],
		[
			'storePlatformOAuth1Api',
			/Consumer Key and Consumer Secret.*Connect again/,
			/Shared Secret|Access Token/,
		],
	])('names the fields of the credential in use on a 401 (%s)', (credential, names, notNames) => {
		const f = describeFailure({ ...request, status: 401, credential });
		expect(f.description).toMatch(names);
		expect(f.description).not.toMatch(notNames);
	});

	it.each([
		[429, 'The shop got too many requests', /Requests in Parallel/],
		[500, 'The shop had an internal error', /try again later/],
		[503, 'The shop is not available right now', /try again later/],
		[422, 'The shop refused the request', /^Title is taken\. \(Vendor → Get/],
	])('HTTP %i: "%s" with a hint', (status, message, hint) => {
		const f = describeFailure({ ...request, status, said: 'Title is taken' });
		expect(f.message).toBe(message);
		expect(f.description).toMatch(hint);
		expect(f.message).not.toMatch(/\/services|HTTP/);
	});
});

describe('emptyDatesToNull', () => {
	it("turns the shop's zero dates into null anywhere, and nothing else", () => {
		expect(
			emptyDatesToNull({
				a: '0000-00-00 00:00:00',
				b: '0000-00-00',
				c: '2024-01-01 00:00:00',
				d: ['0000-00-00 00:00:00', 0],
				e: { f: '0000-00-00 00:00:00' },
				g: '0000-00-00 00:00:01',
			}),
		).toEqual({
			a: null,
			b: null,
			c: '2024-01-01 00:00:00',
			d: [null, 0],
			e: { f: null },
			g: '0000-00-00 00:00:01',
		});
	});
});

/**
 * The pasted-token credential used by other nodes: n8n's HTTP Request node ("Predefined Credential Type") sends
 * its requests through n8n-core's legacy `requestWithAuthentication` with `uri`, `qs`, `qsStringifyOptions` and
 * `form`. A stand-in node passes exactly those options (as HttpRequestV3 builds them) through n8n-core to the
 * sandbox, whose independent verifier checks each signature. (The real HTTP Request node runs in the end-to-end
 * suite.)
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { runNode } from '../harness';
import type { Sandbox } from '../../sandbox';
import { apiCredentials, apiRequests, credentialTypes, useSandbox } from './setup';

const env = useSandbox();

/** Sends each item's `options` with `requestWithAuthentication` and outputs the status and body. */
class LegacyRequestNode implements INodeType {
	description = {
		displayName: 'Legacy Request',
		name: 'legacyRequest',
		group: ['transform'],
		version: 1,
		description: 'requestWithAuthentication with the options of the item',
		defaults: { name: 'Legacy Request' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'storePlatformApi', required: true }],
		properties: [],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (const [i, item] of this.getInputData().entries()) {
			const options = {
				...(item.json.options as IDataObject),
				resolveWithFullResponse: true,
				simple: false,
			};
			const res = (await this.helpers.requestWithAuthentication.call(
				this,
				'storePlatformApi',
				options,
			)) as IDataObject;
			out.push({ json: { statusCode: res.statusCode, body: res.body }, pairedItem: i });
		}
		return [out];
	}
}

/** What HttpRequestV3 puts in every request. */
function httpRequestNodeOptions(
	s: Sandbox,
	method: string,
	path: string,
	extra: IDataObject = {},
): IDataObject {
	return {
		headers: {},
		method,
		uri: `${s.url}${path}`,
		gzip: true,
		rejectUnauthorized: true,
		followRedirect: true,
		followAllRedirects: true,
		timeout: 300_000,
		...extra,
	};
}

async function send(s: Sandbox, list: IDataObject[], credentials = apiCredentials(s)) {
	const result = await runNode({
		nodeType: new LegacyRequestNode(),
		parameters: {},
		credentials: { storePlatformApi: credentials as never },
		credentialTypes,
		items: list.map((options) => ({ json: { options } })),
	});
	if (result.error) throw result.error;
	return result.items[0].map((item) => item.json);
}

describe("the credential through n8n-core's legacy request path (HTTP Request node options)", () => {
	it('signs GET with query arrays in every arrayFormat, and page/limit pagination: all accepted', async () => {
		const s = env.sandbox;
		const list = [
			httpRequestNodeOptions(s, 'GET', '/services/vendors', { qs: { limit: '2', page: '1' } }),
			httpRequestNodeOptions(s, 'GET', '/services/vendors', {
				qs: { limit: '2', page: '2', fields: 'id,name' },
				json: true,
			}),
			...['repeat', 'brackets', 'indices'].map((arrayFormat) =>
				httpRequestNodeOptions(s, 'GET', '/services/vendors/count', {
					qs: { tag: ['a b', 'ü'] },
					qsStringifyOptions: { arrayFormat },
				}),
			),
			httpRequestNodeOptions(s, 'GET', '/services/vendors?limit=1', { qs: { fields: 'id' } }),
		];
		const out = await send(s, list);
		expect(out.map((o) => o.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
		const recs = apiRequests(s);
		expect(recs.map((r) => r.authorized)).toEqual([true, true, true, true, true, true]);
		expect(recs[1].query).toEqual({ limit: '2', page: '2', fields: 'id,name' });
		expect(recs[2].rawQuery).toBe('tag=a%20b&tag=%C3%BC');
		expect(recs[3].rawQuery).toBe('tag%5B%5D=a%20b&tag%5B%5D=%C3%BC');
		expect(recs[4].rawQuery).toBe('tag%5B0%5D=a%20b&tag%5B1%5D=%C3%BC');
		expect(recs[5].query).toEqual({ limit: '1', fields: 'id' });
		const firstPage = (out[0].body as string).length ? JSON.parse(out[0].body as string) : {};
		expect(Object.keys(firstPage)).toEqual(['vendors']);
	});

	it('signs a form-urlencoded POST (its parameters are in the signature) and a JSON POST', async () => {
		const s = env.sandbox;
		const out = await send(s, [
			httpRequestNodeOptions(s, 'POST', '/services/vendors', {
				form: { vendor: { title: 'Form Vendor é+&' } },
			}),
			httpRequestNodeOptions(s, 'POST', '/services/vendors', {
				body: { vendor: { title: 'JSON Vendor' } },
				json: true,
			}),
		]);
		const recs = apiRequests(s);
		expect(recs.map((r) => r.authorized)).toEqual([true, true]);
		expect(recs[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(recs[0].body).toEqual({ 'vendor[title]': 'Form Vendor é+&' });
		// the signature is accepted; the API itself takes JSON bodies only, so the form POST is refused with 400
		expect(out.map((o) => o.statusCode)).toEqual([400, 200]);
		expect((out[1].body as IDataObject).vendor).toMatchObject({ title: 'JSON Vendor' });
	});

	it('with a wrong token secret: refused with 401 by the verifier', async () => {
		const s = env.sandbox;
		const out = await send(s, [httpRequestNodeOptions(s, 'GET', '/services/vendors')], {
			...apiCredentials(s),
			accessTokenSecret: 'wrong',
		});
		expect(out[0].statusCode).toBe(401);
		expect(apiRequests(s)[0].authorized).toBe(false);
	});
});

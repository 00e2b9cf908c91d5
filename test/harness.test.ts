/**
 * Proves the test harness (test/harness/) with a test-only node, trigger and credentials: every
 * request goes over the network to a local server, through n8n-core's real execution engine and
 * node contexts.
 */
import { createHmac } from 'node:crypto';

import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	callListSearch,
	callLoadOptions,
	callWebhook,
	callWebhookMethod,
	runNode,
	startTestServer,
	type RecordedRequest,
	type TestServer,
} from './harness';
import {
	HarnessGenericApi,
	HarnessOAuth1Api,
	HarnessSessionApi,
	HarnessTest,
	HarnessTestApi,
	HarnessTestTrigger,
	parseOAuthHeader,
	verifyOAuth1,
} from './harness/fixtures';

const credentialTypes = [
	new HarnessTestApi(),
	new HarnessGenericApi(),
	new HarnessOAuth1Api(),
	new HarnessSessionApi(),
];

let server: TestServer;
let hooks: Array<{ id: string; address: string; event: string }> = [];
let sessions = 0;

function route(req: RecordedRequest) {
	if (req.method === 'POST' && req.path === '/session') {
		sessions++;
		return { body: { token: `session-${sessions}` } };
	}
	if (
		req.headers.authorization?.startsWith('Session ') &&
		req.headers.authorization !== `Session session-${sessions}`
	) {
		return { status: 401, body: { message: 'session expired' } };
	}
	const thing = /^\/things\/([^/]+)$/.exec(req.path);
	if (req.method === 'GET' && thing) {
		const id = decodeURIComponent(thing[1]);
		if (id === 'missing') return { status: 404, body: { message: 'No such thing' } };
		return { body: { id, name: `Thing ${id}`, view: req.query.get('view') } };
	}
	if (req.method === 'GET' && req.path === '/things') {
		const page = Number(req.query.get('page'));
		const q = req.query.get('q') ?? '';
		const names = ['apple', 'apricot', 'banana', 'avocado'].filter((n) => n.includes(q));
		const slice = names.slice((page - 1) * 2, page * 2);
		return {
			body: {
				things: slice.map((name) => ({ id: `id-${name}`, name })),
				next: page * 2 < names.length ? String(page + 1) : undefined,
			},
		};
	}
	if (req.method === 'GET' && req.path === '/thing-types') return { body: ['small', 'large'] };
	if (req.method === 'GET' && req.path === '/hooks') return { body: hooks };
	if (req.method === 'POST' && req.path === '/hooks') {
		const { address, event } = req.json as { address: string; event: string };
		const hook = { id: `hook-${hooks.length + 1}`, address, event };
		hooks.push(hook);
		return { status: 201, body: hook };
	}
	const hook = /^\/hooks\/([^/]+)$/.exec(req.path);
	if (req.method === 'DELETE' && hook) {
		hooks = hooks.filter((h) => h.id !== hook[1]);
		return { status: 204 };
	}
	return { status: 404, body: { message: 'not found' } };
}

beforeAll(async () => {
	server = await startTestServer(route);
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
	server.setHandler(route);
	hooks = [];
	sessions = 0;
});

const apiKeyCredentials = () => ({ harnessTestApi: { baseUrl: server.url, apiKey: 'secret-key' } });

describe('runNode', () => {
	it('runs the node through WorkflowExecute, with an authenticate() function and per-item expressions', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', thingId: '={{ $json.id }}' },
			credentials: apiKeyCredentials(),
			credentialTypes,
			items: [{ json: { id: 'a1' } }, { json: { id: 'b 2' } }],
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].map((i) => i.json)).toEqual([
			{ id: 'a1', name: 'Thing a1', view: 'full' },
			{ id: 'b 2', name: 'Thing b 2', view: 'full' },
		]);
		expect(server.requests.map((r) => r.path)).toEqual(['/things/a1', '/things/b%202']);
		for (const req of server.requests) {
			expect(req.headers['x-api-key']).toBe('secret-key');
			// the credential's default was applied by n8n
			expect(req.headers['x-region']).toBe('eu');
		}
	});

	it('applies a generic authenticate object (headers and qs, n8n expressions over $credentials)', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'generic', thingId: 'x' },
			credentials: { harnessGenericApi: { baseUrl: server.url, token: 'tok-1', tenant: 'acme' } },
			credentialTypes,
		});

		expect(error).toBeUndefined();
		expect(items[0][0].json.id).toBe('x');
		const [req] = server.requests;
		expect(req.headers.authorization).toBe('Bearer tok-1');
		expect(req.query.get('tenant')).toBe('acme');
		expect(req.query.get('view')).toBe('full');
	});

	it("signs with n8n-core's requestOAuth1 for a credential type extending oAuth1Api", async () => {
		const oauth = {
			baseUrl: server.url,
			consumerKey: 'ck',
			consumerSecret: 'cs',
			oauthTokenData: { oauth_token: 'tok', oauth_token_secret: 'ts' },
		};
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'oAuth1', thingId: '={{ $json.id }}' },
			credentials: { harnessOAuth1Api: oauth },
			credentialTypes,
			items: [{ json: { id: 'o1' } }, { json: { id: 'o2' } }],
		});

		expect(error).toBeUndefined();
		expect(items[0].map((i) => i.json.id)).toEqual(['o1', 'o2']);
		expect(server.requests).toHaveLength(2);
		for (const req of server.requests) {
			expect(req.headers.authorization).toMatch(/^OAuth /);
			const params = parseOAuthHeader(req.headers.authorization);
			expect(params).toMatchObject({
				oauth_consumer_key: 'ck',
				oauth_token: 'tok',
				oauth_signature_method: 'HMAC-SHA1',
				oauth_version: '1.0',
			});
			expect(verifyOAuth1(req, server.url, 'cs', 'ts')).toBe(true);
			expect(verifyOAuth1(req, server.url, 'cs', 'wrong')).toBe(false);
		}
	});

	it("resolves a credential's defaults and $self expressions as n8n does", async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'oAuth1', operation: 'credentials' },
			credentials: { harnessOAuth1Api: { baseUrl: `${server.url}/`, consumerKey: 'ck' } },
			credentialTypes,
		});

		expect(error).toBeUndefined();
		expect(items[0][0].json).toMatchObject({
			baseUrl: `${server.url}/`,
			requestTokenUrl: `${server.url}/oauth/request_token`,
			accessTokenUrl: `${server.url}/oauth/access_token`,
			signatureMethod: 'HMAC-SHA1',
			consumerKey: 'ck',
		});
	});

	it('with continueOnFail, a failing item becomes an error item while the others succeed', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', thingId: '={{ $json.id }}' },
			credentials: apiKeyCredentials(),
			credentialTypes,
			items: [{ json: { id: 'a' } }, { json: { id: 'missing' } }, { json: { id: 'c' } }],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		const out = items[0];
		expect(out).toHaveLength(3);
		expect(out[0].json.id).toBe('a');
		expect(out[1].json.error).toBe('The resource you are requesting could not be found');
		expect(out[2].json.id).toBe('c');
		expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it("without continueOnFail, returns the node's error and no items", async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', thingId: 'missing' },
			credentials: apiKeyCredentials(),
			credentialTypes,
		});

		expect(items).toEqual([]);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('404');
	});

	it('evaluates expressions that reach the preceding node', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: {
				authentication: 'apiKey',
				thingId: "={{ $('Input').item.json.ref + '-' + $itemIndex }}",
			},
			credentials: apiKeyCredentials(),
			credentialTypes,
			items: [{ json: { ref: 'r' } }, { json: { ref: 's' } }],
		});

		expect(error).toBeUndefined();
		expect(items[0].map((i) => i.json.id)).toEqual(['r-0', 's-1']);
	});

	it('runs preAuthentication for an expirable credential, retries after a 401 and keeps the new token', async () => {
		const credentials = {
			harnessSessionApi: { baseUrl: server.url, password: 'pw', sessionToken: '' },
		};
		const first = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'session', thingId: 'one' },
			credentials,
			credentialTypes,
		});
		expect(first.error).toBeUndefined();
		expect(first.credentials.harnessSessionApi.sessionToken).toBe('session-1');
		expect(
			server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`),
		).toEqual(['POST /session ', 'GET /things/one Session session-1']);

		server.requests.length = 0;
		sessions = 5; // the server forgot session-1
		const second = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'session', thingId: 'two' },
			credentials: first.credentials,
			credentialTypes,
		});
		expect(second.error).toBeUndefined();
		expect(second.items[0][0].json.id).toBe('two');
		expect(second.credentials.harnessSessionApi.sessionToken).toBe('session-6');
		expect(
			server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`),
		).toEqual([
			'GET /things/two Session session-1',
			'POST /session ',
			'GET /things/two Session session-6',
		]);
	});

	it('returns the error a node throws, as thrown', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', operation: 'fail' },
			credentials: apiKeyCredentials(),
			credentialTypes,
		});

		expect(items).toEqual([]);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('Deliberate failure');
	});

	it('with continueOnFail, an uncaught node error passes the input through as n8n does', async () => {
		const input = [{ json: { id: 1 } }, { json: { id: 2 } }];
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', operation: 'fail' },
			credentials: apiKeyCredentials(),
			credentialTypes,
			items: input,
			continueOnFail: true,
		});

		expect(error?.message).toBe('Deliberate failure');
		expect(items[0].map((i) => i.json)).toEqual(input.map((i) => i.json));
	});

	it('refuses a node whose required parameter is missing, as n8n does', async () => {
		const { items, error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', operation: 'get' },
			credentials: apiKeyCredentials(),
			credentialTypes,
		});

		expect(items).toEqual([]);
		expect(error?.name).toBe('WorkflowHasIssuesError');
		expect(server.requests).toHaveLength(0);
	});

	it('reports a missing credential as n8n does', async () => {
		const { error } = await runNode({
			nodeType: new HarnessTest(),
			parameters: { authentication: 'apiKey', thingId: 'x' },
			credentialTypes,
		});

		expect(error?.message).toBe('Node does not have any credentials set');
		expect(server.requests).toHaveLength(0);
	});
});

describe('callListSearch / callLoadOptions', () => {
	it('calls methods.listSearch with a LoadOptionsContext, filter and pagination token', async () => {
		const opts = {
			parameters: { authentication: 'apiKey' },
			credentials: apiKeyCredentials(),
			credentialTypes,
			filter: 'a',
		};
		const first = await callListSearch(new HarnessTest(), 'searchThings', opts);
		expect(first).toEqual({
			results: [
				{ name: 'apple', value: 'id-apple' },
				{ name: 'apricot', value: 'id-apricot' },
			],
			paginationToken: '2',
		});
		const second = await callListSearch(new HarnessTest(), 'searchThings', {
			...opts,
			paginationToken: first.paginationToken,
		});
		expect(second.results.map((r) => r.name)).toEqual(['banana', 'avocado']);
		expect(second.paginationToken).toBeUndefined();
		expect(server.requests[0].headers['x-api-key']).toBe('secret-key');
	});

	it('calls methods.loadOptions with the current node parameters choosing the credential', async () => {
		const options = await callLoadOptions(new HarnessTest(), 'getThingTypes', {
			parameters: { authentication: 'generic' },
			credentials: { harnessGenericApi: { baseUrl: server.url, token: 't' } },
			credentialTypes,
		});
		expect(options).toEqual([
			{ name: 'small', value: 'small' },
			{ name: 'large', value: 'large' },
		]);
		expect(server.requests[0].headers.authorization).toBe('Bearer t');
	});
});

describe('webhooks', () => {
	const webhookUrl = 'https://n8n.example.com/webhook/2b1c9c2e-hook/webhook';

	it('creates, checks and deletes the webhook, keeping its id in the static data', async () => {
		const base = {
			parameters: { event: 'thing/updated' },
			credentials: apiKeyCredentials(),
			credentialTypes,
			webhookUrl,
		};

		const missing = await callWebhookMethod(new HarnessTestTrigger(), 'checkExists', base);
		expect(missing.result).toBe(false);
		expect(missing.staticData).toEqual({});

		const created = await callWebhookMethod(new HarnessTestTrigger(), 'create', base);
		expect(created.result).toBe(true);
		expect(created.webhookUrl).toBe(webhookUrl);
		expect(created.staticData).toEqual({ webhookId: 'hook-1' });
		expect(created.staticDataChanged).toBe(true);
		expect(hooks).toEqual([{ id: 'hook-1', address: webhookUrl, event: 'thing/updated' }]);

		const exists = await callWebhookMethod(new HarnessTestTrigger(), 'checkExists', {
			...base,
			staticData: created.staticData,
		});
		expect(exists.result).toBe(true);
		expect(exists.staticDataChanged).toBe(false);

		const deleted = await callWebhookMethod(new HarnessTestTrigger(), 'delete', {
			...base,
			staticData: created.staticData,
		});
		expect(deleted.result).toBe(true);
		expect(deleted.staticData).toEqual({});
		expect(hooks).toEqual([]);
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /hooks',
			'GET /hooks',
			'DELETE /hooks/hook-1',
		]);
		expect(server.requests.every((r) => r.headers['x-api-key'] === 'secret-key')).toBe(true);
	});

	it('uses the default webhook URL computed by n8n when none is given', async () => {
		const created = await callWebhookMethod(new HarnessTestTrigger(), 'create', {
			credentials: apiKeyCredentials(),
			credentialTypes,
		});
		expect(created.webhookUrl).toMatch(/^http:\/\/localhost:5678\/webhook\/[^/]+\/webhook$/);
		expect(hooks[0].address).toBe(created.webhookUrl);
	});

	const body = { id: 7, event: 'thing/created' };
	const raw = JSON.stringify(body);
	const sign = (key: string) => createHmac('sha256', key).update(raw).digest('base64');

	it('answers 401 itself and starts no workflow when the signature is wrong', async () => {
		const { result, response, workflowStarted } = await callWebhook(new HarnessTestTrigger(), {
			credentials: apiKeyCredentials(),
			credentialTypes,
			req: { headers: { 'X-Signature': sign('other-key') }, body, rawBody: raw },
		});

		expect(result).toEqual({ noWebhookResponse: true });
		expect(workflowStarted).toBe(false);
		expect(response).toMatchObject({ statusCode: 401, body: 'Invalid signature', ended: true });
	});

	it('starts the workflow with the body when the signature is right', async () => {
		const { result, response, workflowStarted } = await callWebhook(new HarnessTestTrigger(), {
			credentials: apiKeyCredentials(),
			credentialTypes,
			req: { headers: { 'x-signature': sign('secret-key') }, body, rawBody: raw },
		});

		expect(workflowStarted).toBe(true);
		expect(result.workflowData).toEqual([[{ json: body }]]);
		expect(response.ended).toBe(false);
	});
});

'use strict';
/**
 * Leg "connect": the credential test over REST (the sandbox passes; n8n's own address, a closed port, an unknown
 * host and a wrong secret are refused with their messages); `storePlatformOAuth1Api` created with
 * `POST /rest/credentials`; in headless Chromium: Connect, then Deny on the sandbox's authorize page (n8n's popup
 * says "Insufficient parameters for OAuth1 callback.", no token stored); credential
 * modal -> Connect -> popup on the sandbox's authorize page -> Approve -> n8n's callback -> "Account connected";
 * then a node with `authentication: oAuth1` (Category -> Get Many) via `n8n execute`, signed with the token the
 * flow issued (not the pasted one).
 */
const assert = require('assert');
const net = require('net');
const { leg, apiRequests, openBrowser, N8nInstance, NO_BROWSER } = require('./setup');
const { oauthWorkflow } = require('./workflows');

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
async function closedPort() {
	const server = net.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/** The editor's credential test (save / Retry) on stored credentials: { label, status, message } per case. */
async function credentialTestVerdicts(n8n, sandbox) {
	const c = sandbox.credentials;
	const api = (baseUrl, extra = {}) => ({ ...c, baseUrl, ...extra });
	const cases = [
		['sandbox', 'storePlatformApi', api(`${sandbox.url}/`)],
		['n8n', 'storePlatformApi', api(n8n.baseUrl)],
		['closed', 'storePlatformApi', api(`http://127.0.0.1:${await closedPort()}`)],
		['unknownHost', 'storePlatformApi', api('http://no-such-shop.invalid')],
		['wrongSecret', 'storePlatformApi', api(sandbox.url, { consumerSecret: 'wrong' })],
		[
			'connected',
			'storePlatformOAuth1Api',
			{
				baseUrl: sandbox.url,
				consumerKey: c.consumerKey,
				consumerSecret: c.consumerSecret,
				oauthTokenData: { oauth_token: c.accessToken, oauth_token_secret: c.accessTokenSecret },
			},
		],
	];
	const verdicts = [];
	for (const [label, type, data] of cases) {
		const stored = await n8n.createCredentialRest({
			name: `credential test: ${label}`,
			type,
			data,
		});
		const res = await n8n.rest('POST', '/credentials/test', {
			credentials: { id: stored.id, name: stored.name, type, data },
		});
		const { status, message } = res.body.data ?? res.body;
		verdicts.push({ label, status, message });
	}
	return verdicts;
}

leg(
	'connect',
	async (v) => {
		const { n8n, sandbox } = await v.setUp({ start: true });
		await v.check(
			"d. the credential test (POST /rest/credentials/test) passes on the sandbox only; n8n's own address, a closed port and an unknown host are refused naming the Shop Base URL",
			async () => {
				v.r.credentialTest = await credentialTestVerdicts(n8n, sandbox);
				const by = Object.fromEntries(v.r.credentialTest.map((r) => [r.label, r]));
				assert.strictEqual(by.sandbox.status, 'OK', JSON.stringify(by.sandbox));
				assert.strictEqual(by.connected.status, 'OK', JSON.stringify(by.connected));
				for (const label of ['n8n', 'closed', 'unknownHost', 'wrongSecret']) {
					assert.strictEqual(by[label].status, 'Error', JSON.stringify(by[label]));
				}
				assert.match(
					by.n8n.message,
					/did not answer as a Store Platform shop.*Check the Shop Base URL/,
				);
				assert.match(by.closed.message, /connection refused.*Check the Shop Base URL/);
				assert.match(by.unknownHost.message, /was not found \(DNS\)\. Check the Shop Base URL/);
				assert.match(by.wrongSecret.message, /Check the Shared Secret and Access Token Secret/);
			},
		);
		const b = await openBrowser(v, n8n);
		if (!b) return;
		let oauthCred;
		const created = await v.check(
			'd. create a storePlatformOAuth1Api credential over REST (base URL, consumer key and secret)',
			async () => {
				oauthCred = await n8n.createCredentialRest({
					name: 'Store Platform sandbox (Connect)',
					type: 'storePlatformOAuth1Api',
					data: {
						baseUrl: sandbox.url,
						consumerKey: sandbox.credentials.consumerKey,
						consumerSecret: sandbox.credentials.consumerSecret,
					},
				});
				assert.ok(oauthCred && oauthCred.id, JSON.stringify(oauthCred));
			},
		);
		if (!created.ok) return;
		await v.check(
			'd. Deny on the authorize page: n8n\'s popup says "Insufficient parameters for OAuth1 callback." and no token is stored',
			async () => {
				const denied = await n8n.createCredentialRest({
					name: 'Store Platform sandbox (Connect, denied)',
					type: 'storePlatformOAuth1Api',
					data: {
						baseUrl: sandbox.url,
						consumerKey: sandbox.credentials.consumerKey,
						consumerSecret: sandbox.credentials.consumerSecret,
					},
				});
				v.r.connectDenied = await b.denyOAuth1(denied.id);
				assert.match(v.r.connectDenied, /^Insufficient parameters for OAuth1 callback/);
				const stored = await n8n.rest('GET', `/credentials/${denied.id}?includeData=true`);
				assert.strictEqual(
					stored.body.data.data?.baseUrl,
					sandbox.url,
					'the stored data is returned',
				);
				assert.strictEqual(stored.body.data.data.oauthTokenData, undefined);
			},
			{ timeoutMs: 180000 },
		);
		const flowStart = sandbox.requests.length;
		const connected = await v.check(
			'd. Connect in the credential modal -> the sandbox authorize page -> Approve -> n8n stores the access token',
			async () => {
				v.r.connectInfo = await b.connectOAuth1(oauthCred.id);
				const flow = sandbox.requests
					.slice(flowStart)
					.filter((q) => q.path.startsWith('/services/oauth/'));
				v.r.connectFlow = flow.map((q) => `${q.method} ${q.path} ${q.status}`);
				assert.deepStrictEqual(v.r.connectFlow, [
					'POST /services/oauth/request_token 200',
					'GET /services/oauth/authorize 200',
					'POST /services/oauth/authorize 302',
					'POST /services/oauth/access_token 200',
				]);
			},
			{ timeoutMs: 180000 },
		);
		if (!connected.ok) return;
		await v.check(
			'd. a workflow node with authentication oAuth1 (Category -> Get Many) succeeds, signed with the new token',
			async () => {
				const id = await n8n.createWorkflowRest(oauthWorkflow(oauthCred));
				const before = sandbox.requests.length;
				const res = await n8n.execute(id, { timeoutMs: 180000 });
				assert.ok(
					res.ok,
					`execute: exit ${res.code}, ${JSON.stringify(res.error || res.status).slice(0, 1500)}\n${res.stdout.slice(-1500)}`,
				);
				const out = N8nInstance.nodeOutput(res.result, 'Categories Via Connect').map((i) => i.json);
				assert.strictEqual(out.length, sandbox.store.categories.size);
				assert.ok(out.every((c) => c.id && c.name));
				const reqs = apiRequests(sandbox.requests.slice(before));
				assert.ok(reqs.length >= 1);
				// signed by n8n with the access token the sandbox issued in the flow (not the pasted one)
				for (const q of reqs) {
					assert.ok(q.authorized, `${q.method} ${q.path} not authorized`);
					const tok = /oauth_token="([^"]*)"/.exec(String(q.headers.authorization));
					assert.ok(
						tok && /^at_[0-9a-f]{32}$/.test(decodeURIComponent(tok[1])),
						`token ${tok && tok[1]}`,
					);
					assert.notStrictEqual(decodeURIComponent(tok[1]), sandbox.credentials.accessToken);
				}
			},
		);
	},
	// one version after the other: Chromium and n8n's editor bundle want the CPU (page loads time out otherwise)
	{ skip: NO_BROWSER, serial: true },
);

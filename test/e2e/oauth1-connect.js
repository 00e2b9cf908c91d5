#!/usr/bin/env node
'use strict';
/**
 * Headless OAuth1 "Connect" flow of a REAL n8n against a fake provider, with
 * n8n's own generic credential `oAuth1Api` (our storePlatformOAuth1Api extends
 * it, so n8n runs the very same code for it). Records and prints exactly what
 * the provider receives, and checks the signatures, so the sandbox store server
 * can be made to accept precisely these calls.
 *
 *   node test/e2e/oauth1-connect.js [2.41.1] [1.123.81]   (default: both)
 *   STORE_PLATFORM_E2E_VERBOSE=1 ...  prints the recorded requests in full
 *
 * Flow (what the editor + browser do):
 *   1. GET  /rest/oauth1-credential/auth?id=<credId>   (owner cookie)
 *        n8n -> POST requestTokenUrl  -> "oauth_token=..&oauth_token_secret=.."
 *        answers { data: "<authUrl>?oauth_token=<request token>" }
 *   2. browser opens that URL; provider redirects to the oauth_callback
 *        <n8n>/rest/oauth1-credential/callback?state=..&oauth_token=..&oauth_verifier=..
 *   3. GET  that callback (owner cookie)
 *        n8n -> POST accessTokenUrl   -> "oauth_token=..&oauth_token_secret=.."
 *        stores oauthTokenData in the credential, renders the success page.
 */
const assert = require('assert');
const crypto = require('crypto');
const http = require('http');
const { N8nInstance } = require('../../scripts/n8n/instance');

const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['2.41.1', '1.123.81'];
const CONSUMER = { key: 'ck-e2e', secret: 'cs-e2e' };
const REQUEST_TOKEN = { key: 'rt-e2e', secret: 'rts-e2e' };
const ACCESS_TOKEN = { key: 'at-e2e', secret: 'ats-e2e' };
const VERIFIER = 'verifier-e2e';
let passed = 0;
let failed = 0;

const enc = (s) =>
	encodeURIComponent(String(s)).replace(
		/[!'()*]/g,
		(c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
	);

function parseAuthHeader(h) {
	const out = {};
	if (!h || !/^OAuth /i.test(h)) return out;
	for (const m of h.slice(6).matchAll(/([a-zA-Z0-9_]+)="([^"]*)"/g))
		out[decodeURIComponent(m[1])] = decodeURIComponent(m[2]);
	return out;
}

/** RFC 5849 signature over: oauth header params + query + form body (+ extra params). */
function checkSignature({
	method,
	url,
	authParams,
	formParams = {},
	extra = {},
	consumerSecret,
	tokenSecret = '',
}) {
	const u = new URL(url);
	const params = [];
	for (const [k, v] of Object.entries(authParams))
		if (k !== 'oauth_signature' && k !== 'realm') params.push([k, v]);
	for (const [k, v] of u.searchParams) params.push([k, v]);
	for (const [k, v] of Object.entries(formParams)) params.push([k, v]);
	for (const [k, v] of Object.entries(extra)) params.push([k, v]);
	const norm = params
		.map(([k, v]) => [enc(k), enc(v)])
		.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
		.map(([k, v]) => `${k}=${v}`)
		.join('&');
	const base = `${method.toUpperCase()}&${enc(`${u.origin}${u.pathname}`)}&${enc(norm)}`;
	const algo = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256', 'HMAC-SHA512': 'sha512' }[
		authParams.oauth_signature_method
	];
	const sig = crypto
		.createHmac(algo, `${enc(consumerSecret)}&${enc(tokenSecret)}`)
		.update(base)
		.digest('base64');
	return sig === authParams.oauth_signature;
}

async function startProvider() {
	const calls = [];
	const state = { callback: undefined };
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (d) => (raw += d));
		req.on('end', () => {
			const url = `http://${req.headers.host}${req.url}`;
			const u = new URL(url);
			const call = {
				method: req.method,
				path: u.pathname,
				query: Object.fromEntries(u.searchParams),
				headers: req.headers,
				body: raw,
			};
			calls.push(call);
			const ct = req.headers['content-type'] || '';
			let form = {};
			let json;
			if (ct.includes('application/x-www-form-urlencoded'))
				form = Object.fromEntries(new URLSearchParams(raw));
			if (ct.includes('application/json') && raw) json = JSON.parse(raw);
			const auth = parseAuthHeader(req.headers.authorization);
			call.auth = auth;
			const send = (status, body, type = 'application/x-www-form-urlencoded') => {
				res.writeHead(status, { 'content-type': type });
				res.end(body);
			};
			if (u.pathname === '/oauth/request_token') {
				const cb =
					auth.oauth_callback ||
					form.oauth_callback ||
					(json && json.oauth_callback) ||
					u.searchParams.get('oauth_callback');
				state.callback = cb;
				call.callbackTransmitted =
					[
						auth.oauth_callback && 'Authorization header',
						form.oauth_callback && 'form body',
						json && json.oauth_callback && 'JSON body',
						u.searchParams.get('oauth_callback') && 'query',
					]
						.filter(Boolean)
						.join(' + ') || 'NOT SENT';
				// RFC 5849 3.4.1.3: header oauth_* + query + form body (a JSON body is not part of it)
				call.sigRfc = checkSignature({
					method: req.method,
					url,
					authParams: auth,
					formParams: form,
					consumerSecret: CONSUMER.secret,
				});
				return send(
					200,
					`oauth_token=${REQUEST_TOKEN.key}&oauth_token_secret=${REQUEST_TOKEN.secret}&oauth_callback_confirmed=true`,
				);
			}
			if (u.pathname === '/oauth/authorize') {
				const cb = state.callback;
				if (!cb) return send(400, 'no callback known', 'text/plain');
				const to = new URL(cb);
				to.searchParams.set('oauth_token', u.searchParams.get('oauth_token'));
				to.searchParams.set('oauth_verifier', VERIFIER);
				res.writeHead(302, { location: to.toString() });
				return res.end();
			}
			if (u.pathname === '/oauth/access_token') {
				if (auth.oauth_signature) {
					// counting every param from header AND body (strict RFC reading)
					call.sigRfc = checkSignature({
						method: req.method,
						url,
						authParams: auth,
						formParams: form,
						consumerSecret: CONSUMER.secret,
						tokenSecret: REQUEST_TOKEN.secret,
					});
					// body params that repeat a header oauth_* param counted once
					const dedup = Object.fromEntries(Object.entries(form).filter(([k, v]) => auth[k] !== v));
					call.sigDedup = checkSignature({
						method: req.method,
						url,
						authParams: auth,
						formParams: dedup,
						consumerSecret: CONSUMER.secret,
						tokenSecret: REQUEST_TOKEN.secret,
					});
				} else call.sigRfc = 'unsigned';
				call.form = form;
				return send(
					200,
					`oauth_token=${ACCESS_TOKEN.key}&oauth_token_secret=${ACCESS_TOKEN.secret}`,
				);
			}
			send(404, 'not found', 'text/plain');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const base = `http://127.0.0.1:${server.address().port}`;
	return { base, calls, state, close: () => new Promise((r) => server.close(r)) };
}

function describe(call) {
	const auth = Object.keys(call.auth || {}).length
		? `Authorization: OAuth ${Object.keys(call.auth).sort().join(',')}`
		: 'no Authorization header';
	const lines = [
		`${call.method} ${call.path}${Object.keys(call.query).length ? '?' + new URLSearchParams(call.query) : ''}`,
		`      content-type: ${call.headers['content-type'] || '(none)'}; body: ${call.body ? JSON.stringify(call.body.slice(0, 300)) : '(empty)'}`,
		`      ${auth}`,
	];
	if (call.callbackTransmitted)
		lines.push(`      oauth_callback transmitted in: ${call.callbackTransmitted}`);
	if (call.sigRfc !== undefined)
		lines.push(`      signature verifies over header+query+form params: ${call.sigRfc}`);
	if (call.sigDedup !== undefined)
		lines.push(
			`      signature verifies with form params already in the header counted once: ${call.sigDedup}`,
		);
	return lines.join('\n');
}

async function check(name, fn) {
	try {
		await fn();
		console.log(`  ok   ${name}`);
		passed++;
	} catch (e) {
		console.log(`  FAIL ${name}\n${String(e.stack || e).replace(/^/gm, '       ')}`);
		failed++;
	}
}

async function run(version) {
	console.log(`# n8n ${version}`);
	const provider = await startProvider();
	const n8n = await N8nInstance.create({ version });
	try {
		const [cred] = await n8n.importCredentials([
			{
				name: 'e2e oauth1',
				type: 'oAuth1Api',
				data: {
					consumerKey: CONSUMER.key,
					consumerSecret: CONSUMER.secret,
					requestTokenUrl: `${provider.base}/oauth/request_token`,
					authUrl: `${provider.base}/oauth/authorize`,
					accessTokenUrl: `${provider.base}/oauth/access_token`,
					signatureMethod: 'HMAC-SHA1',
				},
			},
		]);
		await n8n.start();
		await n8n.login();
		let authUri;
		await check(
			'GET /rest/oauth1-credential/auth?id= answers <authUrl>?oauth_token=<request token>',
			async () => {
				authUri = await n8n.oauth1AuthUri(cred.id);
				const u = new URL(authUri);
				assert.strictEqual(`${u.origin}${u.pathname}`, `${provider.base}/oauth/authorize`);
				assert.strictEqual(u.searchParams.get('oauth_token'), REQUEST_TOKEN.key);
				console.log(`       authUri: ${authUri}`);
			},
		);
		let callbackUrl;
		await check(
			'provider authorize redirects to the oauth_callback n8n sent (n8n callback URL with state)',
			async () => {
				const r = await fetch(authUri, { redirect: 'manual' });
				assert.strictEqual(r.status, 302, await r.text());
				callbackUrl = r.headers.get('location');
				console.log(`       oauth_callback: ${provider.state.callback}`);
				assert.match(callbackUrl, /\/rest\/oauth1-credential\/callback\?state=/);
			},
		);
		await check('GET /rest/oauth1-credential/callback -> access token stored', async () => {
			const r = await n8n.oauth1Callback(callbackUrl, {});
			assert.ok(r.ok, `callback failed: ${r.status} ${r.error}`);
			const creds = await n8n.exportCredentials({ decrypted: true });
			const c = creds.find((x) => x.id === cred.id);
			assert.deepStrictEqual(c.data.oauthTokenData, {
				oauth_token: ACCESS_TOKEN.key,
				oauth_token_secret: ACCESS_TOKEN.secret,
			});
		});
		console.log('  provider received:');
		for (const c of provider.calls) console.log('    ' + describe(c));
		if (process.env.STORE_PLATFORM_E2E_VERBOSE)
			console.log(JSON.stringify(provider.calls, null, 2));
	} finally {
		await n8n.stop();
		await provider.close();
		if (!failed) n8n.cleanup();
		else console.log(`  (n8n log: ${n8n.logFile})`);
	}
}

(async () => {
	for (const v of versions) await run(v);
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(failed ? 1 : 0);
})().catch((e) => {
	console.error(e);
	process.exit(1);
});

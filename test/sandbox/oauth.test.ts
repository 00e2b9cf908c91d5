/**
 * The sandbox's OAuth 1.0 verification of every request, and the three-step token flow.
 */
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { call, useSandbox, hmacSha1 } from './client';

const sandbox = useSandbox();

describe('OAuth 1.0 verification', () => {
	test('unsigned request → 401', async () => {
		const res = await call(sandbox(), 'GET', '/services/promotions', { sign: false });
		expect(res.status).toBe(401);
		expect(res.json).toEqual({
			error: 'unauthorized',
			error_msg: expect.stringContaining('OAuth'),
		});
		expect(sandbox().requests[0]).toMatchObject({ authorized: false, status: 401 });
	});

	test('wrong token secret, unknown token, wrong consumer secret → 401', async () => {
		const bad = [
			{ token: { key: sandbox().credentials.accessToken, secret: 'wrong' } },
			{ token: { key: 'nope', secret: sandbox().credentials.accessTokenSecret } },
			{ consumer: { key: sandbox().credentials.consumerKey, secret: 'wrong' } },
			{ consumer: { key: 'other-app', secret: sandbox().credentials.consumerSecret } },
		];
		for (const opts of bad) {
			const res = await call(sandbox(), 'GET', '/services/promotions', opts);
			expect(res.status).toBe(401);
			expect(res.json.error).toBe('unauthorized');
		}
	});

	test('a query that differs from the signed one → 401 with the base string', async () => {
		const signer = new OAuth({
			consumer: {
				key: sandbox().credentials.consumerKey,
				secret: sandbox().credentials.consumerSecret,
			},
			signature_method: 'HMAC-SHA1',
			hash_function: hmacSha1,
		});
		const url = `${sandbox().url}/services/promotions`;
		const auth = signer.authorize(
			{ url, method: 'GET', data: { limit: '5' } },
			{ key: sandbox().credentials.accessToken, secret: sandbox().credentials.accessTokenSecret },
		);
		const res = await fetch(`${url}?limit=6`, {
			headers: { Authorization: signer.toHeader(auth).Authorization },
		});
		expect(res.status).toBe(401);
		expect(((await res.json()) as { base_string: string }).base_string).toContain('limit%3D6');
	});

	test('reserved characters, unicode and asset[key] in the query verify', async () => {
		const odd = await call(sandbox(), 'GET', '/services/collections', {
			query: { title: "Gift ideas & more/ü€ +=?!*'()", url: 'a%20b' },
		});
		expect(odd.status).toBe(200);
		expect(odd.json).toEqual({ collections: [] });
		expect(sandbox().requests[0].query).toEqual({
			title: "Gift ideas & more/ü€ +=?!*'()",
			url: 'a%20b',
		});
		sandbox().store.assetsOf('1').insert({
			key: 'snippets/ä ö&=.tpl',
			public_url: null,
			content_type: 'text/html',
			size: 1,
			content: 'x',
		});
		const asset = await call(sandbox(), 'GET', '/services/themes/1/assets', {
			query: { 'asset[key]': 'snippets/ä ö&=.tpl' },
		});
		expect(asset.status).toBe(200);
		expect(asset.json.asset.key).toBe('snippets/ä ö&=.tpl');
		expect(sandbox().requests[1].rawQuery).toContain('asset%5Bkey%5D=');
	});

	test('oauth_* parameters in the query string instead of the header verify', async () => {
		const res = await call(sandbox(), 'GET', '/services/pages', {
			query: { visibility: 1 },
			queryAuth: true,
		});
		expect(res.status).toBe(200);
		expect(res.json.pages.length).toBe(3);
	});

	test('HMAC-SHA256 (offered by n8n) with a realm in the header verifies', async () => {
		const signer = new OAuth({
			consumer: {
				key: sandbox().credentials.consumerKey,
				secret: sandbox().credentials.consumerSecret,
			},
			signature_method: 'HMAC-SHA256',
			realm: 'Store',
			hash_function: (b, k) => createHmac('sha256', k).update(b).digest('base64'),
		});
		const url = `${sandbox().url}/services/blogs`;
		const auth = signer.authorize(
			{ url, method: 'GET', data: { order: 'DESC' } },
			{ key: sandbox().credentials.accessToken, secret: sandbox().credentials.accessTokenSecret },
		);
		const header = signer.toHeader(auth).Authorization;
		expect(header).toMatch(/^OAuth realm="Store", /);
		const res = await fetch(`${url}?order=DESC`, { headers: { Authorization: header } });
		expect(res.status).toBe(200);
	});

	test('form-encoded body parameters take part in the signature', async () => {
		// the route wants a JSON wrapper (400), but the signature over the form parameters is accepted (not 401)
		const res = await call(sandbox(), 'POST', '/services/blogs', { form: { title: 'Form blog' } });
		expect(res.status).toBe(400);
		expect(sandbox().requests[0]).toMatchObject({ authorized: true, body: { title: 'Form blog' } });
	});
});

// ---- lists ---------------------------------------------------------------------------------------

describe('three-step token flow', () => {
	test('spec parameters: request_token → authorize (Approve) → access_token → signed API call', async () => {
		const c = sandbox().credentials;
		const step1 = await call(sandbox(), 'POST', '/services/oauth/request_token', {
			sign: false,
			form: { oauth_consumer_key: c.consumerKey, oauth_consumer_secret: c.consumerSecret },
		});
		expect(step1.status).toBe(200);
		const rt = new URLSearchParams(step1.text);
		expect(rt.get('oauth_callback_confirmed')).toBe('true');

		const callback = 'https://app.example.com/oauth/callback?shop=1';
		const authorizeUrl = `${sandbox().url}/services/oauth/authorize?oauth_token=${rt.get('oauth_token')}&oauth_callback=${encodeURIComponent(callback)}`;
		const pageHtml = await (await fetch(authorizeUrl)).text();
		expect(pageHtml).toContain('Approve');
		const form = new URLSearchParams(
			[...pageHtml.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m): [string, string] => [
				m[1],
				m[2].replace(/&amp;/g, '&'),
			]),
		);
		form.set('decision', 'approve');
		const approved = await fetch(`${sandbox().url}/services/oauth/authorize`, {
			method: 'POST',
			body: form.toString(),
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			redirect: 'manual',
		});
		expect(approved.status).toBe(302);
		const back = new URL(approved.headers.get('location')!);
		expect(`${back.origin}${back.pathname}`).toBe('https://app.example.com/oauth/callback');
		expect(back.searchParams.get('shop')).toBe('1');
		expect(back.searchParams.get('oauth_token')).toBe(rt.get('oauth_token'));
		expect(back.searchParams.get('oauth_verifier')).toBeTruthy();

		const step3 = await call(sandbox(), 'POST', '/services/oauth/access_token', {
			sign: false,
			form: {
				oauth_consumer_key: c.consumerKey,
				oauth_consumer_secret: c.consumerSecret,
				oauth_token: rt.get('oauth_token')!,
				oauth_token_secret: rt.get('oauth_token_secret')!,
			},
		});
		expect(step3.status).toBe(200);
		const at = new URLSearchParams(step3.text);
		const token = { key: at.get('oauth_token')!, secret: at.get('oauth_token_secret')! };
		expect(token.key).not.toBe(c.accessToken);
		expect((await call(sandbox(), 'GET', '/services/users', { token })).status).toBe(200);
		expect(
			(await call(sandbox(), 'GET', '/services/users', { token: { ...token, secret: 'x' } }))
				.status,
		).toBe(401);
		// a request token is used once
		expect(
			(
				await call(sandbox(), 'POST', '/services/oauth/access_token', {
					sign: false,
					form: {
						oauth_token: rt.get('oauth_token')!,
						oauth_verifier: back.searchParams.get('oauth_verifier')!,
					},
				})
			).status,
		).toBe(401);
	});

	test("n8n's Connect flow: signed request_token with oauth_callback, callback remembered, unsigned verifier exchange", async () => {
		const c = sandbox().credentials;
		const callback = 'http://localhost:5678/rest/oauth1-credential/callback?state=abc';
		// as n8n does it: oauth_callback is signed as a parameter and posted as a JSON body by axios
		const signer = new OAuth({
			consumer: { key: c.consumerKey, secret: c.consumerSecret },
			signature_method: 'HMAC-SHA1',
			hash_function: hmacSha1,
		});
		const url = `${sandbox().url}/services/oauth/request_token`;
		const auth = signer.authorize({ url, method: 'POST', data: { oauth_callback: callback } });
		const step1 = await fetch(url, {
			method: 'POST',
			headers: { ...signer.toHeader(auth), 'content-type': 'application/json' },
			body: JSON.stringify({ oauth_callback: callback }),
		});
		expect(step1.status).toBe(200);
		const rt = new URLSearchParams(await step1.text());

		const pageHtml = await (
			await fetch(`${sandbox().url}/services/oauth/authorize?oauth_token=${rt.get('oauth_token')}`)
		).text();
		expect(pageHtml).toContain('Approve');
		const approved = await fetch(`${sandbox().url}/services/oauth/authorize`, {
			method: 'POST',
			body: `oauth_token=${rt.get('oauth_token')}&decision=approve`,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			redirect: 'manual',
		});
		const back = new URL(approved.headers.get('location')!);
		expect(back.searchParams.get('state')).toBe('abc');
		expect(back.pathname).toBe('/rest/oauth1-credential/callback');

		const step3 = await fetch(
			`${sandbox().url}/services/oauth/access_token?oauth_token=${back.searchParams.get('oauth_token')}&oauth_verifier=${back.searchParams.get('oauth_verifier')}`,
			{ method: 'POST' },
		);
		expect(step3.status).toBe(200);
		const at = new URLSearchParams(await step3.text());
		const res = await call(sandbox(), 'GET', '/services/promotions', {
			token: { key: at.get('oauth_token')!, secret: at.get('oauth_token_secret')! },
			query: { limit: 1 },
		});
		expect(res.json.promotions).toHaveLength(1);
	});

	test('bad flow requests → 401', async () => {
		expect(
			(
				await call(sandbox(), 'POST', '/services/oauth/request_token', {
					sign: false,
					form: {
						oauth_consumer_key: sandbox().credentials.consumerKey,
						oauth_consumer_secret: 'no',
					},
				})
			).status,
		).toBe(401);
		const rt = new URLSearchParams(
			(await call(sandbox(), 'POST', '/services/oauth/request_token', { token: null })).text,
		);
		expect(rt.get('oauth_token')).toBeTruthy();
		// not approved yet
		expect(
			(
				await call(sandbox(), 'POST', '/services/oauth/access_token', {
					sign: false,
					form: { oauth_token: rt.get('oauth_token')!, oauth_verifier: 'x' },
				})
			).status,
		).toBe(401);
	});
});

/**
 * OAuth 1.0: verification of every API request (RFC 5849, HMAC-SHA1 checked with the `oauth-1.0a` package) and the
 * three-step token flow (request_token → authorize page → access_token).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { App } from './app';
import { HttpError, unauthorized } from './errors';
import type { Ctx, Router } from './router';
import {
	addParam,
	escapeHtml,
	first,
	formReply,
	html,
	page,
	redirect,
	type Query,
	type Reply,
} from './wire';

const ALGORITHMS: Record<string, string> = {
	'HMAC-SHA1': 'sha1',
	'HMAC-SHA256': 'sha256',
	'HMAC-SHA512': 'sha512',
};

const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** `Authorization: OAuth k="v", ...` → decoded parameters (realm dropped). Throws 401 when malformed. */
export function parseAuthorization(header: string | undefined): Record<string, string> {
	const out: Record<string, string> = {};
	if (!header) return out;
	const m = /^\s*OAuth\s+([\s\S]*)$/i.exec(header);
	if (!m) return out;
	for (const part of m[1].split(',')) {
		const t = part.trim();
		if (!t) continue;
		const eq = t.indexOf('=');
		if (eq < 0) throw unauthorized(`malformed Authorization header parameter "${t}"`);
		let v = t.slice(eq + 1).trim();
		if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
		try {
			const k = decodeURIComponent(t.slice(0, eq).trim());
			if (k !== 'realm') out[k] = decodeURIComponent(v);
		} catch {
			throw unauthorized(`malformed percent-encoding in Authorization header parameter "${t}"`);
		}
	}
	return out;
}

/** What takes part in a signature: the header's oauth_* and the request parameters (query + form [+ JSON]). */
interface Collected {
	header: Record<string, string>;
	params: Query;
	json: Query;
	get(name: string): string | undefined;
}

function collect(ctx: Ctx): Collected {
	const header = parseAuthorization(first(ctx.headers as Query, 'authorization'));
	const params: Query = {};
	for (const src of [ctx.query, ctx.form ?? {}]) {
		for (const [k, v] of Object.entries(src))
			for (const x of Array.isArray(v) ? v : [v]) addParam(params, k, x);
	}
	// n8n's Connect flow signs oauth_callback as a parameter but axios sends it as a JSON body
	const json: Query = {};
	if (
		ctx.bodyKind === 'json' &&
		ctx.body &&
		typeof ctx.body === 'object' &&
		!Array.isArray(ctx.body)
	) {
		for (const [k, v] of Object.entries(ctx.body as Record<string, unknown>)) {
			if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
				json[k] = String(v);
		}
	}
	return { header, params, json, get: (n) => header[n] ?? first(params, n) ?? first(json, n) };
}

function candidateUrls(ctx: Ctx): string[] {
	const proto = String(first(ctx.headers as Query, 'x-forwarded-proto') ?? 'http')
		.split(',')[0]
		.trim()
		.toLowerCase();
	const host = String(ctx.headers.host ?? '').toLowerCase();
	const hosts = new Set([host]);
	const defaultPort = proto === 'https' ? ':443' : ':80';
	if (host.endsWith(defaultPort)) hosts.add(host.slice(0, -defaultPort.length));
	return [...hosts].map((h) => `${proto}://${h}${ctx.rawPath}`);
}

function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks oauth_signature with oauth-1.0a; returns null when it matches, else the base string that was expected. */
function checkSignature(
	ctx: Ctx,
	c: Collected,
	consumer: { key: string; secret: string },
	tokenSecret: string | undefined,
	withJson: boolean,
): string | null {
	const method = c.get('oauth_signature_method') ?? '';
	const algo = ALGORITHMS[method];
	if (!algo)
		throw unauthorized(
			`unsupported oauth_signature_method "${method}"; use HMAC-SHA1 (HMAC-SHA256 and HMAC-SHA512 also accepted)`,
		);
	const signature = c.get('oauth_signature') ?? '';
	const signer = new OAuth({
		consumer,
		signature_method: method,
		hash_function: (b, k) => createHmac(algo, k).update(b).digest('base64'),
	});
	let baseString = '';
	for (const url of candidateUrls(ctx)) {
		const data: Query = {};
		for (const src of withJson ? [c.params, c.json] : [c.params]) {
			for (const [k, v] of Object.entries(src))
				if (k !== 'oauth_signature') data[k] = Array.isArray(v) ? [...v] : v;
		}
		const oauthData: Record<string, string> = {};
		for (const [k, v] of Object.entries(c.header)) if (k !== 'oauth_signature') oauthData[k] = v;
		const request = { url, method: ctx.method, data };
		const expected = signer.getSignature(request, tokenSecret, oauthData as unknown as OAuth.Data);
		if (safeEqual(expected, signature)) return null;
		if (!baseString)
			baseString = signer.getBaseString({ url, method: ctx.method, data: { ...data } }, {
				...oauthData,
			} as unknown as OAuth.Data);
	}
	return baseString;
}

class SignatureError extends HttpError {
	constructor(
		message: string,
		readonly baseString: string,
	) {
		super(401, 'unauthorized', message);
	}

	override body() {
		return { ...super.body(), base_string: this.baseString };
	}
}

/** Verifies an API request; throws 401 with a clear message otherwise. */
export function authenticate(ctx: Ctx): void {
	const app = ctx.app;
	const c = collect(ctx);
	if (!c.get('oauth_consumer_key') && !c.get('oauth_signature')) {
		throw unauthorized(
			'missing OAuth 1.0 credentials: sign the request (Authorization: OAuth ...) with the consumer key and access token',
		);
	}
	if (c.get('oauth_consumer_key') !== app.credentials.consumerKey)
		throw unauthorized(`unknown oauth_consumer_key "${c.get('oauth_consumer_key') ?? ''}"`);
	const version = c.get('oauth_version');
	if (version !== undefined && version !== '1.0')
		throw unauthorized(`oauth_version must be 1.0, got "${version}"`);
	const tok = c.get('oauth_token');
	if (!tok) throw unauthorized('missing oauth_token (the access token)');
	const secret = app.oauth.accessTokens.get(tok);
	if (secret === undefined) throw unauthorized(`unknown or revoked access token "${tok}"`);
	if (!c.get('oauth_signature')) throw unauthorized('missing oauth_signature');
	const consumer = { key: app.credentials.consumerKey, secret: app.credentials.consumerSecret };
	const base = checkSignature(ctx, c, consumer, secret, false);
	if (base !== null)
		throw new SignatureError(
			'invalid OAuth signature (HMAC of the base string with consumer secret & token secret does not match)',
			base,
		);
}

// ---- the token flow --------------------------------------------------------------------------

function signedBy(ctx: Ctx, c: Collected, app: App, tokenSecret: string | undefined): boolean {
	if (c.get('oauth_consumer_key') !== app.credentials.consumerKey)
		throw unauthorized(`unknown oauth_consumer_key "${c.get('oauth_consumer_key') ?? ''}"`);
	const consumer = { key: app.credentials.consumerKey, secret: app.credentials.consumerSecret };
	return (
		checkSignature(ctx, c, consumer, tokenSecret, false) === null ||
		checkSignature(ctx, c, consumer, tokenSecret, true) === null
	);
}

function requestToken(ctx: Ctx): Reply {
	const { app } = ctx;
	const c = collect(ctx);
	if (c.get('oauth_signature')) {
		if (!signedBy(ctx, c, app, undefined))
			throw unauthorized('invalid OAuth signature on request_token');
	} else if (
		c.get('oauth_consumer_key') !== undefined &&
		c.get('oauth_consumer_secret') !== undefined
	) {
		if (
			c.get('oauth_consumer_key') !== app.credentials.consumerKey ||
			c.get('oauth_consumer_secret') !== app.credentials.consumerSecret
		) {
			throw unauthorized('oauth_consumer_key / oauth_consumer_secret do not match the app');
		}
	} else {
		throw unauthorized(
			'request_token needs oauth_consumer_key and oauth_consumer_secret, or an OAuth-signed request',
		);
	}
	const t = token('rt_');
	const secret = token('rts_');
	app.oauth.requestTokens.set(t, { secret, callback: c.get('oauth_callback'), approved: false });
	return formReply(200, {
		oauth_token: t,
		oauth_token_secret: secret,
		oauth_callback_confirmed: 'true',
	});
}

function authorizePage(ctx: Ctx): Reply {
	const t = first(ctx.query, 'oauth_token') ?? '';
	const rt = ctx.app.oauth.requestTokens.get(t);
	if (!rt)
		return html(
			400,
			page(
				'Unknown request token',
				`<p>The request token ${escapeHtml(t)} is unknown or was already used.</p>`,
			),
		);
	const callback = first(ctx.query, 'oauth_callback') ?? rt.callback ?? '';
	return html(
		200,
		page(
			'Authorize app',
			`<p>An app asks for access to <b>Sandbox shop</b> (all permissions).</p>` +
				`<form method="POST" action="/services/oauth/authorize">` +
				`<input type="hidden" name="oauth_token" value="${escapeHtml(t)}">` +
				`<input type="hidden" name="oauth_callback" value="${escapeHtml(callback)}">` +
				`<button type="submit" name="decision" value="approve">Approve</button> ` +
				`<button type="submit" name="decision" value="deny">Deny</button></form>`,
		),
	);
}

function withParams(url: string, params: Record<string, string>): string {
	const u = new URL(url);
	for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
	return u.toString();
}

function authorizeDecision(ctx: Ctx): Reply {
	const form = ctx.form ?? {};
	const get = (k: string) => first(form, k) ?? first(ctx.query, k);
	const t = get('oauth_token') ?? '';
	const rt = ctx.app.oauth.requestTokens.get(t);
	if (!rt)
		return html(
			400,
			page(
				'Unknown request token',
				`<p>The request token ${escapeHtml(t)} is unknown or was already used.</p>`,
			),
		);
	const callback = get('oauth_callback') || rt.callback;
	const usable = callback && callback !== 'oob' && /^https?:\/\//i.test(callback);
	if (get('decision') === 'deny') {
		ctx.app.oauth.requestTokens.delete(t);
		return usable
			? redirect(withParams(callback, { denied: t }))
			: html(200, page('Access denied', '<p>You denied the app access.</p>'));
	}
	rt.approved = true;
	rt.verifier = token('v_');
	if (usable)
		return redirect(withParams(callback, { oauth_token: t, oauth_verifier: rt.verifier }));
	return html(
		200,
		page(
			'App authorized',
			`<p>oauth_token: <code>${escapeHtml(t)}</code></p><p>oauth_verifier: <code>${escapeHtml(rt.verifier)}</code></p>`,
		),
	);
}

function accessToken(ctx: Ctx): Reply {
	const { app } = ctx;
	const c = collect(ctx);
	const t = c.get('oauth_token') ?? '';
	const rt = app.oauth.requestTokens.get(t);
	if (!rt) throw unauthorized(`unknown or already used request token "${t}"`);
	if (!rt.approved)
		throw unauthorized(
			'the request token has not been approved by the shop owner yet (authorize step)',
		);
	const verifier = c.get('oauth_verifier');
	if (verifier !== undefined && verifier !== rt.verifier)
		throw unauthorized('oauth_verifier does not match');
	if (c.get('oauth_signature')) {
		if (!signedBy(ctx, c, app, rt.secret))
			throw unauthorized('invalid OAuth signature on access_token');
	} else if (c.get('oauth_consumer_secret') !== undefined) {
		if (
			c.get('oauth_consumer_key') !== app.credentials.consumerKey ||
			c.get('oauth_consumer_secret') !== app.credentials.consumerSecret
		) {
			throw unauthorized('oauth_consumer_key / oauth_consumer_secret do not match the app');
		}
		if (c.get('oauth_token_secret') !== rt.secret)
			throw unauthorized('oauth_token_secret does not match the request token');
	} else if (verifier === undefined) {
		throw unauthorized(
			'access_token needs oauth_token with oauth_verifier, or the consumer key/secret and token secret, or an OAuth signature',
		);
	}
	app.oauth.requestTokens.delete(t);
	const access = token('at_');
	const secret = token('ats_');
	app.oauth.accessTokens.set(access, secret);
	return formReply(200, { oauth_token: access, oauth_token_secret: secret });
}

/** The flow endpoints: open (no API signature required), they check their own credentials. */
export function registerOAuthFlow(r: Router): void {
	r.add('POST', '/services/oauth/request_token', requestToken, true);
	r.add('GET', '/services/oauth/authorize', authorizePage, true);
	r.add('POST', '/services/oauth/authorize', authorizeDecision, true);
	r.add('POST', '/services/oauth/access_token', accessToken, true);
}

/**
 * OAuth 1.0 (RFC 5849) HMAC-SHA1 request signing, on `node:crypto` only.
 *
 * Pure functions, no I/O, no runtime dependencies: this module ships inside an n8n community package.
 *
 * The credential serialises the query string (requestOptions.ts, with {@link percentEncode}; {@link serializeQuery}
 * is the same for flat queries) and hands the resulting URL to {@link buildAuthorizationHeader}, which parses the
 * very same query back with {@link parseQuery}: what is signed is byte for byte what is sent. JSON bodies are not signed (RFC 5849 3.4.1.3.1 signs only
 * `application/x-www-form-urlencoded` bodies); pass form body parameters as `extraParams`.
 */
import { createHmac, randomUUID } from 'node:crypto';

/** A query value: scalars, or an array for a repeated key. `null` and `undefined` are left out. */
export type QueryValue =
	| string
	| number
	| boolean
	| null
	| undefined
	| Array<string | number | boolean>;

/** A list of (decoded) name/value pairs; names may repeat. */
export type ParamPairs = Array<[string, string]>;

/** The protocol parameters of one signed request, `oauth_signature` included. */
export interface OAuthParams {
	oauth_consumer_key: string;
	oauth_nonce: string;
	oauth_signature: string;
	oauth_signature_method: 'HMAC-SHA1';
	oauth_timestamp: string;
	oauth_token?: string;
	oauth_version?: '1.0';
	oauth_callback?: string;
	oauth_verifier?: string;
}

export interface SignOptions {
	method: string;
	/** Absolute URL; its query string, if any, is part of the signature. */
	url: string;
	consumerKey: string;
	consumerSecret: string;
	/** Access (or temporary) token; omitted from the request when undefined or empty. */
	token?: string;
	tokenSecret?: string;
	/** Further decoded parameters to sign, e.g. those of a form-encoded body. */
	extraParams?: ParamPairs;
	/** Defaults to 32 random hex characters. */
	nonce?: string;
	/** Seconds since the epoch; defaults to now. */
	timestamp?: number | string;
	/** `Authorization` header realm; never signed (RFC 5849 3.4.1.3.1). */
	realm?: string;
	/** `oauth_callback`, for the temporary-credentials request (RFC 5849 2.1). */
	callback?: string;
	/** `oauth_verifier`, for the token request (RFC 5849 2.3). */
	verifier?: string;
	/** Leave out `oauth_version` (OPTIONAL per RFC 5849 3.1; RFC 5849's own examples omit it). Default false. */
	omitVersion?: boolean;
}

export interface SignedRequest {
	/** Protocol parameters including `oauth_signature`, ready for the header. */
	oauth: OAuthParams;
	/** The signature base string that was signed (for debugging and tests). */
	baseString: string;
	/** Base64 HMAC-SHA1 signature (same as `oauth.oauth_signature`). */
	signature: string;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 / RFC 5849 3.6 percent-encoding: unreserved characters `A-Z a-z 0-9 - . _ ~` are kept, every other
 * UTF-8 byte becomes `%XX` with uppercase hex. A space is `%20`, never `+`. A lone UTF-16 surrogate is encoded
 * as U+FFFD (`%EF%BF%BD`) instead of throwing like `encodeURIComponent`.
 */
export function percentEncode(s: string): string {
	let out = '';
	for (const ch of s) {
		if (UNRESERVED.test(ch)) {
			out += ch;
			continue;
		}
		for (const byte of Buffer.from(ch, 'utf8')) {
			out += '%' + (byte < 16 ? '0' : '') + byte.toString(16).toUpperCase();
		}
	}
	return out;
}

/** Decodes `%XX` runs as UTF-8; every other character (including `+`) is kept as is. */
function percentDecode(s: string): string {
	return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
		Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'),
	);
}

/**
 * Serialises a query in the given key order: `k=v` pairs joined with `&`, arrays as repeated keys
 * (`k=a&k=b`), `null`/`undefined` (also inside arrays) left out, names and values {@link percentEncode}d.
 * Returns the query without a leading `?`. Note that JavaScript objects list integer-like keys first.
 */
export function serializeQuery(query: Record<string, QueryValue>): string {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(query)) {
		const values = Array.isArray(value) ? value : [value];
		for (const v of values as unknown[]) {
			if (v === undefined || v === null) continue;
			parts.push(percentEncode(key) + '=' + percentEncode(String(v)));
		}
	}
	return parts.join('&');
}

/**
 * Parses a query string (with or without a leading `?`) into decoded pairs, keeping order and repeats.
 * Only `%XX` is decoded; `+` is a literal plus. (RFC 5849 3.4.1.3.1 would decode `+` as a space, as HTML forms
 * do; we never send `+` for a space — {@link serializeQuery} writes `%20` and `%2B` — and the `oauth-1.0a`
 * verifier decodes with `decodeURIComponent`, which also keeps `+`.) Empty segments (`a=1&&b=2`) are skipped;
 * a name without `=` has the value `''`.
 */
export function parseQuery(qs: string): ParamPairs {
	const pairs: ParamPairs = [];
	const text = qs.startsWith('?') ? qs.slice(1) : qs;
	for (const segment of text.split('&')) {
		if (segment === '') continue;
		const eq = segment.indexOf('=');
		const name = eq === -1 ? segment : segment.slice(0, eq);
		const value = eq === -1 ? '' : segment.slice(eq + 1);
		pairs.push([percentDecode(name), percentDecode(value)]);
	}
	return pairs;
}

/**
 * Parses an `application/x-www-form-urlencoded` body into decoded pairs: like {@link parseQuery}, but `+` means
 * a space (HTML 4.01 17.13.4, as RFC 5849 3.4.1.3.1 requires for form bodies).
 */
export function parseFormBody(body: string): ParamPairs {
	return parseQuery(body.replace(/\+/g, '%20'));
}

/** Splits an absolute URL into its base string URI (RFC 5849 3.4.1.2) and its raw query (without `?`). */
function splitUrl(url: string): { baseUri: string; query: string } {
	const withoutFragment = url.split('#', 1)[0];
	const q = withoutFragment.indexOf('?');
	const query = q === -1 ? '' : withoutFragment.slice(q + 1);
	// WHATWG URL lowercases scheme and host, drops the default port and normalises the path the way the
	// HTTP client will send it.
	const parsed = new URL(q === -1 ? withoutFragment : withoutFragment.slice(0, q));
	return { baseUri: `${parsed.protocol}//${parsed.host}${parsed.pathname}`, query };
}

/**
 * RFC 5849 3.4.1 signature base string: `METHOD&encoded base URI&encoded normalised parameters`.
 *
 * The normalised parameters are the query parameters of `url` plus `params` (protocol parameters and form
 * body parameters, decoded, without `oauth_signature` and `realm`): each name and value is percent-encoded,
 * the pairs are sorted by encoded name then encoded value, and joined as `name=value` with `&`.
 */
export function signatureBaseString(method: string, url: string, params: ParamPairs): string {
	const { baseUri, query } = splitUrl(url);
	const encoded = [...parseQuery(query), ...params].map(([n, v]) => [
		percentEncode(n),
		percentEncode(v),
	]);
	// Encoded strings are ASCII, so code-unit order is byte order, as RFC 5849 3.4.1.3.2 asks.
	encoded.sort(([an, av], [bn, bv]) =>
		an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
	);
	const normalized = encoded.map(([n, v]) => `${n}=${v}`).join('&');
	return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalized)].join('&');
}

/** RFC 5849 3.4.2: base64 HMAC-SHA1 of the base string, keyed with `encode(consumerSecret)&encode(tokenSecret)`. */
export function signHmacSha1(
	baseString: string,
	consumerSecret: string,
	tokenSecret: string,
): string {
	const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
	return createHmac('sha1', key).update(baseString, 'utf8').digest('base64');
}

/** Signs a request: returns the protocol parameters with their signature, and the base string. */
export function signRequest(opts: SignOptions): SignedRequest {
	const protocol: Array<[keyof OAuthParams, string]> = [
		['oauth_consumer_key', opts.consumerKey],
		['oauth_nonce', opts.nonce ?? randomUUID().replace(/-/g, '')],
		['oauth_signature_method', 'HMAC-SHA1'],
		['oauth_timestamp', String(opts.timestamp ?? Math.floor(Date.now() / 1000))],
	];
	if (!opts.omitVersion) protocol.push(['oauth_version', '1.0']);
	if (opts.token !== undefined && opts.token !== '') protocol.push(['oauth_token', opts.token]);
	if (opts.callback !== undefined) protocol.push(['oauth_callback', opts.callback]);
	if (opts.verifier !== undefined) protocol.push(['oauth_verifier', opts.verifier]);

	const baseString = signatureBaseString(opts.method, opts.url, [
		...protocol,
		...(opts.extraParams ?? []),
	]);
	const signature = signHmacSha1(baseString, opts.consumerSecret, opts.tokenSecret ?? '');
	const oauth = Object.fromEntries([
		...protocol,
		['oauth_signature', signature],
	]) as unknown as OAuthParams;
	return { oauth, baseString, signature };
}

/**
 * Formats protocol parameters as an `Authorization` header value (RFC 5849 3.5.1): `OAuth ` then
 * `name="value"` pairs sorted by name, percent-encoded, separated by `, `; `realm` first when given.
 */
export function toAuthorizationHeader(oauth: OAuthParams, realm?: string): string {
	const parts = Object.entries(oauth)
		.filter((entry): entry is [string, string] => typeof entry[1] === 'string')
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
	if (realm !== undefined) parts.unshift(`realm="${realm.replace(/["\\]/g, '\\$&')}"`);
	return `OAuth ${parts.join(', ')}`;
}

/**
 * The `Authorization` header for one request, e.g.
 * `OAuth oauth_consumer_key="..", oauth_nonce="..", oauth_signature="..", oauth_signature_method="HMAC-SHA1",
 * oauth_timestamp="..", oauth_token="..", oauth_version="1.0"`.
 */
export function buildAuthorizationHeader(opts: SignOptions): string {
	return toAuthorizationHeader(signRequest(opts).oauth, opts.realm);
}

/**
 * Webhook HMAC of the Store Platform, pure and on `node:crypto` only.
 *
 * Spec ("Events", verification rule): the receiver computes base64 of the HEX HMAC-SHA256 digest of the
 * URL-encoded posted parameters, keyed with the app's shared secret, and compares it with the
 * `service-hmac-sha256` header. The platform's own example is
 * `base64_encode(hash_hmac('sha256', http_build_query($_POST), $secret))`, so the canonical form is PHP's
 * `http_build_query()` with its defaults, reproduced by {@link httpBuildQuery} and pinned by vectors made with
 * real PHP (test/fixtures/php-hmac/).
 *
 * Shape modelled on n8n's `webhook-signature-verification` helper: never throws, constant-time comparison.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface HttpBuildQueryOptions {
	/**
	 * PHP's `precision` ini setting, used by `http_build_query()` for floats. Default 14 (PHP's default), so
	 * `0.1 + 0.2` renders as `0.3`; `-1` gives the shortest round-trip form (`0.30000000000000004`).
	 */
	floatPrecision?: number;
}

/** What encodeURIComponent keeps that PHP's urlencode() encodes. */
const KEPT_BY_URI = /[!'()*~]/g;

/**
 * PHP `urlencode()` (RFC 1738 flavour): `A-Za-z0-9-_.` kept, space `+`, every other UTF-8 byte `%XX`. By
 * encodeURIComponent (the same UTF-8 bytes and uppercase hex) with PHP's differences put back; a string
 * encodeURIComponent refuses (a lone surrogate) byte by byte, as Buffer encodes it.
 */
export function phpUrlencode(s: string): string {
	let encoded: string;
	try {
		encoded = encodeURIComponent(s);
	} catch {
		return phpUrlencodeBytes(s);
	}
	return encoded
		.replace(KEPT_BY_URI, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
		.replace(/%20/g, '+');
}

/** PHP `urlencode()` byte by byte over the string's UTF-8 bytes (lone surrogates as U+FFFD, as Buffer does). */
export function phpUrlencodeBytes(s: string): string {
	let out = '';
	for (const byte of Buffer.from(s, 'utf8')) {
		if (
			(byte >= 0x30 && byte <= 0x39) ||
			(byte >= 0x41 && byte <= 0x5a) ||
			(byte >= 0x61 && byte <= 0x7a) ||
			byte === 0x2d ||
			byte === 0x2e ||
			byte === 0x5f
		) {
			out += String.fromCharCode(byte);
		} else if (byte === 0x20) {
			out += '+';
		} else {
			out += '%' + (byte < 16 ? '0' : '') + byte.toString(16).toUpperCase();
		}
	}
	return out;
}

/** Exact decimal digits of a finite, non-zero double: value = 0.DIGITS × 10^decpt, no trailing zeros. */
function exactDigits(x: number): { digits: string; decpt: number } {
	const view = new DataView(new ArrayBuffer(8));
	view.setFloat64(0, Math.abs(x));
	const bits = view.getBigUint64(0);
	const biasedExp = Number(bits >> 52n);
	const fraction = bits & ((1n << 52n) - 1n);
	const mantissa = biasedExp === 0 ? fraction : fraction | (1n << 52n);
	const exp = biasedExp === 0 ? -1074 : biasedExp - 1075;
	let digits: string;
	let decpt: number;
	if (exp >= 0) {
		digits = (mantissa << BigInt(exp)).toString();
		decpt = digits.length;
	} else {
		// m × 2^exp = m × 5^-exp / 10^-exp
		digits = (mantissa * 5n ** BigInt(-exp)).toString();
		decpt = digits.length + exp;
	}
	return { digits: digits.replace(/0+$/, ''), decpt };
}

/** Rounds exact digits to `n` significant digits, half to even (as zend_dtoa mode 2 does). */
function roundDigits(
	d: { digits: string; decpt: number },
	n: number,
): { digits: string; decpt: number } {
	if (d.digits.length <= n) return d;
	let head = d.digits.slice(0, n);
	const rest = d.digits.slice(n);
	const up =
		rest[0] > '5' ||
		(rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || Number(head[n - 1]) % 2 === 1));
	let decpt = d.decpt;
	if (up) {
		const bumped = (BigInt(head) + 1n).toString();
		if (bumped.length > head.length) decpt++;
		head = bumped.slice(0, n);
	}
	return { digits: head.replace(/0+$/, ''), decpt };
}

/**
 * PHP's float to string conversion as used by `http_build_query()` (`zend_double_to_str`, i.e. `zend_gcvt`
 * with the `precision` ini): 14 significant digits by default, exponent form `1.0E+25` when the decimal
 * exponent exceeds the precision or is below -4, `-0`, `INF`, `-INF`, `NAN`.
 */
export function phpFloatToString(x: number, precision = 14): string {
	if (Number.isNaN(x)) return 'NAN';
	if (!Number.isFinite(x)) return x < 0 ? '-INF' : 'INF';
	const sign = x < 0 || Object.is(x, -0) ? '-' : '';
	if (x === 0) return sign + '0';
	let ndigit: number;
	let d: { digits: string; decpt: number };
	if (precision < 0) {
		// Shortest round-trip digits (zend_dtoa mode 0), as JavaScript's own number formatting gives them.
		const [mant, e] = Math.abs(x).toExponential().split('e');
		d = { digits: mant.replace('.', '').replace(/0+$/, ''), decpt: Number(e) + 1 };
		ndigit = 17;
	} else {
		ndigit = precision === 0 ? 1 : precision;
		d = roundDigits(exactDigits(x), ndigit);
	}
	const { digits, decpt } = d;
	if (decpt < 0 ? decpt < -3 : decpt > ndigit) {
		const e = decpt - 1;
		return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${e < 0 ? '-' : '+'}${Math.abs(e)}`;
	}
	if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
	const intPart = digits.slice(0, decpt).padEnd(decpt, '0');
	const fracPart = digits.slice(decpt);
	return sign + intPart + (fracPart ? '.' + fracPart : '');
}

/** PHP's rendering of a scalar in `http_build_query()`; `undefined` when PHP would leave the pair out. */
function phpScalar(value: unknown, options: HttpBuildQueryOptions): string | undefined {
	switch (typeof value) {
		case 'string':
			return value;
		case 'boolean':
			return value ? '1' : '0';
		case 'bigint':
			return value.toString();
		case 'number':
			// JSON.parse cannot tell PHP's int 3 from float 3.0; safe integers are taken as ints. Same text
			// either way except for integral floats >= 1e14 (PHP prints `1.0E+14`) and -0.0 (PHP prints `-0`).
			return Number.isSafeInteger(value)
				? String(value)
				: phpFloatToString(value, options.floatPrecision);
		default:
			return undefined; // null, undefined, functions, symbols: PHP skips null and resources
	}
}

function appendPairs(
	out: string[],
	container: object,
	prefix: string | undefined,
	options: HttpBuildQueryOptions,
	ancestors: Set<object>,
) {
	ancestors.add(container);
	for (const [key, value] of Object.entries(container)) {
		const encodedKey =
			prefix === undefined ? phpUrlencode(key) : `${prefix}%5B${phpUrlencode(key)}%5D`;
		if (value !== null && typeof value === 'object') {
			// PHP skips a recursive reference instead of looping.
			if (!ancestors.has(value)) appendPairs(out, value, encodedKey, options, ancestors);
			continue;
		}
		const rendered = phpScalar(value, options);
		if (rendered !== undefined) out.push(`${encodedKey}=${phpUrlencode(rendered)}`);
	}
	ancestors.delete(container);
}

/**
 * PHP `http_build_query($params)` with its defaults (PHP_QUERY_RFC1738, `&`, no numeric prefix):
 * pairs in the parameters' own order; nested arrays/objects as `a%5Bb%5D%5B0%5D=v`; `true` → `1`,
 * `false` → `0`; `null`/`undefined` and empty arrays produce nothing; integers plainly, floats as PHP prints
 * them (see {@link phpFloatToString}). Anything but an array or object gives `''` (PHP would throw).
 *
 * Caveat: a JavaScript object lists integer-like keys first (`{"b":1,"2":3}` iterates `2`, `b`), whereas PHP
 * keeps the posted order. Bodies with such keys after others only verify through the raw body.
 */
export function httpBuildQuery(params: unknown, options: HttpBuildQueryOptions = {}): string {
	if (params === null || typeof params !== 'object') return '';
	const out: string[] = [];
	appendPairs(out, params, undefined, options, new Set());
	return out.join('&');
}

/** The header value the platform sends: base64 of the lowercase HEX HMAC-SHA256 digest (88 characters). */
export function computeSignature(canonical: string | Buffer, secret: string): string {
	const hex = createHmac('sha256', secret).update(canonical).digest('hex');
	return Buffer.from(hex, 'ascii').toString('base64');
}

export interface VerifySignatureOptions {
	/** The `service-hmac-sha256` header; surrounding whitespace is ignored. */
	header: string | undefined;
	/** The app's shared secret. */
	secret: string;
	/** The body exactly as received. */
	rawBody?: Buffer | string;
	/** The parsed body (form or JSON); its `http_build_query()` form is a candidate. */
	params?: unknown;
	/** See {@link HttpBuildQueryOptions.floatPrecision}; default 14 (PHP's default). */
	floatPrecision?: number;
}

export interface VerifySignatureResult {
	valid: boolean;
	matched?: 'rawBody' | 'params';
	reason?: 'missing-header' | 'mismatch' | 'missing-secret';
}

/**
 * Constant-time comparison of the received header with one expected signature. Always runs
 * `timingSafeEqual` over the expected length, so neither content nor a length mismatch returns early.
 */
function safeEqual(received: Buffer, expected: Buffer): boolean {
	const sameLength = received.length === expected.length;
	const comparable = sameLength ? received : Buffer.alloc(expected.length);
	return timingSafeEqual(comparable, expected) && sameLength;
}

/**
 * Verifies a delivery's `service-hmac-sha256` header. Accepted when it equals {@link computeSignature} of
 * either the raw body bytes or the {@link httpBuildQuery} form of the parsed parameters (both are bound to
 * the body and keyed with the secret). Only the spec's form is accepted: base64 of the HEX digest. Neither
 * the plain hex digest nor base64 of the raw binary digest is, since the spec names one format and every
 * accepted variant is one more way in. Every candidate is compared in constant time, all of them always.
 * Never throws.
 */
export function verifySignature(opts: VerifySignatureOptions): VerifySignatureResult {
	try {
		if (!opts.secret) return { valid: false, reason: 'missing-secret' };
		const header = typeof opts.header === 'string' ? opts.header.trim() : '';
		if (header === '') return { valid: false, reason: 'missing-header' };

		const candidates: Array<['rawBody' | 'params', string | Buffer]> = [];
		if (opts.rawBody !== undefined) candidates.push(['rawBody', opts.rawBody]);
		if (opts.params !== undefined)
			candidates.push([
				'params',
				httpBuildQuery(opts.params, { floatPrecision: opts.floatPrecision }),
			]);

		const received = Buffer.from(header, 'utf8');
		let matched: 'rawBody' | 'params' | undefined;
		for (const [name, canonical] of candidates) {
			const expected = Buffer.from(computeSignature(canonical, opts.secret), 'utf8');
			if (safeEqual(received, expected) && matched === undefined) matched = name;
		}
		return matched ? { valid: true, matched } : { valid: false, reason: 'mismatch' };
	} catch {
		return { valid: false, reason: 'mismatch' };
	}
}

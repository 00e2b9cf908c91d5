/**
 * PHP's `http_build_query($data)` (default PHP_QUERY_RFC1738), the canonical form the webhook HMAC is computed over.
 *
 * - Strings are encoded byte-wise like PHP `urlencode()`: ASCII letters, digits and `-` `_` `.` stay, a space becomes
 *   `+`, every other byte becomes `%XX` (uppercase). Note that PHP encodes `*` and `~` too.
 * - Nested arrays/objects become `a%5Bb%5D%5B0%5D=v` (brackets encoded, keys encoded).
 * - true → `1`, false → `0`, null/undefined left out, empty arrays/objects produce nothing.
 * - Integers print as decimals; other numbers like PHP's `%.14G` (precision 14).
 */

export function phpUrlencode(s: string): string {
	const bytes = Buffer.from(s, 'utf8');
	let out = '';
	for (const b of bytes) {
		if (
			(b >= 0x30 && b <= 0x39) ||
			(b >= 0x41 && b <= 0x5a) ||
			(b >= 0x61 && b <= 0x7a) ||
			b === 0x2d ||
			b === 0x2e ||
			b === 0x5f
		) {
			out += String.fromCharCode(b);
		} else if (b === 0x20) {
			out += '+';
		} else {
			out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
		}
	}
	return out;
}

/** PHP's string form of a float with precision 14 (`%.14G`). */
export function phpNumber(n: number): string {
	if (Number.isSafeInteger(n)) return String(n);
	if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NAN' : n > 0 ? 'INF' : '-INF';
	const [mantissa, exp] = n.toExponential(13).split('e');
	const e = Number(exp);
	const trim = (m: string) => (m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m);
	if (e < -4 || e >= 14) {
		let m = trim(mantissa);
		if (!m.includes('.')) m += '.0';
		return `${m}E${e < 0 ? '-' : '+'}${Math.abs(e)}`;
	}
	return trim(n.toFixed(13 - e));
}

function scalar(v: unknown): string | null {
	if (v === null || v === undefined) return null;
	if (typeof v === 'boolean') return v ? '1' : '0';
	if (typeof v === 'number') return phpUrlencode(phpNumber(v));
	if (typeof v === 'bigint') return v.toString();
	if (typeof v === 'string') return phpUrlencode(v);
	return null;
}

function build(parts: string[], key: string, v: unknown): void {
	if (v !== null && typeof v === 'object') {
		for (const [k, child] of Object.entries(v as Record<string, unknown>))
			build(parts, `${key}%5B${phpUrlencode(k)}%5D`, child);
		return;
	}
	const s = scalar(v);
	if (s !== null) parts.push(`${key}=${s}`);
}

export function httpBuildQuery(data: Record<string, unknown> | unknown[]): string {
	const parts: string[] = [];
	for (const [k, v] of Object.entries(data)) build(parts, phpUrlencode(k), v);
	return parts.join('&');
}

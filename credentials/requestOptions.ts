import { parseFormBody, percentEncode, type ParamPairs } from './oauth1';

/**
 * What the pasted-token credential signs, read from the request options n8n hands to `authenticate()`: the
 * current shape (`url`, `baseURL`, `qs`, `body`, `arrayFormat`) used by our node and by `httpRequestWithAuthentication`,
 * and the legacy shape (`uri`, `qs`, `form`, `qsStringifyOptions`, `useQuerystring`) that n8n's HTTP Request node
 * passes when it uses this credential as a predefined credential type. Pure.
 *
 * The query and a form body are serialised here, so what is signed is byte for byte what is sent: the signed
 * options carry the full URL (no `qs`, no `baseURL`) and a form body as a string.
 */

export type ArrayFormat = 'repeat' | 'brackets' | 'indices' | 'comma';

/** The parts of n8n's request options (both shapes) that signing reads or rewrites. */
export interface SignableOptions {
	url?: string;
	uri?: string | URL;
	baseURL?: string;
	method?: string;
	qs?: object;
	body?: unknown;
	form?: unknown;
	headers?: object;
	arrayFormat?: string;
	qsStringifyOptions?: { arrayFormat?: string };
	useQuerystring?: boolean;
	[key: string]: unknown;
}

export interface SignablePlan {
	/** The absolute URL with its query, as it will be sent. */
	url: string;
	/** `application/x-www-form-urlencoded` body parameters (they are signed, RFC 5849 3.4.1.3.1). */
	formParams: ParamPairs;
	/** The options to send once the Authorization header is added. */
	options: SignableOptions;
}

const FORMATS: readonly string[] = ['repeat', 'brackets', 'indices', 'comma'];
const FORM_TYPE = 'application/x-www-form-urlencoded';

function isLegacy(options: SignableOptions): boolean {
	return options.url === undefined && options.uri !== undefined;
}

/** How arrays in the query are written: as the HTTP client would have written them without us. */
function queryArrayFormat(options: SignableOptions): ArrayFormat {
	const wanted = isLegacy(options)
		? (options.qsStringifyOptions?.arrayFormat ?? (options.useQuerystring ? 'repeat' : 'brackets'))
		: (options.arrayFormat ?? 'repeat');
	return (FORMATS.includes(wanted) ? wanted : 'repeat') as ArrayFormat;
}

/**
 * Flattens a query or form object into pairs: arrays by `format`, nested objects as `a[b]` (as PHP and the `qs`
 * library read them), `null`/`undefined` left out, dates as ISO strings.
 */
export function flattenParams(input: object, format: ArrayFormat, prefix?: string): ParamPairs {
	const pairs: ParamPairs = [];
	for (const [key, value] of Object.entries(input)) {
		const name = prefix === undefined ? key : `${prefix}[${key}]`;
		if (value === undefined || value === null) continue;
		if (Array.isArray(value)) {
			const scalars = value.filter((v) => v !== undefined && v !== null);
			if (format === 'comma') {
				pairs.push([name, scalars.map((v) => scalar(v)).join(',')]);
				continue;
			}
			scalars.forEach((v, i) => {
				const itemName =
					format === 'repeat' ? name : format === 'brackets' ? `${name}[]` : `${name}[${i}]`;
				if (typeof v === 'object' && !(v instanceof Date))
					pairs.push(...flattenParams(v as object, format, itemName));
				else pairs.push([itemName, scalar(v)]);
			});
		} else if (typeof value === 'object' && !(value instanceof Date)) {
			pairs.push(...flattenParams(value as object, format, name));
		} else {
			pairs.push([name, scalar(value)]);
		}
	}
	return pairs;
}

function scalar(value: unknown): string {
	return value instanceof Date ? value.toISOString() : String(value);
}

export function encodePairs(pairs: ParamPairs): string {
	return pairs.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&');
}

function headerName(headers: object, name: string): string | undefined {
	return Object.keys(headers).find((key) => key.toLowerCase() === name);
}

function targetUrl(options: SignableOptions): string {
	const raw = options.url ?? (options.uri === undefined ? '' : String(options.uri));
	if (options.baseURL && !/^https?:\/\//i.test(raw)) {
		return `${options.baseURL.replace(/\/+$/, '')}/${raw.replace(/^\/+/, '')}`;
	}
	return raw;
}

/** Plans the request to sign: full URL, form parameters and the rewritten options. Throws on a missing URL. */
export function planSignedRequest(options: SignableOptions): SignablePlan {
	let url = targetUrl(options);
	if (!/^https?:\/\//i.test(url)) {
		throw new Error(
			`Store Platform API credential: the request URL "${url}" is not an absolute http(s) URL`,
		);
	}
	const query = encodePairs(flattenParams(options.qs ?? {}, queryArrayFormat(options)));
	if (query) url += (url.includes('?') ? '&' : '?') + query;

	const headers: Record<string, unknown> = {
		...((options.headers as Record<string, unknown>) ?? {}),
	};
	const out: SignableOptions = { ...options, baseURL: undefined, url, qs: {}, headers };
	// the query is in the URL now; these only told the HTTP client how to write it
	for (const key of ['uri', 'form', 'qsStringifyOptions', 'useQuerystring', 'arrayFormat'])
		delete out[key];
	const form = options.form;
	let formParams: ParamPairs = [];

	const typeKey = headerName(headers, 'content-type');
	const declaredForm =
		typeKey !== undefined && String(headers[typeKey]).toLowerCase().startsWith(FORM_TYPE);
	const legacyForm = form !== undefined && form !== null && options.body === undefined;
	if (legacyForm || (declaredForm && options.body !== undefined && options.body !== null)) {
		const source = legacyForm ? form : options.body;
		let body: string;
		if (typeof source === 'string') body = source;
		else if (source instanceof URLSearchParams) body = source.toString();
		else if (Buffer.isBuffer(source)) body = source.toString('utf8');
		else
			body = encodePairs(flattenParams(source as object, isLegacy(options) ? 'indices' : 'repeat'));
		formParams = parseFormBody(body);
		out.body = body;
		if (typeKey !== undefined) delete headers[typeKey];
		headers['Content-Type'] = FORM_TYPE;
	} else if (form !== undefined) {
		out.form = form;
	}
	return { url, formParams, options: out };
}

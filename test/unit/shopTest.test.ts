/**
 * The verdicts of the credential test (credentials/shopTest.ts) on every kind of answer and failure. Through
 * n8n-core's credential-test context against the sandbox, other web servers and closed ports:
 * test/workflow/credentialTest.test.ts.
 */
import {
	credentialKind,
	isCountAnswer,
	judgeAnswer,
	judgeFailure,
	MESSAGES,
	shopBase,
	type TestAnswer,
} from '../../credentials/shopTest';

const NOT_SHOP =
	/^This address did not answer as a Store Platform shop \(.+\)\. Check the Shop Base URL/;

describe('judgeAnswer', () => {
	it.each<[string, TestAnswer]>([
		['a count', { status: 200, body: { count: 3 } }],
		['a count of zero', { status: 200, body: { count: 0 } }],
		['a count as text (numbers may arrive as strings)', { status: 200, body: { count: '12' } }],
		['a count with other keys', { status: 200, body: { count: 1, status: 'ok' } }],
	])('passes %s', (_, answer) => {
		expect(judgeAnswer(answer, 'storePlatformApi')).toEqual({ status: 'OK', message: MESSAGES.ok });
	});

	it.each<[string, TestAnswer, RegExp]>([
		[
			'an HTML page',
			{ status: 200, body: '<!DOCTYPE html><html></html>', contentType: 'text/html' },
			/answered an HTML page/,
		],
		['an HTML page without its type', { status: 200, body: '  <html><body>' }, /HTML page/],
		['plain text', { status: 200, body: 'hello', contentType: 'text/plain' }, /not JSON/],
		['an empty body', { status: 200, body: '' }, /an empty answer/],
		['no body', { status: 204, body: undefined }, /an empty answer/],
		['a JSON list', { status: 200, body: [{ count: 1 }] }, /a JSON list/],
		['an empty object', { status: 200, body: {} }, /an empty JSON object/],
		['JSON without count', { status: 200, body: { data: [] } }, /JSON without a count/],
		[
			'a count that is not a number',
			{ status: 200, body: { count: 'many' } },
			/without a count|count/,
		],
		['a negative count', { status: 200, body: { count: -1 } }, /JSON without a count/],
		['a fractional count', { status: 200, body: { count: 1.5 } }, /JSON without a count/],
		['a null count', { status: 200, body: { count: null } }, /JSON without a count/],
		['a 404', { status: 404, body: 'Not Found' }, /HTTP 404 for \/services\/webhooks\/count/],
		['a 405', { status: 405, body: {} }, /HTTP 405/],
		['a redirect left unfollowed', { status: 302, body: '' }, /HTTP 302/],
	])('refuses %s as not a shop, naming the Shop Base URL', (_, answer, detail) => {
		const result = judgeAnswer(answer, 'storePlatformApi');
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(NOT_SHOP);
		expect(result.message).toMatch(detail);
	});

	it.each([
		['storePlatformApi', /Shared Secret and Access Token Secret/, /Consumer/],
		[
			'storePlatformOAuth1Api',
			/Consumer Key and Consumer Secret.*Connect again/,
			/Access Token Secret/,
		],
	] as const)('names the fields of %s on a 401', (kind, names, notNames) => {
		const { status, message } = judgeAnswer({ status: 401, body: { error: 'x' } }, kind);
		expect(status).toBe('Error');
		expect(message).toMatch(names);
		expect(message).not.toMatch(notNames);
	});

	it.each<[string, TestAnswer, string]>([
		['a 403', { status: 403, body: {} }, MESSAGES.forbidden],
		['a 500', { status: 500, body: '' }, MESSAGES.shopError(500)],
		['a 503', { status: 503, body: '' }, MESSAGES.shopError(503)],
		[
			"the shop's in-band error",
			{ status: 200, body: { status: 'err', error: 7, error_msg: 'App not installed' } },
			MESSAGES.inBand('App not installed'),
		],
	])('explains %s', (_, answer, message) => {
		expect(judgeAnswer(answer, 'storePlatformApi')).toEqual({ status: 'Error', message });
	});
});

describe('judgeFailure', () => {
	it.each([
		['ECONNREFUSED', MESSAGES.refused('127.0.0.1:9')],
		['ENOTFOUND', MESSAGES.notFound('127.0.0.1:9')],
		['EAI_AGAIN', MESSAGES.notFound('127.0.0.1:9')],
		['ECONNABORTED', MESSAGES.timeout('127.0.0.1:9', 15)],
		['ETIMEDOUT', MESSAGES.timeout('127.0.0.1:9', 15)],
		['DEPTH_ZERO_SELF_SIGNED_CERT', MESSAGES.tls('127.0.0.1:9', 'DEPTH_ZERO_SELF_SIGNED_CERT')],
		['ERR_TLS_CERT_ALTNAME_INVALID', MESSAGES.tls('127.0.0.1:9', 'ERR_TLS_CERT_ALTNAME_INVALID')],
		['ECONNRESET', MESSAGES.unreachable('127.0.0.1:9', 'ECONNRESET')],
		['', MESSAGES.unreachable('127.0.0.1:9', 'no answer')],
	])('%s: names the Shop Base URL and what to check', (code, message) => {
		const result = judgeFailure(code, '127.0.0.1:9');
		expect(result).toEqual({ status: 'Error', message });
		expect(result.message).toMatch(/Shop Base URL/);
		expect(result.message).not.toMatch(/^E[A-Z]+$/);
	});
});

describe('the pieces', () => {
	it.each([
		['https://myshop.example.com', 'https://myshop.example.com/'],
		['https://myshop.example.com///', 'https://myshop.example.com/'],
		['  http://127.0.0.1:8080/ ', 'http://127.0.0.1:8080/'],
		['https://host/shop/', 'https://host/shop'],
		['myshop.example.com', undefined],
		['ftp://myshop.example.com', undefined],
		['', undefined],
		[undefined, undefined],
	])('reads the Shop Base URL %j', (value, href) => {
		expect(shopBase(value)?.href).toBe(href);
	});

	it('tells the credentials apart by type, else by their fields', () => {
		const c = (type: string, data = {}) => ({ id: '1', name: 'c', type, data });
		expect(credentialKind(c('storePlatformApi'))).toBe('storePlatformApi');
		expect(credentialKind(c('storePlatformOAuth1Api'))).toBe('storePlatformOAuth1Api');
		expect(credentialKind(c('', { oauthTokenData: {} }))).toBe('storePlatformOAuth1Api');
		expect(credentialKind(c('', { accessToken: 'x' }))).toBe('storePlatformApi');
	});

	it('takes a count only as a whole number', () => {
		expect(
			[{ count: 2 }, { count: ' 2 ' }, { count: 2.5 }, { count: true }, 2].map(isCountAnswer),
		).toEqual([true, true, false, false, false]);
	});
});

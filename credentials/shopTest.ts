/**
 * The credential test of both credentials: one signed `GET /services/webhooks/count`, passed only when the
 * answer is shaped like the shop's (`{"count": <number>}`). n8n's declarative credential test (`test` with
 * `rules`) cannot tell a web page from the shop's answer, nor say more than "ECONNREFUSED" when the address is
 * unreachable, so the nodes name this test in `testedBy` and run it as `methods.credentialTest`.
 *
 * {@link judgeAnswer} and {@link judgeFailure} are pure; {@link testShopCredential} sends the request with the
 * one request helper n8n gives a credential test function: `helpers.request` of n8n-core's CredentialTestContext
 * (n8n's legacy request, through n8n's HTTP stack and proxy settings; the same in n8n 1.x and 2.x). The scanner's
 * rule no-deprecated-workflow-functions steers node code from `this.helpers.request` to `httpRequest`, which a
 * credential test context does not have; the context is a parameter here.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { buildAuthorizationHeader } from './oauth1';

/** The name both nodes give in `testedBy` and under `methods.credentialTest`. */
export const SHOP_TEST_NAME = 'storePlatformShopTest';

export const TEST_PATH = '/services/webhooks/count';

/** How long the test waits for an answer. */
export const TEST_TIMEOUT_MS = 15_000;

export const CONNECT_TYPE = 'storePlatformOAuth1Api';

const EXAMPLE = 'https://myshop.example.com';

export const MESSAGES = {
	ok: 'Connection successful: the shop answered as a Store Platform shop',
	notShop: (detail: string) =>
		`This address did not answer as a Store Platform shop (${detail}). Check the Shop Base URL: it must be the shop's own address, e.g. ${EXAMPLE}, not the address of n8n or of another site.`,
	badUrl: (value: string) =>
		`The Shop Base URL "${value}" is not a web address: enter the shop's address starting with https://, e.g. ${EXAMPLE}`,
	refused: (host: string) =>
		`Nothing answered at ${host} (connection refused). Check the Shop Base URL (address and port) and that the shop is running and reachable from n8n.`,
	notFound: (host: string) =>
		`The host ${host} was not found (DNS). Check the Shop Base URL for typos, e.g. ${EXAMPLE}.`,
	timeout: (host: string, seconds: number) =>
		`No answer from ${host} within ${seconds} s. Check the Shop Base URL and that no firewall or proxy blocks n8n from reaching the shop.`,
	tls: (host: string, code: string) =>
		`The secure connection to ${host} failed (${code}). Check the Shop Base URL (https:// or http://) and the shop's certificate.`,
	unreachable: (host: string, code: string) =>
		`Could not reach ${host} (${code}). Check the Shop Base URL and that the shop is reachable from n8n.`,
	unauthorized: {
		storePlatformApi:
			"The shop refused these credentials. Check the Shared Secret and Access Token Secret, then the API Key and Access Token: keys are in the app's partner account, tokens come from installing the app. No tokens? Use the Store Platform OAuth1 API credential to connect.",
		storePlatformOAuth1Api:
			"The shop refused these credentials. Check the Consumer Key and Consumer Secret (the app's API key and Shared Secret from its partner account), then click Connect again. Have tokens to paste instead? Use the Store Platform API credential.",
	},
	notConnected:
		'Not connected yet: click Connect and approve in the shop (the Consumer Key and Consumer Secret are checked then)',
	forbidden:
		'The shop accepted the credentials but refused access: check that the app is still installed in the shop and has access to webhooks',
	shopError: (status: number) =>
		`The server at the Shop Base URL had an error (HTTP ${status}). If this is the shop, try again later; otherwise check the Shop Base URL.`,
	inBand: (said: string) => `The shop refused the request: ${said}`,
} as const;

export type CredentialKind = keyof typeof MESSAGES.unauthorized;

/** An answer to the test request (any status). */
export interface TestAnswer {
	status: number;
	body: unknown;
	contentType?: string;
}

const ok = (message: string): INodeCredentialTestResult => ({ status: 'OK', message });
const refuse = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{count: 3}` or `{count: "3"}` (the shop's numbers may arrive as strings): a whole number, nothing else. */
export function isCountAnswer(body: unknown): boolean {
	if (!isObject(body) || !('count' in body)) return false;
	const { count } = body;
	if (typeof count === 'number') return Number.isInteger(count) && count >= 0;
	return typeof count === 'string' && /^\d+$/.test(count.trim());
}

/** What a body that is not the shop's count looked like, in a few words. */
function describeBody(body: unknown, contentType = ''): string {
	if (typeof body === 'string') {
		if (/html/i.test(contentType) || /^\s*<(!doctype|html|head|body)/i.test(body))
			return 'an HTML page';
		return body.trim() === '' ? 'an empty answer' : 'an answer that is not JSON';
	}
	if (body === undefined || body === null) return 'an empty answer';
	if (Array.isArray(body)) return 'a JSON list';
	if (isObject(body))
		return Object.keys(body).length === 0 ? 'an empty JSON object' : 'JSON without a count';
	return 'an answer that is not JSON';
}

/** The shop's in-band error, `{"status":"err","error_msg":...}`, as the node reads it. */
function inBandMessage(body: unknown): string | undefined {
	if (!isObject(body) || (body.status !== 'err' && body.status !== 'error')) return undefined;
	const said = [body.error_msg, body.message, body.error].find(
		(v) => typeof v === 'string' && v !== '',
	);
	return typeof said === 'string' ? said.slice(0, 200) : 'no reason given';
}

/** The verdict on an answer of `GET /services/webhooks/count`. */
export function judgeAnswer(answer: TestAnswer, kind: CredentialKind): INodeCredentialTestResult {
	const { status, body } = answer;
	if (status === 401) return refuse(MESSAGES.unauthorized[kind]);
	if (status === 403) return refuse(MESSAGES.forbidden);
	if (status >= 500) return refuse(MESSAGES.shopError(status));
	if (status < 200 || status >= 300)
		return refuse(MESSAGES.notShop(`HTTP ${status} for ${TEST_PATH}`));
	if (isCountAnswer(body)) return ok(MESSAGES.ok);
	const said = inBandMessage(body);
	if (said !== undefined) return refuse(MESSAGES.inBand(said));
	return refuse(
		MESSAGES.notShop(`${TEST_PATH} answered ${describeBody(body, answer.contentType)}`),
	);
}

/** The verdict when no answer came: the error code of the connection (`ECONNREFUSED`, `ENOTFOUND`, ...). */
export function judgeFailure(code: string, host: string): INodeCredentialTestResult {
	if (code === 'ECONNREFUSED') return refuse(MESSAGES.refused(host));
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return refuse(MESSAGES.notFound(host));
	if (/ECONNABORTED|ETIMEDOUT|ESOCKETTIMEDOUT|timeout/i.test(code))
		return refuse(MESSAGES.timeout(host, Math.round(TEST_TIMEOUT_MS / 1000)));
	if (/CERT|SSL|TLS|SELF_SIGNED|EPROTO/i.test(code)) return refuse(MESSAGES.tls(host, code));
	return refuse(MESSAGES.unreachable(host, code || 'no answer'));
}

/** The shop's base URL, or undefined when the field does not hold an http(s) address. */
export function shopBase(value: unknown): URL | undefined {
	const text = String(value ?? '').trim();
	if (!/^https?:\/\/[^/]/i.test(text)) return undefined;
	try {
		return new URL(text.replace(/\/+$/, ''));
	} catch {
		return undefined;
	}
}

/** Which of the two credentials is tested: by its type, else by its fields. */
export function credentialKind(credential: ICredentialsDecrypted): CredentialKind {
	if (credential.type === CONNECT_TYPE) return CONNECT_TYPE;
	if (credential.type === 'storePlatformApi') return 'storePlatformApi';
	return credential.data?.oauthTokenData !== undefined ? CONNECT_TYPE : 'storePlatformApi';
}

/** The token pair that signs the test: pasted (Store Platform API) or from Connect (OAuth1). */
function tokenOf(
	data: ICredentialDataDecryptedObject,
	kind: CredentialKind,
): { token: string; tokenSecret: string } | undefined {
	if (kind === 'storePlatformApi') {
		return {
			token: String(data.accessToken ?? ''),
			tokenSecret: String(data.accessTokenSecret ?? ''),
		};
	}
	const tokens = data.oauthTokenData;
	if (!isObject(tokens) || typeof tokens.oauth_token !== 'string') return undefined;
	return { token: tokens.oauth_token, tokenSecret: String(tokens.oauth_token_secret ?? '') };
}

function errorCode(error: unknown): string {
	const e = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
	const code = e?.cause?.code ?? e?.code;
	if (typeof code === 'string' && code !== '') return code;
	const message = typeof e?.message === 'string' ? e.message : '';
	return /timeout/i.test(message) ? 'ETIMEDOUT' : message.slice(0, 80);
}

/** Sends the signed test request with n8n's credential-test helper and judges what came back. */
export async function testShopCredential(
	context: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const kind = credentialKind(credential);
	const base = shopBase(data.baseUrl);
	if (!base) return refuse(MESSAGES.badUrl(String(data.baseUrl ?? '')));
	const tokens = tokenOf(data, kind);
	if (!tokens) return refuse(MESSAGES.notConnected);
	const url = `${base.href.replace(/\/+$/, '')}${TEST_PATH}`;
	const authorization = buildAuthorizationHeader({
		method: 'GET',
		url,
		consumerKey: String(data.consumerKey ?? ''),
		consumerSecret: String(data.consumerSecret ?? ''),
		...tokens,
	});
	let response: { statusCode: number; body: unknown; headers?: IDataObject };
	try {
		response = await context.helpers.request({
			method: 'GET',
			uri: url,
			headers: { Accept: 'application/json', Authorization: authorization },
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			timeout: TEST_TIMEOUT_MS,
		});
	} catch (error) {
		return judgeFailure(errorCode(error), base.host);
	}
	const contentType = response.headers?.['content-type'];
	return judgeAnswer(
		{
			status: response.statusCode,
			body: response.body,
			contentType: typeof contentType === 'string' ? contentType : undefined,
		},
		kind,
	);
}

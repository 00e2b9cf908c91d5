/**
 * The credential test as the editor runs it (n8n's CredentialsTester path for a `testedBy` test, with n8n-core's
 * CredentialTestContext and its request helper, see test/harness/credentialTest.ts): against the sandbox shop,
 * against web servers that are not a shop, and against addresses where nothing answers. The verdicts on every
 * status and error code: test/unit/shopTest.test.ts.
 */
import { createServer } from 'node:net';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { MESSAGES } from '../../credentials/shopTest';
import { UNAUTHORIZED_HINTS } from '../../nodes/StorePlatform/api/failure';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { runNode, startTestServer, testCredential, type TestServer } from '../harness';
import { apiCredentials, credentialTypes, runStore, useSandbox } from './setup';

const nodeTypes = [new StorePlatform(), new StorePlatformTrigger()];

const run = async (type: string, data: ICredentialDataDecryptedObject) =>
	await testCredential({ nodeTypes, credentialTypes, type, data });

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise((resolve) => server.close(resolve));
	return port;
}

describe('the credential test', () => {
	const ctx = useSandbox();

	const oauth1Credentials = (): ICredentialDataDecryptedObject => {
		const c = ctx.sandbox.credentials;
		return {
			baseUrl: ctx.sandbox.url,
			consumerKey: c.consumerKey,
			consumerSecret: c.consumerSecret,
			oauthTokenData: { oauth_token: c.accessToken, oauth_token_secret: c.accessTokenSecret },
		};
	};

	describe('against the sandbox shop', () => {
		it('passes with the pasted tokens, with one signed GET of the webhook count', async () => {
			const result = await run(
				'storePlatformApi',
				apiCredentials(ctx.sandbox) as ICredentialDataDecryptedObject,
			);
			expect(result).toEqual({ status: 'OK', message: MESSAGES.ok });
			const calls = ctx.sandbox.requests.filter((r) => r.path === '/services/webhooks/count');
			expect(calls).toHaveLength(1);
			expect(calls[0].method).toBe('GET');
		});

		it('passes with the token of a Connect credential', async () => {
			expect(await run('storePlatformOAuth1Api', oauth1Credentials())).toEqual({
				status: 'OK',
				message: MESSAGES.ok,
			});
		});

		it('refuses a wrong Shared Secret, naming the fields of the pasted-token credential', async () => {
			const result = await run('storePlatformApi', {
				...apiCredentials(ctx.sandbox),
				consumerSecret: 'wrong',
			});
			expect(result).toEqual({ status: 'Error', message: MESSAGES.unauthorized.storePlatformApi });
			expect(result.message).toMatch(/Shared Secret and Access Token Secret/);
		});

		it('refuses a wrong Consumer Secret, naming the fields of the Connect credential', async () => {
			const result = await run('storePlatformOAuth1Api', {
				...oauth1Credentials(),
				consumerSecret: 'wrong',
			});
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/Consumer Key and Consumer Secret/);
			expect(result.message).not.toMatch(/Access Token Secret/);
		});

		it('asks to click Connect when the Connect credential has no token yet', async () => {
			const { oauthTokenData: _, ...notConnected } = oauth1Credentials();
			expect(await run('storePlatformOAuth1Api', notConnected)).toEqual({
				status: 'Error',
				message: MESSAGES.notConnected,
			});
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	});

	describe('against a web server that is not a shop', () => {
		let server: TestServer;
		beforeAll(async () => {
			server = await startTestServer();
		});
		afterAll(async () => await server.close());

		const notShop = async (answer: Parameters<TestServer['setHandler']>[0]) => {
			server.setHandler(answer);
			const result = await run('storePlatformApi', {
				...apiCredentials(ctx.sandbox),
				baseUrl: server.url,
			});
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/did not answer as a Store Platform shop/);
			expect(result.message).toMatch(/Check the Shop Base URL/);
			return result.message;
		};

		it("refuses an HTML page answered with 200 (as n8n's own address answers)", async () => {
			const message = await notShop(() => ({
				status: 200,
				headers: { 'content-type': 'text/html; charset=utf-8' },
				body: '<!DOCTYPE html><html><head><title>n8n.io - Workflow Automation</title></head><body></body></html>',
			}));
			expect(message).toMatch(/answered an HTML page/);
		});

		it('refuses JSON that has no count', async () => {
			expect(await notShop(() => ({ status: 200, body: { status: 'ok' } }))).toMatch(
				/JSON without a count/,
			);
		});

		it('refuses a count that is not a number', async () => {
			await notShop(() => ({ status: 200, body: { count: 'many' } }));
		});

		it('refuses a 404, with the path it asked for', async () => {
			expect(await notShop(() => ({ status: 404, body: 'Not Found' }))).toMatch(
				/HTTP 404 for \/services\/webhooks\/count/,
			);
		});
	});

	describe('against an address where nothing answers', () => {
		it('names the Shop Base URL and what to check when the connection is refused', async () => {
			const port = await closedPort();
			const result = await run('storePlatformApi', {
				...apiCredentials(ctx.sandbox),
				baseUrl: `http://127.0.0.1:${port}`,
			});
			expect(result).toEqual({ status: 'Error', message: MESSAGES.refused(`127.0.0.1:${port}`) });
			expect(result.message).toMatch(/Check the Shop Base URL \(address and port\)/);
		});

		it('names the Shop Base URL when the host does not exist', async () => {
			const result = await run('storePlatformOAuth1Api', {
				...oauth1Credentials(),
				baseUrl: 'http://no-such-shop.invalid',
			});
			expect(result).toEqual({
				status: 'Error',
				message: MESSAGES.notFound('no-such-shop.invalid'),
			});
		});

		it('refuses a Shop Base URL that is not a web address before sending anything', async () => {
			const result = await run('storePlatformApi', {
				...apiCredentials(ctx.sandbox),
				baseUrl: 'myshop.example.com',
			});
			expect(result).toEqual({ status: 'Error', message: MESSAGES.badUrl('myshop.example.com') });
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	});

	describe('a 401 when the node runs', () => {
		const count = { resource: 'vendor', operation: 'count' };

		it('names the fields of the pasted-token credential', async () => {
			const result = await runStore(ctx.sandbox, count, {
				credentials: { ...apiCredentials(ctx.sandbox), accessTokenSecret: 'wrong' },
			});
			expect(result.error?.message).toBe('The shop refused the credentials');
			const description = String((result.error as { description?: string }).description);
			expect(description).toContain(UNAUTHORIZED_HINTS.storePlatformApi);
		});

		it('names the Consumer Secret, not fields it does not have, through the Connect credential', async () => {
			const result = await runNode({
				nodeType: new StorePlatform(),
				parameters: { authentication: 'oAuth1', ...count },
				credentials: {
					storePlatformOAuth1Api: { ...oauth1Credentials(), consumerSecret: 'wrong' },
				},
				credentialTypes,
			});
			expect(result.error?.message).toBe('The shop refused the credentials');
			const description = String((result.error as { description?: string }).description);
			expect(description).toContain(UNAUTHORIZED_HINTS.storePlatformOAuth1Api);
			expect(description).not.toMatch(/Shared Secret|Access Token Secret/);
		});
	});
});

/**
 * Secrets never leak: every operation of the node and every failure of this suite (faults, bad input,
 * Return All, continue on fail, the trigger's lifecycle and deliveries), run with distinctive values of
 * the shared secret, the access token and its secret. Scanned for those three values (as is, percent-
 * and base64-encoded): the node's output items, the thrown errors (every own property, enumerable or
 * not, `cause`, `context`, `errorResponse`, and their JSON with a cycle-safe replacer), n8n's full run
 * data, the trigger's answers and static data, and everything written to stdout/stderr/console while
 * n8n logs at debug level.
 */
process.env.N8N_LOG_LEVEL = 'debug';
// JSON lines carry each log call's metadata too (the text format prints the message only)
process.env.N8N_LOG_FORMAT = 'json';

import { randomBytes } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { listSearchMethodName } from '../../nodes/StorePlatform/action/listSearch';
import { servesVersion } from '../../nodes/StorePlatform/endpoint';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callListSearch, callWebhook, callWebhookMethod, type RunResult } from '../harness';
import { webhookHmac, type Sandbox } from '../../sandbox';
import { apiCredentials, byId, credentialTypes, runStore, useSandbox } from '../workflow/setup';
import { allStrings, baseParams, closedPort, figure, occurrences, safeStringify } from './helpers';

const TAG = randomBytes(6).toString('hex');
const SECRETS = {
	consumerSecret: `SECRET-cs-${TAG}`,
	accessToken: `SECRET-at-${TAG}`,
	accessTokenSecret: `SECRET-ts-${TAG}`,
};
const VALUES = Object.values(SECRETS);

const env = useSandbox({ credentials: SECRETS });

// ---- capture of everything written while the tests run ------------------------------------------

const captured: string[] = [];
const originals = {
	stdout: process.stdout.write.bind(process.stdout),
	stderr: process.stderr.write.bind(process.stderr),
	console: {
		log: console.log,
		info: console.info,
		warn: console.warn,
		error: console.error,
		debug: console.debug,
	},
	streams: [] as Array<[{ write?: (...a: unknown[]) => boolean }, (...a: unknown[]) => boolean]>,
};

beforeAll(() => {
	const tap = (stream: 'stdout' | 'stderr') =>
		((chunk: unknown, ...rest: unknown[]) => {
			captured.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
			return (originals[stream] as (...a: unknown[]) => boolean)(chunk, ...rest);
		}) as typeof process.stdout.write;
	process.stdout.write = tap('stdout');
	process.stderr.write = tap('stderr');
	// winston's console transport writes to console._stdout when it exists; in a jest worker that is the
	// buffered console's own stream, not process.stdout
	const streams = console as unknown as Record<
		string,
		{ write?: (...a: unknown[]) => boolean } | undefined
	>;
	for (const key of ['_stdout', '_stderr']) {
		const stream = streams[key];
		if (!stream?.write || stream === process.stdout || stream === process.stderr) continue;
		const write = stream.write.bind(stream);
		originals.streams.push([stream, write]);
		stream.write = (chunk: unknown, ...rest: unknown[]) => {
			captured.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
			return write(chunk, ...rest);
		};
	}
	for (const method of Object.keys(originals.console) as Array<keyof typeof originals.console>) {
		console[method] = (...args: unknown[]) => {
			const line = args.map((a) => (typeof a === 'string' ? a : safeStringify(a))).join(' ');
			captured.push(line);
			if (line.startsWith('[reliability]')) originals.console.log(line);
		};
	}
});

afterAll(() => {
	process.stdout.write = originals.stdout as typeof process.stdout.write;
	process.stderr.write = originals.stderr as typeof process.stderr.write;
	Object.assign(console, originals.console);
	for (const [stream, write] of originals.streams) stream.write = write;
});

// ---- scanning ---------------------------------------------------------------------------------

interface Scan {
	texts: string[];
	runs: number;
}

const newScan = (): Scan => ({ texts: [], runs: 0 });

function collect(scan: Scan, ...values: unknown[]) {
	for (const value of values) {
		scan.texts.push(...allStrings(value), safeStringify(value));
		if (value instanceof Error) {
			const e = value as Error & {
				description?: unknown;
				cause?: unknown;
				context?: unknown;
				errorResponse?: unknown;
			};
			scan.texts.push(
				e.message,
				String(e.description ?? ''),
				String(e.stack ?? ''),
				safeStringify(e.cause),
				safeStringify(e.context),
				safeStringify(e.errorResponse),
			);
		}
	}
}

function collectRun(scan: Scan, result: RunResult) {
	scan.runs++;
	collect(scan, result.items, result.error, result.run);
}

function leaks(scan: Scan, logsFrom: number) {
	const logs = captured.slice(logsFrom);
	return {
		hits: occurrences([...scan.texts, ...logs], VALUES),
		texts: scan.texts.length,
		logLines: logs.length,
	};
}

const run = async (
	scan: Scan,
	params: INodeParameters,
	opts: Parameters<typeof runStore>[2] = {},
) => {
	const result = await runStore(env.sandbox, params, opts);
	collectRun(scan, result);
	return result;
};

// ---------------------------------------------------------------------------------------------

describe('no secret in outputs, errors, run data or logs', () => {
	it('the suite really uses the distinctive secrets (the sandbox checks them)', async () => {
		const scan = newScan();
		const ok = await run(scan, { resource: 'vendor', operation: 'get', vendorId: byId(1) });
		expect(ok.error).toBeUndefined();
		expect(env.sandbox.credentials).toMatchObject(SECRETS);
		expect(env.sandbox.requests.every((r) => r.authorized)).toBe(true);
		// the scanner finds a secret where there is one
		expect(
			occurrences(
				[`x ${SECRETS.accessToken} y`, encodeURIComponent(SECRETS.consumerSecret)],
				VALUES,
			),
		).toHaveLength(2);
	});

	it('every operation of the node (83) with valid parameters', async () => {
		const s = env.sandbox;
		const from = captured.length;
		const scan = newScan();
		let succeeded = 0;
		let operations = 0;
		for (const table of TABLES) {
			// each operation once, in its form for new nodes (typeVersion 3)
			for (const row of table.endpoints.filter((r) => servesVersion(r, 3))) {
				s.reset();
				s.store.webhooks.insert({
					id: 1,
					section: 'order/create',
					site_url: 'https://example.com/h',
					format: 'json',
					created_at: '2024-01-01 00:00:00',
					updated_at: '2024-01-01 00:00:00',
				});
				Object.assign(s.store.applicationCharges.get(1) ?? {}, { status: 'accepted' });
				const params = baseParams(table, row);
				if (row.resource === 'abandonedCart' && row.params)
					params.userKey = byId(String(s.store.abandonedCarts.rows[0].user_key));
				if (row.resource === 'category' && row.operation === 'create') params.additionalFields = {};
				const result = await run(scan, params);
				operations++;
				if (!result.error) succeeded++;
			}
		}
		const { hits, texts, logLines } = leaks(scan, from);
		figure(
			`secrets: ${operations} operations (${succeeded} succeeded, ${operations - succeeded} answered with an error), ${texts} strings + ${logLines} log lines scanned, ${hits.length} occurrences of the 3 secrets`,
		);
		expect(operations).toBe(83);
		// the scan of n8n's debug log is not vacuous
		expect(logLines).toBeGreaterThan(83 * 4);
		expect(succeeded).toBeGreaterThanOrEqual(75);
		expect(hits).toEqual([]);
	});

	it('every fault, bad input, Return All and continue-on-fail failure of the suite', async () => {
		const s = env.sandbox;
		const from = captured.length;
		const scan = newScan();
		const get = { resource: 'vendor', operation: 'get', vendorId: byId(1) };
		const faults: Array<Parameters<Sandbox['faults']['add']>[0]> = [
			{ type: 'status', status: 429, retryAfter: 0, times: Infinity },
			{ type: 'status', status: 503, retryAfter: 0, times: 2 },
			{ type: 'status', status: 500, body: { error: 'boom', error_msg: 'Internal failure' } },
			{ type: 'status', status: 500, body: 'plain text failure' },
			{ type: 'html', status: 502 },
			{ type: 'malformed' },
			{ type: 'statusErr', error: 'quota', message: 'Daily quota exceeded' },
			{ type: 'reset' },
		];
		for (const fault of faults) {
			s.reset();
			s.faults.add(fault);
			await run(scan, get);
		}
		s.reset();
		s.faults.add({ type: 'slow', ms: 2500 });
		await run(scan, { ...get, options: { timeout: 1 } });
		const port = await closedPort();
		await run(scan, get, {
			credentials: { ...apiCredentials(s), baseUrl: `http://127.0.0.1:${port}` },
		});
		await run(scan, get, { credentials: { ...apiCredentials(s), baseUrl: 'not a url' } });

		s.reset();
		s.seed('vendor', 60);
		s.faults.pageCap = 7;
		s.faults.add({
			type: 'status',
			status: 429,
			retryAfter: 0,
			match: /^GET \/services\/vendors$/,
		});
		await run(scan, { resource: 'vendor', operation: 'getAll', returnAll: true });
		s.faults.add({
			type: 'status',
			status: 500,
			match: /^GET \/services\/vendors$/,
			times: Infinity,
		});
		await run(scan, { resource: 'vendor', operation: 'getAll', returnAll: true });

		s.reset();
		const badInputs: INodeParameters[] = [
			{
				resource: 'promotion',
				operation: 'create',
				title: 'X',
				promotionType: 1,
				promotionValue: 1,
				promotionOnType: 1,
				products: '1',
				additionalFields: { startAt: 'next friday' },
			},
			{
				resource: 'promotion',
				operation: 'create',
				title: 'X',
				promotionType: 1,
				promotionValue: 1,
				promotionOnType: 1,
				products: '[1, 2',
			},
			{
				resource: 'page',
				operation: 'get',
				pageId: { __rl: true, mode: 'id', value: '={{ "" }}' },
			},
			{ resource: 'page', operation: 'getAll', returnAll: false, limit: 0 },
			{ resource: 'page', operation: 'get', pageId: byId('a/../1?x#y') },
			{
				resource: 'applicationCharge',
				operation: 'create',
				name: 'A',
				price: '={{ "ten" }}',
				returnUrl: 'https://a.example',
			},
			{
				resource: 'themeAsset',
				operation: 'create',
				themeId: byId(1),
				key: 'style.css',
				content: 'x',
			},
		];
		for (const params of badInputs) await run(scan, params);

		s.reset();
		const on = (id: number) => new RegExp(`^GET /services/vendors/${id}$`);
		s.faults.add({ type: 'status', status: 500, match: on(2) });
		s.faults.add({ type: 'statusErr', match: on(3) });
		s.faults.add({ type: 'reset', match: on(1) });
		await run(
			scan,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			{
				items: [1, 2, 3, 4, ''].map((id) => ({ json: { id } })),
				continueOnFail: true,
			},
		);
		await run(
			scan,
			{
				resource: 'vendor',
				operation: 'get',
				vendorId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			{
				items: [1, 99].map((id) => ({ json: { id } })),
			},
		);

		s.reset();
		s.faults.add({ type: 'status', status: 500, times: 3 });
		try {
			const search = await callListSearch(new StorePlatform(), listSearchMethodName('vendor'), {
				credentials: { storePlatformApi: apiCredentials(s) as never },
				credentialTypes,
			});
			collect(scan, search);
		} catch (error) {
			collect(scan, error);
		}

		const { hits, texts, logLines } = leaks(scan, from);
		figure(
			`secrets: ${scan.runs} failing runs (faults, timeouts, refused/reset connections, bad input, Return All, continue on fail) + list search, ${texts} strings + ${logLines} log lines scanned, ${hits.length} occurrences`,
		);
		expect(hits).toEqual([]);
	});

	it('the trigger: lifecycle, accepted and refused deliveries, the 401 answers', async () => {
		const s = env.sandbox;
		const from = captured.length;
		const scan = newScan();
		const url = 'http://127.0.0.1:5678/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';
		const credentials = { storePlatformApi: apiCredentials(s) as never };
		const method = async (
			name: 'checkExists' | 'create' | 'delete',
			events: string[],
			staticData: IDataObject,
		) => {
			const r = await callWebhookMethod(new StorePlatformTrigger(), name, {
				parameters: { events },
				credentials,
				credentialTypes,
				staticData,
				webhookUrl: url,
			});
			// what the node returns and stores (the harness's copy of the credential store is left out)
			collect(scan, r.result, r.staticData, r.globalStaticData);
			return r;
		};
		const created = await method('create', ['order/create', 'product/update'], {});
		await method('checkExists', ['order/create', 'product/update'], created.staticData);
		s.faults.add({ type: 'status', status: 500, match: /^DELETE /, times: 2 });
		try {
			await method('delete', [], created.staticData);
		} catch (error) {
			collect(scan, error);
		}
		await method('delete', [], created.staticData);
		try {
			await callWebhookMethod(new StorePlatformTrigger(), 'create', {
				parameters: { events: ['order/create'] },
				credentials: { storePlatformApi: { ...apiCredentials(s), consumerSecret: '' } as never },
				credentialTypes,
				webhookUrl: url,
			});
		} catch (error) {
			collect(scan, error);
		}

		const payload = { id: 7, note: 'A 1/2+3', customer: { name: 'Zoë' } };
		const raw = new URLSearchParams({
			id: '7',
			note: 'A 1/2+3',
			'customer[name]': 'Zoë',
		}).toString();
		const deliveries: Array<[string, string | undefined]> = [
			['signed', webhookHmac(SECRETS.consumerSecret, payload)],
			['wrong secret', webhookHmac('other', payload)],
			['missing', undefined],
			['tampered', `${webhookHmac(SECRETS.consumerSecret, payload)}x`],
		];
		let refused = 0;
		for (const [, signature] of deliveries) {
			for (const options of [{}, { includeHeaders: true }]) {
				const r = await callWebhook(new StorePlatformTrigger(), {
					parameters: { events: ['order/create'], options },
					credentials,
					credentialTypes,
					webhookUrl: url,
					req: {
						headers: {
							'content-type': 'application/x-www-form-urlencoded',
							'service-section': 'order/create',
							...(signature ? { 'service-hmac-sha256': signature } : {}),
						},
						body: payload,
						rawBody: raw,
					},
				});
				collect(scan, r.result, r.response, r.staticData);
				if (r.response.statusCode === 401) refused++;
			}
		}
		expect(refused).toBe(6);
		const { hits, texts, logLines } = leaks(scan, from);
		figure(
			`secrets: trigger create/checkExists/delete (one failing), 8 deliveries (${refused} answered 401), ${texts} strings + ${logLines} log lines scanned, ${hits.length} occurrences`,
		);
		expect(hits).toEqual([]);
	});

	// BUG (nodes/StorePlatform/transport/request.ts, apiRequest, the `description` of a non-2xx answer:
	// `JSON.stringify(body).slice(0, 1000)`): the server's error body is copied verbatim into the
	// NodeApiError's description, shown in the editor and stored with the execution. OAuth 1.0 servers
	// echo the signature base string on a signature failure (the sandbox's 401 carries `base_string`, as
	// the OAuth Problem Reporting extension's `oauth_signature_base_string` does), and that string holds
	// `oauth_token=<access token>`; an unknown token is also echoed in the message. The access token (a
	// password field of the credential) thus lands in the error. Fix: redact the credential's secret
	// values (access token, token secret, consumer secret, also percent-encoded) from the server message
	// and description before building the error, or leave base strings out of the description.
	it('a 401 for a wrong consumer secret or token secret does not carry the access token', async () => {
		const s = env.sandbox;
		const from = captured.length;
		const scan = newScan();
		for (const wrong of [{ consumerSecret: 'wrong-cs' }, { accessTokenSecret: 'wrong-ts' }]) {
			s.reset();
			await run(
				scan,
				{ resource: 'vendor', operation: 'get', vendorId: byId(1) },
				{ credentials: { ...apiCredentials(s), ...wrong } },
			);
			await run(
				scan,
				{ resource: 'vendor', operation: 'get', vendorId: byId(1) },
				{ credentials: { ...apiCredentials(s), ...wrong }, continueOnFail: true },
			);
		}
		const { hits } = leaks(scan, from);
		const which = [
			...new Set(
				hits.map(
					(h) =>
						VALUES.find((v) => h.secret.includes(v) || h.secret === encodeURIComponent(v)) ??
						h.secret,
				),
			),
		];
		const inLogs = occurrences(captured.slice(from), VALUES).length;
		const detail = hits.length
			? ` of ${which.map((w) => w.slice(0, 9)).join(', ')} (${hits.length - inLogs} in errors/run data, ${inLogs} in n8n's debug log), e.g. …${hits[0]?.where.slice(-70)}`
			: '';
		figure(
			`secrets: 4 runs refused with 401 (wrong consumer secret, wrong token secret; the server echoes the signed base string): ${hits.length} occurrences${detail}`,
		);
		expect(hits).toEqual([]);
	});
});

/**
 * Webhook deliveries under generated payloads: signed the platform's PHP way (the sandbox's
 * `webhookHmac` = base64(hex(HMAC-SHA256(http_build_query(data))))), sent form-encoded and as JSON to
 * the trigger's webhook() through n8n-core (`callWebhook`, no HTTP), all accepted; and for each one a
 * tampered body, a tampered header, a wrong secret, a missing header and its signature replayed onto
 * another body, all refused with 401 and no execution. The signatures are cross-checked with real PHP
 * when `php` is on PATH, and some deliveries go over real HTTP with the sandbox's `fire()`.
 */
import { execFileSync } from 'node:child_process';

import type { IDataObject } from 'n8n-workflow';
import { parse as qsParse } from 'qs';

import { httpBuildQuery as triggerHttpBuildQuery } from '../../nodes/StorePlatform/trigger/hmac';
import { SECRET_TTL_MS } from '../../nodes/StorePlatform/trigger/secretCache';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { callWebhook, type WebhookCallResult } from '../harness';
import { httpBuildQuery, webhookHmac } from '../../sandbox';
import { apiCredentials, credentialTypes, useSandbox } from '../workflow/setup';
import { startReceiver } from '../workflow/triggerReceiver';
import { elapsed, figure } from './helpers';
import { prng, pick, type Rand } from '../prng';

const env = useSandbox();

const PIECES = [
	'a',
	'Zoë',
	' ',
	'+',
	'&',
	'=',
	'%',
	'/',
	'?',
	'#',
	'[',
	']',
	'!',
	'*',
	"'",
	'(',
	')',
	'~',
	'.',
	'-',
	'_',
	':',
	';',
	',',
	'@',
	'$',
	'"',
	'<',
	'>',
	'\\',
	'é',
	'中文',
	'😀',
	'👍🏽',
	'\n',
	'1/2+3',
	'A 1',
	'',
];
const KEYS = [
	'name',
	'email',
	'note',
	'total_price',
	'status',
	'tags',
	'items',
	'customer',
	'address',
	'paid',
	'meta',
	'a b',
	'key+plus',
	'ü',
	'emoji😀',
	'x.y',
	'dash-key',
	'under_score',
];
const FLOATS = [
	0.1,
	0.5,
	1.25,
	-3.75,
	0.1 + 0.2,
	1.5e-7,
	123456.789,
	99.99,
	1 / 3,
	2.5e15,
	-0.000012345,
	1e-5,
];

function value(rand: Rand, depth: number): unknown {
	const r = rand();
	if (depth < 3 && r < 0.12)
		return Object.fromEntries(
			Array.from({ length: 1 + Math.floor(rand() * 3) }, () => [
				pick(rand, KEYS),
				value(rand, depth + 1),
			]),
		);
	if (depth < 3 && r < 0.22)
		return Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth + 1));
	if (r < 0.32) return Math.floor(rand() * 1e6) - 1000;
	if (r < 0.37) return pick(rand, FLOATS);
	if (r < 0.42) return rand() < 0.5;
	if (r < 0.45) return null;
	return Array.from({ length: Math.floor(rand() * 5) }, () => pick(rand, PIECES)).join('');
}

interface Delivery {
	format: 'form' | 'json';
	payload: Record<string, unknown>;
	raw: string;
	parsed: IDataObject;
	signature: string;
}

function body(format: 'form' | 'json', payload: Record<string, unknown>) {
	if (format === 'json') {
		const raw = JSON.stringify(payload);
		return { raw, parsed: JSON.parse(raw) as IDataObject };
	}
	// n8n parses form bodies with `qs` (nested keys), as extended body parsers do
	const raw = httpBuildQuery(payload);
	return { raw, parsed: qsParse(raw, { depth: 10, arrayLimit: 100 }) as IDataObject };
}

function generate(n: number, secret: string, seed: number): Delivery[] {
	const rand = prng(seed);
	return Array.from({ length: n }, (_, i) => {
		const payload: Record<string, unknown> = { id: 100000 + i };
		const fields = 1 + Math.floor(rand() * 6);
		for (let k = 0; k < fields; k++) payload[pick(rand, KEYS)] = value(rand, 0);
		const format = i % 2 === 0 ? 'form' : 'json';
		return { format, payload, ...body(format, payload), signature: webhookHmac(secret, payload) };
	});
}

const trigger = new StorePlatformTrigger();
const HOOK_URL = 'http://127.0.0.1:5678/webhook/6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/webhook';

async function deliver(
	d: { format: 'form' | 'json'; raw: string; parsed: IDataObject },
	signature: string | undefined,
	secret: string,
	credentialId?: string,
): Promise<WebhookCallResult> {
	const headers: Record<string, string> = {
		'content-type': d.format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
		'service-section': 'order/create',
		'service-shop-id': '1001',
		'service-order-id': '17',
	};
	if (signature !== undefined) headers['service-hmac-sha256'] = signature;
	return await callWebhook(trigger, {
		parameters: { events: ['order/create'] },
		credentials: {
			storePlatformApi: { ...apiCredentials(env.sandbox), consumerSecret: secret } as never,
		},
		credentialTypes,
		credentialId,
		webhookUrl: HOOK_URL,
		req: { method: 'POST', headers, body: d.parsed, rawBody: Buffer.from(d.raw, 'utf8') },
	});
}

const N = 1000;

describe('generated deliveries through the trigger', () => {
	let secret: string;
	let deliveries: Delivery[];
	beforeAll(() => {
		secret = env.sandbox.credentials.consumerSecret;
		deliveries = generate(N, secret, 424242);
	});

	it('signatures of the sandbox equal those of real PHP (http_build_query + hash_hmac)', () => {
		let php: string;
		try {
			php = execFileSync(
				'php',
				[
					'-r',
					`
				$secret = ${JSON.stringify(secret).replace(/\$/g, '\\$')};
				foreach (json_decode(stream_get_contents(STDIN), true) as $p) {
					echo base64_encode(hash_hmac('sha256', http_build_query($p), $secret)), "\\n";
				}`,
				],
				{
					input: JSON.stringify(deliveries.map((d) => d.payload)),
					encoding: 'utf8',
					timeout: 20_000,
				},
			);
		} catch {
			figure('webhooks: php not on PATH, cross-check with real PHP skipped');
			return;
		}
		const lines = php.trim().split('\n');
		const differ = deliveries.filter((d, i) => lines[i] !== d.signature);
		figure(
			`webhooks: ${N} payloads signed by the sandbox and by real PHP ${execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' })}: ${N - differ.length} equal, ${differ.length} differ`,
		);
		expect(differ.map((d) => httpBuildQuery(d.payload))).toEqual([]);
	});

	it(`${N} signed deliveries (form and JSON) all start the workflow; every tampered variant is refused`, async () => {
		const start = process.hrtime.bigint();
		const tally = { accepted: 0, body: 0, header: 0, secret: 0, missing: 0, replay: 0 };
		const refusedOk = (r: WebhookCallResult) =>
			r.response.statusCode === 401 &&
			r.workflowStarted === false &&
			(r.response.body as IDataObject)?.error === 'invalid signature';
		const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
		for (let i = 0; i < N; i++) {
			const d = deliveries[i];
			const ok = await deliver(d, d.signature, secret);
			expect([i, ok.workflowStarted, ok.response.statusCode]).toEqual([i, true, undefined]);
			const json = ok.result.workflowData?.[0]?.[0]?.json as IDataObject;
			expect(String(json.id)).toBe(String(d.payload.id));
			expect(json.event).toBe('order/create');
			tally.accepted++;

			const tampered = body(d.format, { ...d.payload, id: Number(d.payload.id) + 1 });
			if (refusedOk(await deliver({ format: d.format, ...tampered }, d.signature, secret)))
				tally.body++;

			const k = i % d.signature.length;
			const other = B64[(B64.indexOf(d.signature[k]) + 1 + (i % 60)) % 64];
			const flipped = d.signature.slice(0, k) + other + d.signature.slice(k + 1);
			if (refusedOk(await deliver(d, flipped, secret))) tally.header++;

			if (refusedOk(await deliver(d, webhookHmac(`${secret}x`, d.payload), secret))) tally.secret++;
			if (refusedOk(await deliver(d, undefined, secret))) tally.missing++;
			if (refusedOk(await deliver(d, deliveries[(i + 1) % N].signature, secret))) tally.replay++;
		}
		const forms = deliveries.filter((d) => d.format === 'form').length;
		figure(
			`webhooks: ${N} generated deliveries (${forms} form, ${N - forms} JSON), ${tally.accepted} accepted; refused with 401 and no execution: ` +
				`${tally.body} tampered body, ${tally.header} tampered header, ${tally.secret} wrong secret, ${tally.missing} missing header, ${tally.replay} replayed signature; ${Math.round(elapsed(start))} ms`,
		);
		expect(tally).toEqual({ accepted: N, body: N, header: N, secret: N, missing: N, replay: N });
	});

	it('a delivery to a trigger whose credential has no shared secret is refused', async () => {
		const d = deliveries[0];
		const r = await deliver(d, d.signature, '');
		expect(r.response.statusCode).toBe(401);
		expect(r.workflowStarted).toBe(false);
	});
});

describe('one credential whose shared secret is changed (the secret is reused for a few seconds)', () => {
	const payload = { id: 7, total: '12.50' };
	const d = { format: 'form' as const, ...body('form', payload) };
	const statusOf = (r: WebhookCallResult) => (r.workflowStarted ? 200 : r.response.statusCode);
	let now: jest.SpyInstance<number, []>;
	let t = 0;
	beforeEach(() => {
		t = Date.now();
		now = jest.spyOn(Date, 'now').mockImplementation(() => t);
	});
	afterEach(() => now.mockRestore());

	it('deliveries signed with the new secret are accepted at once, the old one is refused from then on', async () => {
		const id = 'edited-credential-1';
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), 'old-secret', id))).toBe(
			200,
		);
		t += 2000;
		// the credential now holds the new secret: the first delivery signed with it makes the trigger read it again
		expect(statusOf(await deliver(d, webhookHmac('new-secret', payload), 'new-secret', id))).toBe(
			200,
		);
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), 'new-secret', id))).toBe(
			401,
		);
	});

	it('without a delivery signed with the new secret, the old one is accepted for at most the TTL', async () => {
		const id = 'edited-credential-2';
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), 'old-secret', id))).toBe(
			200,
		);
		t += SECRET_TTL_MS - 1;
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), 'new-secret', id))).toBe(
			200,
		);
		t += 1;
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), 'new-secret', id))).toBe(
			401,
		);
		expect(statusOf(await deliver(d, webhookHmac('old-secret', payload), '', id))).toBe(401);
	});

	it('a burst of bad signatures reads the credential at most once per second', async () => {
		const id = 'edited-credential-3';
		const before = await deliver(d, webhookHmac('right', payload), 'right', id);
		expect(statusOf(before)).toBe(200);
		// the credential changes, but bad signatures within the same second do not read it: still the old secret
		for (let i = 0; i < 5; i++)
			expect(statusOf(await deliver(d, 'bm90LWEtc2lnbmF0dXJl', 'changed', id))).toBe(401);
		expect(statusOf(await deliver(d, webhookHmac('right', payload), 'changed', id))).toBe(200);
		t += 1000;
		expect(statusOf(await deliver(d, webhookHmac('changed', payload), 'changed', id))).toBe(200);
	});
});

describe('deliveries over real HTTP with fire()', () => {
	it('100 fired deliveries (form and JSON) start 100 executions; with a wrong secret, none', async () => {
		const s = env.sandbox;
		const events = ['order/create', 'product/update'];
		const good = await startReceiver({ events }, apiCredentials(s));
		const bad = await startReceiver(
			{ events },
			{ ...apiCredentials(s), consumerSecret: 'another-secret' },
		);
		s.store.webhooks.insert({ id: 1, section: 'order/create', site_url: good.url, format: 'json' });
		s.store.webhooks.insert({
			id: 2,
			section: 'product/update',
			site_url: bad.url,
			format: 'json',
		});
		try {
			const payloads = generate(100, s.credentials.consumerSecret, 99).map((d) => d.payload);
			for (let i = 0; i < payloads.length; i++) {
				const format = i % 2 ? 'json' : 'form';
				const sent = await s.fire('order/create', payloads[i], { format, objectId: i });
				expect(sent.map((x) => x.status)).toEqual([200]);
			}
			for (let i = 0; i < 50; i++) {
				const sent = await s.fire('product/update', payloads[i], {
					format: i % 2 ? 'json' : 'form',
				});
				expect(sent.map((x) => x.status)).toEqual([401]);
			}
			expect(good.executions).toHaveLength(100);
			expect(good.executions.map((e) => String(e[0].id))).toEqual(
				payloads.map((p) => String(p.id)),
			);
			expect(bad.executions).toHaveLength(0);
			figure(
				`webhooks over HTTP (sandbox fire()): 100 deliveries accepted, 100 executions; 50 with a wrong secret refused (401), 0 executions`,
			);
		} finally {
			await good.close();
			await bad.close();
		}
	});
});

describe('floats that PHP prints in exponent form (1.0E+21)', () => {
	const phpQuery = (json: string): string | undefined => {
		try {
			return execFileSync(
				'php',
				['-r', 'echo http_build_query(json_decode(stream_get_contents(STDIN), true));'],
				{ input: json, encoding: 'utf8' },
			);
		} catch {
			return undefined;
		}
	};

	it("the trigger's canonical form is PHP's: the exponent's '+' is encoded", () => {
		const data = { x: 1e21, y: 1.5e-7, z: -2.5e20 };
		expect(triggerHttpBuildQuery(data)).toBe('x=1.0E%2B21&y=1.5E-7&z=-2.5E%2B20');
		const php = phpQuery(JSON.stringify(data));
		if (php !== undefined) expect(triggerHttpBuildQuery(data)).toBe(php);
	});

	// BUG (sandbox/http-build-query.ts, scalar(): `if (typeof v === 'number') return phpNumber(v);`): a
	// number is not passed through phpUrlencode, so the '+' of an exponent stays a '+' ("x=1.0E+21"), where
	// PHP's http_build_query writes "x=1.0E%2B21". The sandbox then signs such payloads differently from the
	// platform, and its JSON deliveries of them are refused by the (correct) trigger. Fix: return
	// phpUrlencode(phpNumber(v)).
	it("the sandbox's http_build_query and its fired JSON deliveries match PHP for 1e21", async () => {
		const s = env.sandbox;
		const data = { id: 5, total: 1e21 };
		const php = phpQuery(JSON.stringify(data)) ?? 'id=5&total=1.0E%2B21';
		const receiver = await startReceiver({ events: ['order/create'] }, apiCredentials(s));
		s.store.webhooks.insert({
			id: 1,
			section: 'order/create',
			site_url: receiver.url,
			format: 'json',
		});
		try {
			const sent = await s.fire('order/create', data, { format: 'json' });
			figure(
				`webhooks: sandbox http_build_query({total: 1e21}) = "${httpBuildQuery(data)}", PHP = "${php}"; fired JSON delivery answered ${sent[0]?.status}`,
			);
			expect(httpBuildQuery(data)).toBe(php);
			expect(sent.map((d) => d.status)).toEqual([200]);
		} finally {
			await receiver.close();
		}
	});
});

/**
 * The sandbox's state file (`stateFile`, persist.ts), what `npm run dev` restarts with: records, webhook
 * registrations, decided charges, auto-increments, the trash and access tokens come back as they were; a file of
 * another format or none seeds the shop.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { call } from './client';

let dir: string;
let file: string;
const open: Sandbox[] = [];
const start = async (stateFile = file) => {
	const sb = await startSandbox({ port: 0, stateFile });
	open.push(sb);
	return sb;
};

beforeEach(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
	file = path.join(dir, 'shop.json');
});
afterEach(async () => {
	for (const sb of open.splice(0)) await sb.close();
	rmSync(dir, { recursive: true, force: true });
});

/** request_token → authorize (Approve) → access_token, as test/sandbox/oauth.test.ts walks it: the token. */
async function tokenFlow(sb: Sandbox): Promise<{ key: string; secret: string }> {
	const c = sb.credentials;
	const consumer = { oauth_consumer_key: c.consumerKey, oauth_consumer_secret: c.consumerSecret };
	const step1 = await call(sb, 'POST', '/services/oauth/request_token', {
		sign: false,
		form: consumer,
	});
	const rt = new URLSearchParams(step1.text);
	const page = await (
		await fetch(`${sb.url}/services/oauth/authorize?oauth_token=${rt.get('oauth_token')}`)
	).text();
	const form = new URLSearchParams(
		[...page.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m): [string, string] => [
			m[1],
			m[2].replace(/&amp;/g, '&'),
		]),
	);
	form.set('decision', 'approve');
	await fetch(`${sb.url}/services/oauth/authorize`, {
		method: 'POST',
		body: form.toString(),
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		redirect: 'manual',
	});
	const step3 = await call(sb, 'POST', '/services/oauth/access_token', {
		sign: false,
		form: {
			...consumer,
			oauth_token: rt.get('oauth_token')!,
			oauth_token_secret: rt.get('oauth_token_secret')!,
		},
	});
	const at = new URLSearchParams(step3.text);
	return { key: at.get('oauth_token')!, secret: at.get('oauth_token_secret')! };
}

describe('sandbox state file', () => {
	test('a restart meets the same shop: registrations, a decided charge, a change, a removal, ids', async () => {
		const first = await start();
		expect(first.restoredFrom).toBeUndefined();
		const hook = await call(first, 'POST', '/services/webhooks', {
			body: { webhook: { section: 'order/create', site_url: 'http://127.0.0.1:9/hook' } },
		});
		expect(hook.status).toBe(200);
		const pending = first.store.applicationCharges.rows.find((c) => c.status === 'pending');
		expect(pending).toBeDefined();
		const decided = await fetch(`${first.url}/_sandbox/charges/decide`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id: pending!.id, decision: 'accept' }),
		});
		expect(decided.status).toBe(200);
		first.owner.change('page', 1, { title: 'Changed before the restart' });
		const removed = first.owner.remove('page', 2);
		const pages = first.store.pages.rows.map((p) => ({ ...p }));
		const lastPageId = first.store.pages.nextId(); // taken: the next one after the restart is higher
		await first.close();

		const second = await start();
		expect(second.restoredFrom).toEqual(expect.any(String));
		expect(second.store.webhooks.rows.map((w) => [w.section, w.site_url])).toEqual([
			['order/create', 'http://127.0.0.1:9/hook'],
		]);
		expect(second.store.applicationCharges.get(pending!.id)?.status).toBe('accepted');
		expect(second.store.pages.rows).toEqual(pages);
		expect(second.store.pages.nextId()).toBe(lastPageId + 1);
		expect(second.owner.restore('page', 2).title).toBe(removed.title);
		// the registration answers over the API, as the trigger's check reads it
		const list = await call(second, 'GET', '/services/webhooks');
		expect(list.json.webhooks).toHaveLength(1);
	});

	test('an access token handed out by the token flow still signs requests after a restart', async () => {
		const first = await start();
		const token = await tokenFlow(first);
		expect((await call(first, 'GET', '/services/users', { token })).status).toBe(200);
		await first.close();
		const second = await start();
		expect((await call(second, 'GET', '/services/users', { token })).status).toBe(200);
		expect(
			(await call(second, 'GET', '/services/users', { token: { ...token, secret: 'x' } })).status,
		).toBe(401);
	});

	test('no file or a file of another format: the shop is seeded', async () => {
		const seeded = await start();
		const pages = seeded.store.pages.size;
		await seeded.close();
		writeFileSync(file, JSON.stringify({ version: 0, tables: {} }));
		const other = await start();
		expect(other.restoredFrom).toBeUndefined();
		expect(other.store.pages.size).toBe(pages);
		expect(other.store.pages.size).toBeGreaterThan(0);
	});
});

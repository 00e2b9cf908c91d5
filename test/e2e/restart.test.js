'use strict';
/**
 * Leg "restart": `npm run dev` (scripts/n8n/dev.js --no-watch, its user folder in a temp dir) started, the webhook
 * demo published as a user does (the demos are imported unpublished), an order event fired (one execution), stopped with Ctrl-C and started again on the same folder: the restart starts no
 * execution (no `registration/restored`, nothing from the poll demo), the browser's session stays signed in, and the
 * webhook demo still receives events (its registration kept in the sandbox's state file).
 */
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { leg, waitFor, sleep, PROJECT_DIR } = require('./setup');
const { freePort } = require('../../scripts/n8n/instance');
const { OWNER, BROWSER_ID } = require('../../scripts/n8n/rest');
const { demoWorkflows, DEMO_TRIGGER_ID } = require('../../scripts/n8n/devWorkflows');

const DEV = path.join(PROJECT_DIR, 'scripts', 'n8n', 'dev.js');
/** How long the restarted n8n is watched for executions nobody caused (its start checks, a poll of the demo). */
const QUIET_MS = 75000;

/**
 * Starts dev.js on `dir` with the same ports each time (as `npm run dev` gets 5678 and 4010); resolves
 * { child, out, running } once its banner is printed.
 */
function startDev(version, dir, ports) {
	const child = spawn(
		process.execPath,
		[
			DEV,
			'--no-watch',
			'--no-build',
			`--version=${version}`,
			`--folder=${dir}/dev`,
			`--port=${ports.n8n}`,
			`--sandbox-port=${ports.sandbox}`,
		],
		{ cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const dev = { child, out: '' };
	child.stdout.on('data', (d) => (dev.out += d));
	child.stderr.on('data', (d) => (dev.out += d));
	dev.exited = new Promise((resolve) => child.on('exit', resolve));
	return waitFor(
		() => {
			if (child.exitCode !== null) throw new Error(`dev.js exited early:\n${dev.out}`);
			if (!/ editor +http/.test(dev.out)) return false;
			dev.running = JSON.parse(fs.readFileSync(path.join(dir, 'dev-running.json'), 'utf8'));
			return dev;
		},
		'the banner of npm run dev',
		600000,
	).catch(async (e) => {
		await stopDev(dev); // not handed to the leg's cleanups yet
		throw e;
	});
}

async function stopDev(dev) {
	if (dev.child.exitCode === null) dev.child.kill('SIGINT');
	await Promise.race([dev.exited, sleep(60000)]);
	if (dev.child.exitCode === null) dev.child.kill('SIGKILL');
}

/** GET/POST /rest/... of the dev n8n with `cookie`: { status, body }. */
async function rest(base, method, route, { cookie, body } = {}) {
	const res = await fetch(`${base}/rest${route}`, {
		method,
		headers: {
			'content-type': 'application/json',
			'browser-id': BROWSER_ID,
			...(cookie ? { cookie } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const setCookie = (res.headers.getSetCookie?.() || []).find((c) => c.startsWith('n8n-auth='));
	return {
		status: res.status,
		body: await res.json().catch(() => undefined),
		cookie: setCookie && setCookie.split(';')[0],
	};
}

/**
 * The executions of the demo workflows (all that run here), by workflow as rest.js reads them:
 * [{ id, workflowId, mode, status }].
 */
async function executions(base, cookie) {
	const all = [];
	for (const { id } of demoWorkflows()) {
		const q = encodeURIComponent(JSON.stringify({ workflowId: id }));
		const r = await rest(base, 'GET', `/executions?filter=${q}`, { cookie });
		assert.strictEqual(r.status, 200, `GET /rest/executions: ${r.status}`);
		const d = r.body.data;
		all.push(...(Array.isArray(d) ? d : d.results || []));
	}
	return all;
}

/** The sandbox fires order/create at its registrations: how many it delivered to. */
async function fireOrder(sandboxUrl) {
	const res = await fetch(`${sandboxUrl}/_sandbox/fire`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ section: 'order/create', data: { id: 901, status: 'new' } }),
	});
	assert.strictEqual(res.status, 200);
	return (await res.json()).deliveries.length;
}

leg(
	'restart',
	async (v) => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dev-restart-${v.version}-`));
		v.cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
		const ports = { n8n: await freePort(), sandbox: await freePort() };
		let dev = await startDev(v.version, dir, ports);
		v.cleanups.push(() => stopDev(dev));
		const base = dev.running.n8nUrl;
		const login = await rest(base, 'POST', '/login', {
			body: { emailOrLdapLoginId: OWNER.email, password: OWNER.password },
		});
		assert.ok(login.cookie, `login: ${login.status}`);
		const cookie = login.cookie;
		let before;
		await v.check(
			'r. first start: the demos are unpublished; once published, an order event starts one execution',
			async () => {
				const list = await rest(base, 'GET', '/workflows', { cookie });
				const demoIds = demoWorkflows().map((w) => w.id);
				const demos = (list.body.data || []).filter((w) => demoIds.includes(w.id));
				assert.deepStrictEqual(
					demos.map((w) => [w.id, Boolean(w.active)]).sort(),
					demoIds.map((id) => [id, false]).sort(),
					'the demos as imported',
				);
				assert.strictEqual(
					await fireOrder(dev.running.sandboxUrl),
					0,
					'registrations before publishing',
				);
				const wf = (await rest(base, 'GET', `/workflows/${DEMO_TRIGGER_ID}`, { cookie })).body.data;
				const published = await rest(base, 'POST', `/workflows/${DEMO_TRIGGER_ID}/activate`, {
					cookie,
					body: { versionId: wf.versionId },
				});
				assert.strictEqual(published.status, 200, `publish: ${JSON.stringify(published.body)}`);
				await waitFor(
					async () => {
						await sleep(1000);
						const res = await fetch(`${dev.running.sandboxUrl}/_sandbox/webhooks`);
						const { webhooks } = await res.json();
						return webhooks.some((w) => w.section === 'order/create');
					},
					'the demo trigger registered at the sandbox',
					60000,
				);
				assert.strictEqual(await fireOrder(dev.running.sandboxUrl), 1);
				before = await waitFor(
					async () => {
						await sleep(1000);
						const list = await executions(base, cookie);
						return list.length >= 1 && list;
					},
					'the order execution',
					60000,
				);
			},
		);
		await stopDev(dev);
		const first = dev;
		dev = await startDev(v.version, dir, ports);
		await v.check(
			'r. restart: the sandbox is the same shop, the browser is still signed in, and no execution starts',
			async () => {
				assert.match(dev.out, /sandbox shop on \S+, as it was/);
				const session = await rest(dev.running.n8nUrl, 'GET', '/login', { cookie });
				assert.strictEqual(session.status, 200, 'the session of before the restart is signed out');
				await sleep(QUIET_MS);
				const after = await executions(dev.running.n8nUrl, cookie);
				const added = after.filter((e) => !before.some((b) => String(b.id) === String(e.id)));
				assert.deepStrictEqual(
					added.map((e) => `${e.workflowId} ${e.mode} ${e.status}`),
					[],
					'executions started by the restart',
				);
				v.r.executionsAcrossRestart = { before: before.length, after: after.length };
				v.r.secondsToBanner = [first, dev].map((d) =>
					Number(/ready after (\d+)s/.exec(d.out)?.[1]),
				);
			},
			{ timeoutMs: 300000 },
		);
		await v.check('r. after the restart the webhook demo still receives events', async () => {
			assert.strictEqual(
				await fireOrder(dev.running.sandboxUrl),
				1,
				'registrations at the sandbox',
			);
			await waitFor(
				async () => {
					await sleep(1000);
					const list = await executions(dev.running.n8nUrl, cookie);
					return list.length === before.length + 1;
				},
				'one more execution',
				60000,
			);
		});
	},
	// dev.js runs one n8n with its own user folder; one version after the other (two n8n starts each)
	{ serial: true, timeoutMs: 20 * 60 * 1000 },
);

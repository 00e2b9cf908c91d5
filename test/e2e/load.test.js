'use strict';
/**
 * Leg "load": the packed package installs into `<user folder>/.n8n/nodes` (`npm install <tgz>`, as users do by
 * hand), the workflows of the suite import in one call, `n8n export:nodes` lists both nodes (17 resources, both
 * credentials) and the running instance lists both credential types (`GET /types/credentials.json`).
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { leg, startCollector, loadSandbox, N8nInstance, packedPackage } = require('./setup');
const {
	RESOURCES,
	actionWorkflow,
	triggerWorkflow,
	editorWorkflow,
	httpRequestWorkflow,
} = require('./workflows');

leg('load', async (v) => {
	const sandbox = await loadSandbox().startSandbox({ port: 0 });
	v.cleanups.push(() => sandbox.close());
	const collector = await startCollector();
	v.cleanups.push(() => collector.close());
	const n8n = await N8nInstance.create({ version: v.version });
	v.cleanups.push(async () => {
		await n8n.stop();
		n8n.cleanup();
	});
	const cred = {
		id: crypto.randomBytes(8).toString('hex'),
		name: 'Store Platform sandbox (tokens)',
	};

	const installed = await v.check(
		'a. packed package installs into <user folder>/.n8n/nodes',
		async () => {
			const dir = await n8n.installPackage(packedPackage());
			const pj = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
			assert.strictEqual(pj.name, 'n8n-nodes-store-platform');
			for (const f of [...pj.n8n.nodes, ...pj.n8n.credentials])
				assert.ok(fs.existsSync(path.join(dir, f)), `${f} installed`);
		},
	);
	if (!installed.ok) return;

	await v.check(
		'a. import:credentials storePlatformApi (sandbox tokens) + import:workflow (4 workflows, one call)',
		async () => {
			await n8n.importCredentials([
				{
					id: cred.id,
					name: cred.name,
					type: 'storePlatformApi',
					data: { baseUrl: `${sandbox.url}/`, ...sandbox.credentials },
				},
			]);
			const ids = await n8n.importWorkflows([
				actionWorkflow(cred),
				triggerWorkflow(cred, {
					webhookId: crypto.randomUUID(),
					collectorUrl: `${collector.url}/collect`,
				}),
				editorWorkflow(cred),
				httpRequestWorkflow(cred, sandbox.url),
			]);
			assert.strictEqual(ids.length, 4);
		},
	);

	await v.check('a. n8n export:nodes lists storePlatform and storePlatformTrigger', async () => {
		const nodes = await n8n.exportNodes();
		const names = nodes.map((x) => x.name);
		for (const n of [
			'n8n-nodes-store-platform.storePlatform',
			'n8n-nodes-store-platform.storePlatformTrigger',
		])
			assert.ok(names.includes(n), `${n} missing`);
		const main = nodes.find((x) => x.name === 'n8n-nodes-store-platform.storePlatform');
		const creds = (main.credentials || []).map((c) => c.name).sort();
		assert.deepStrictEqual(creds, ['storePlatformApi', 'storePlatformOAuth1Api']);
		const resources = main.properties
			.find((p) => p.name === 'resource')
			.options.map((o) => o.value);
		const missing = RESOURCES.filter((x) => !resources.includes(x));
		assert.deepStrictEqual(missing, [], `resources offered: ${resources.join(', ')}`);
		v.r.resources = resources.length;
	});

	const started = await v.check(
		`n8n start (${n8n.baseUrl}/) until ready; owner signed in`,
		async () => {
			await n8n.start({ timeoutMs: 240000 });
			v.r.times.start = n8n.readyMs;
			await n8n.login();
		},
		{ timeoutMs: 300000 },
	);
	if (!started.ok) return;

	await v.check(
		'a. the running instance lists both credential types (GET /types/credentials.json)',
		async () => {
			const res = await n8n.getPath('/types/credentials.json');
			assert.strictEqual(res.status, 200, `status ${res.status}`);
			const types = res.body.map((c) => c.name);
			assert.ok(types.includes('storePlatformApi'), 'storePlatformApi missing');
			assert.ok(types.includes('storePlatformOAuth1Api'), 'storePlatformOAuth1Api missing');
			const oauth = res.body.find((c) => c.name === 'storePlatformOAuth1Api');
			assert.deepStrictEqual(oauth.extends, ['oAuth1Api']);
		},
	);
});

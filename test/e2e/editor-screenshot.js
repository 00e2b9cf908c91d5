#!/usr/bin/env node
'use strict';
/**
 * Drives a real n8n editor with headless Debian `chromium` through
 * playwright-core (installed into the cache folder, not the project):
 * signs in as the owner through the sign-in form, opens a workflow (optional)
 * and saves PNG screenshots to /tmp.
 *
 *   apt-get install -y chromium              (once per machine)
 *   node test/e2e/editor-screenshot.js [2.40.7|1.123.81] [--out=/tmp]
 *
 * Prints the PNG paths; exits non-zero on failure.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { ensurePlaywrightCore } = require('../../scripts/n8n/install');
const { N8nInstance } = require('../../scripts/n8n/instance');

const args = process.argv.slice(2);
const version = args.find((a) => /^\d/.test(a)) || '2.40.7';
const outDir = (args.find((a) => a.startsWith('--out=')) || '--out=/tmp').slice(6);

(async () => {
	const pw = ensurePlaywrightCore();
	if (!pw.chromiumPath) throw new Error('chromium not found: apt-get install -y chromium');
	const { chromium } = pw.require();
	const n8n = await N8nInstance.create({ version });
	let browser;
	const shots = [];
	try {
		const wfId = await n8n.importWorkflow({
			name: 'Screenshot workflow',
			nodes: [
				{ id: crypto.randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: crypto.randomUUID(),
					name: 'Set',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [240, 0],
					parameters: { mode: 'manual', assignments: { assignments: [{ id: crypto.randomUUID(), name: 'hello', value: 'world', type: 'string' }] }, options: {} },
				},
			],
			connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
		});
		await n8n.start();
		if (n8n.major < 2) await n8n.login(); // 1.x: creates the owner (POST /rest/owner/setup)
		const t0 = Date.now();
		browser = await chromium.launch({ executablePath: pw.chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
		const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
		await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
		const email = page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first();
		await email.waitFor({ timeout: 60000 });
		await email.fill(n8n.owner.email);
		await page.locator('input[type="password"]').first().fill(n8n.owner.password);
		await page.locator('input[type="password"]').first().press('Enter');
		await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 60000 });
		await page.waitForTimeout(2000);
		const home = path.join(outDir, `n8n-${version}-home.png`);
		await page.screenshot({ path: home });
		shots.push(home);
		await page.goto(`${n8n.baseUrl}/workflow/${wfId}`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="canvas-node"], .vue-flow__node').first().waitFor({ timeout: 60000 });
		await page.waitForTimeout(1500);
		const wf = path.join(outDir, `n8n-${version}-workflow.png`);
		await page.screenshot({ path: wf });
		shots.push(wf);
		console.log(JSON.stringify({ version, browserMs: Date.now() - t0, screenshots: shots, sizes: shots.map((f) => fs.statSync(f).size) }));
	} finally {
		if (browser) await browser.close();
		await n8n.stop();
		n8n.cleanup();
	}
})().catch((e) => {
	console.error(e);
	process.exit(1);
});

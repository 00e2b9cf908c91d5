'use strict';
/**
 * The n8n editor in headless Debian Chromium, driven by playwright-core (both from
 * scripts/n8n/install.js's ensurePlaywrightCore(): playwright-core in the cache, the
 * system's /usr/bin/chromium).
 *
 *   const b = await open(pw, n8n);          // launch + sign in through the sign-in form
 *   await b.connectOAuth1(credentialId);    // credential modal -> Connect -> popup -> Approve
 *   await b.denyOAuth1(credentialId);       // the same, Deny: the error line of n8n's callback page
 *   await b.screenshotNode(workflowId, 'Store Platform', file)   // parameters panel -> PNG
 *   await screenshotTour({ page: b.page, n8n, sandbox, cred, dir })   // docs/editor-*.png (screenshots.js)
 *   await b.close();
 *
 * Selectors are n8n's data-test-id attributes, the same on 2.40.7 and 1.123.81
 * (the Connect button: `quick-connect-button` on 2.x, `oauth-connect-button` on 1.x).
 */
const fs = require('fs');
const path = require('path');

const { screenshotTour } = require('./screenshots');

const CONNECT_BUTTON = [
	'[data-test-id="quick-connect-button"]',
	'[data-test-id="oauth-connect-button"]',
	'[data-test-id="oauth-not-connected-banner"] button',
].join(', ');

async function open(pw, n8n, { viewport = { width: 1280, height: 760 } } = {}) {
	const { chromium } = pw.require();
	const browser = await chromium.launch({
		executablePath: pw.chromiumPath,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
		// the suite handles Ctrl-C/SIGTERM itself (closes the browser among its cleanups, prints the
		// closing line); playwright's own handlers would exit the process first. Playwright still
		// kills the browser if the process exits any other way.
		handleSIGINT: false,
		handleSIGTERM: false,
		handleSIGHUP: false,
	});
	let closed = false;
	const close = async () => {
		if (closed) return;
		closed = true;
		await browser.close().catch(() => undefined);
	};
	try {
		const context = await browser.newContext({ viewport });
		const page = await context.newPage();
		page.setDefaultTimeout(60000);
		await signIn(page, n8n);
		return {
			browser,
			page,
			close,
			connectOAuth1: (id) => connectOAuth1(context, page, n8n, id),
			denyOAuth1: (id) => denyOAuth1(context, page, n8n, id),
			screenshotNode: (id, nodeName, file) => screenshotNode(page, n8n, id, nodeName, file),
		};
	} catch (e) {
		await close();
		throw e;
	}
}

/** The sign-in form, as a user does it (the auth cookie is bound to the browser's own browser-id). */
async function signIn(page, n8n) {
	await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
	const email = page
		.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
		.first();
	await email.waitFor();
	await email.fill(n8n.owner.email);
	const password = page.locator('input[type="password"]').first();
	await password.fill(n8n.owner.password);
	await password.press('Enter');
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/**
 * Opens the credential's modal (/home/credentials/<id>), clicks Connect; n8n opens a
 * popup that goes to the shop's authorize page (the sandbox's), where we click Approve;
 * the shop redirects the popup to n8n's callback, which stores the token and closes it.
 * Resolves when the modal shows "Account connected".
 */
async function connectOAuth1(context, page, n8n, credentialId) {
	await page.goto(`${n8n.baseUrl}/home/credentials/${credentialId}`, {
		waitUntil: 'domcontentloaded',
	});
	const button = page.locator(CONNECT_BUTTON).first();
	await button.waitFor();
	const popupPromise = context.waitForEvent('page');
	await button.click();
	const popup = await popupPromise;
	const closedPromise = popup.waitForEvent('close', { timeout: 60000 }).then(() => true);
	// the popup starts as about:blank, then n8n sends it to <authUrl>?oauth_token=...
	await popup.waitForURL((u) => u.pathname === '/services/oauth/authorize');
	const authorizeUrl = popup.url();
	const approve = popup.locator('button[value="approve"]');
	await approve.waitFor();
	await approve.click();
	// n8n's callback page: success closes the window; an error page stays open
	const outcome = await Promise.race([
		closedPromise,
		popup
			.waitForURL((u) => u.pathname.endsWith('/oauth1-credential/callback'), { timeout: 60000 })
			.then(async () => {
				await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
				await new Promise((r) => setTimeout(r, 2000));
				if (popup.isClosed()) return true;
				const html = await popup.content().catch(() => '');
				const err = /<h4>Error: ([^<]*)<\/h4>/.exec(html);
				if (err || /Failed to connect|Unauthorized/i.test(html))
					throw new Error(
						`n8n callback page: ${
							err
								? err[1]
								: html
										.replace(/<[^>]+>/g, ' ')
										.replace(/\s+/g, ' ')
										.slice(0, 300)
						}`,
					);
				return closedPromise;
			}),
	]);
	if (!outcome) throw new Error('the Connect popup did not finish');
	await page.locator('[data-test-id="oauth-connect-success-banner"]').waitFor();
	return { authorizeUrl: authorizeUrl.replace(/oauth_token=[^&]+/, 'oauth_token=…') };
}

/**
 * Like connectOAuth1, but the shop owner clicks Deny on the authorize page. Resolves with the error line of
 * n8n's callback page in the popup (the popup stays open on it), e.g.
 * "Insufficient parameters for OAuth1 callback.".
 */
async function denyOAuth1(context, page, n8n, credentialId) {
	await page.goto(`${n8n.baseUrl}/home/credentials/${credentialId}`, {
		waitUntil: 'domcontentloaded',
	});
	const button = page.locator(CONNECT_BUTTON).first();
	await button.waitFor();
	const popupPromise = context.waitForEvent('page');
	await button.click();
	const popup = await popupPromise;
	await popup.waitForURL((u) => u.pathname === '/services/oauth/authorize');
	await popup.locator('button[value="deny"]').click();
	await popup.waitForURL((u) => u.pathname.endsWith('/oauth1-credential/callback'), {
		timeout: 60000,
	});
	await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
	const html = await popup.content();
	await popup.close().catch(() => undefined);
	const err = /Error: ([^<]*)</.exec(html);
	return err
		? err[1].trim()
		: html
				.replace(/<[^>]+>/g, ' ')
				.replace(/\s+/g, ' ')
				.slice(0, 300);
}

/**
 * Opens the workflow, double-clicks the node to open its parameters panel (NDV),
 * runs the step once so the output pane shows the shop's data (best effort), and
 * saves a PNG screenshot. Returns its size in bytes.
 */
async function screenshotNode(page, n8n, workflowId, nodeName, file) {
	await page.goto(`${n8n.baseUrl}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
	const node = page
		.locator(
			`[data-test-id="canvas-node"][data-node-name="${nodeName}"], [data-test-id="canvas-node"]:has-text("${nodeName}")`,
		)
		.first();
	await node.waitFor();
	await page.waitForTimeout(500);
	await node.dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await page.locator('[data-test-id="parameter-input-resource"]').waitFor();
	await page.locator('[data-test-id="parameter-input-operation"]').waitFor();
	try {
		await page.locator('[data-test-id="node-execute-button"]').first().click({ timeout: 10000 });
		await page
			.locator('[data-test-id="ndv-output-panel"] table, [data-test-id="output-panel"] table')
			.first()
			.waitFor({ timeout: 30000 });
	} catch {
		/* the screenshot shows the parameters either way */
	}
	await page.mouse.move(0, 0);
	await page.waitForTimeout(800);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	await page.screenshot({ path: file });
	return fs.statSync(file).size;
}

module.exports = { open, screenshotTour };

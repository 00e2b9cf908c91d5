'use strict';
/**
 * Leg "newcomer" (2.x): a walk of the editor as a no-code user without a public URL meets it (issue 35), in
 * headless Chromium, one screenshot per point into build/e2e/<version>/newcomer/ (the useful ones are copied to
 * docs/ by hand):
 *   a. the nodes panel: "Store Platform" opened, the names of its trigger entries
 *   b. the workflow menu … → Import (n8n 2.x words) and the Publish button
 *   c. the webhook trigger: its notice (reachable from the shop), its panel's help with the sandbox's fire command
 *   d. the webhook trigger's Events list: each event in words
 *   e. the poll trigger on Variant: Product ID "From list" offers the products in carts; one picked in two clicks
 *      from the field, Fetch Test Event gives its variants
 *   f. a Product ID saved as text (before the list, 42: a product the sandbox lacks) still shows and runs: the error
 *   g. the action node: Abandoned Cart → Get Many, Simplify off: the product_id of the cart's items (1 and 3)
 *   h. Voucher → Create of a new node: Amount Off empty and marked required, not 0
 * Issue 43 (the README's steps as the editor shows them, and a newcomer's tests):
 *   i. after sign-in: the page the README names; "Add first step"; the nodes panel's two entries for
 *      "Store Platform", the action's "Get many categories" and "On order created" under it; "abandoned cart"
 *      finds the action too; the poll trigger added as README step 3 says ("Add to workflow" when n8n shows it)
 *   j. one execution per action of the user's: the three demos as `npm run dev` imports them (unpublished) beside
 *      the user's published poll and webhook workflows; `npm run sandbox -- change page 1` and
 *      `-- fire order/create` (the sandbox CLI itself) start one execution each, the user's; `--help` lists them
 *   k. the real poll execution opened in the editor: its page item, and no example notice above it
 * Each check waits on the text its point must show (throws when it does not appear). The points live in
 * newcomerSteps/: panels.js (a to h), readme.js (i to k), canvas.js (the workflows and editor moves they share).
 */
const fs = require('fs');
const path = require('path');
const { leg, openBrowser, PROJECT_DIR, NO_BROWSER } = require('./setup');
const { closeToasts } = require('./screenshots');
const { walkPanels } = require('./newcomerSteps/panels');
const { afterSignIn, readmeSteps } = require('./newcomerSteps/readme');

leg(
	'newcomer',
	async (v) => {
		const { n8n, cred, sandbox } = await v.setUp({ start: true });
		const b = await openBrowser(v, n8n);
		if (!b) return;
		const { page } = b;
		// leaving a workflow the editor marks as changed asks "leave the page?": yes (goto hangs otherwise)
		page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
		page.setDefaultNavigationTimeout(180000);
		const dir = path.join(PROJECT_DIR, 'build', 'e2e', v.version, 'newcomer');
		fs.mkdirSync(dir, { recursive: true });
		const shot = async (name, { keepToasts = false } = {}) => {
			if (!keepToasts) await closeToasts(page);
			await page.waitForTimeout(600);
			const file = path.join(dir, name);
			await page.screenshot({ path: file });
			v.log(`screenshot ${path.relative(PROJECT_DIR, file)}`);
		};
		const texts = (selector) => page.locator(selector).allInnerTexts();
		// STORE_PLATFORM_WALK_ONLY=c,f,h walks only those points (the others are reported as skipped)
		const only = (process.env.STORE_PLATFORM_WALK_ONLY || '').split(',').filter(Boolean);
		const check = v.check.bind(v);
		v.check = (name, fn, options) =>
			only.length && !only.includes(name[0])
				? check(`${name} (skipped: STORE_PLATFORM_WALK_ONLY)`, async () => undefined, options)
				: check(name, fn, options);

		const walk = { v, n8n, cred, sandbox, page, shot, texts };

		await afterSignIn(walk);
		const triggerId = await walkPanels(walk);
		await readmeSteps(walk, triggerId);
	},
	{ only2x: true, skip: NO_BROWSER, serial: true },
);

'use strict';
/**
 * Leg "editor" (2.x): the Store Platform node's parameters panel in headless Chromium (after one "Execute step"),
 * as a PNG under 300 KB, then the screenshot tour for the docs (screenshots.js `screenshotTour`: nodes panel, Create
 * form, Get Many output, an output with words, webhook and poll triggers, two failed credential tests, an error):
 * into `docs/` from the newest 2.x of the run, into `build/e2e/<version>/` from the others.
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { leg, openBrowser, versions, PROJECT_DIR, NO_BROWSER } = require('./setup');
const { editorWorkflow } = require('./workflows');
const { screenshotTour } = require('./browser');

/** docs/ gets the screenshots of the first 2.x version of the run (the newest); the others go to build/e2e/. */
const shotDir = (version) =>
	versions().find((x) => Number(x.split('.')[0]) >= 2) === version
		? path.join(PROJECT_DIR, 'docs')
		: path.join(PROJECT_DIR, 'build', 'e2e', version);

leg(
	'editor',
	async (v) => {
		const { n8n, ids, sandbox, cred } = await v.setUp({
			workflows: (cred) => [editorWorkflow(cred)],
			start: true,
		});
		const [editorId] = ids;
		const b = await openBrowser(v, n8n);
		if (!b) return;
		const file = path.join(shotDir(v.version), 'editor.png');
		await v.check(
			`e. editor screenshot: the Store Platform node with its parameters panel -> ${path.relative(PROJECT_DIR, file)} (< 300 KB)`,
			async () => {
				fs.mkdirSync(path.dirname(file), { recursive: true });
				const size = await b.screenshotNode(editorId, 'Store Platform', file);
				assert.ok(size < 300 * 1024, `PNG is ${size} bytes`);
				v.r.screenshot = { file: path.relative(PROJECT_DIR, file), bytes: size };
			},
			{ timeoutMs: 180000 },
		);
		await v.check(
			'e. editor screenshots for docs/: nodes panel, Create form, Get Many output, output with words, webhook trigger, poll trigger after Fetch Test Event, two failed credential tests, error (each < 300 KB)',
			async () => {
				v.r.screenshots = await screenshotTour({
					page: b.page,
					n8n,
					sandbox,
					cred,
					dir: path.dirname(file),
				});
				for (const [shot, bytes] of Object.entries(v.r.screenshots))
					assert.ok(bytes < 300 * 1024, `${shot} is ${bytes} bytes`);
			},
			{ timeoutMs: 300000 },
		);
	},
	// one version after the other: Chromium and n8n's editor bundle want the CPU (page loads time out otherwise)
	{ only2x: true, skip: NO_BROWSER, serial: true },
);

'use strict';
/**
 * Leg "editor" (2.x): the Store Platform node's parameters panel in headless Chromium (after one "Execute step"),
 * as a PNG under 300 KB: `docs/editor.png` from the newest 2.x of the run, `build/e2e/<version>/editor.png` from
 * the others.
 */
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { leg, openBrowser, versions, PROJECT_DIR, NO_BROWSER } = require('./setup');
const { editorWorkflow } = require('./workflows');

/** docs/ gets the screenshots of the first 2.x version of the run (the newest); the others go to build/e2e/. */
const shotDir = (version) =>
	versions().find((x) => Number(x.split('.')[0]) >= 2) === version
		? path.join(PROJECT_DIR, 'docs')
		: path.join(PROJECT_DIR, 'build', 'e2e', version);

leg(
	'editor',
	async (v) => {
		const { n8n, ids } = await v.setUp({
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
	},
	// one version after the other: Chromium and n8n's editor bundle want the CPU (page loads time out otherwise)
	{ only2x: true, skip: NO_BROWSER, serial: true },
);

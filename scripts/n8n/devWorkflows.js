'use strict';
/**
 * What `npm run dev` (dev.js) puts into its n8n and prints: the sandbox credential, three demo workflows (a Get Many,
 * the webhook trigger on order/create, the poll trigger on pages; each node at the typeVersion a new node gets),
 * imported unpublished so that a newcomer's own test starts one execution, their own (issue 43), and the banner
 * that says how to see each
 * trigger fire on the sandbox (sandbox/cliOwner.ts names the commands). Pure, but for the random node ids.
 */
const crypto = require('crypto');

const CRED_ID = 'StorePlatformDev'; // n8n ids: 16 alphanumerics
const CRED_NAME = 'Store Platform sandbox';
const DEMO_LIST_ID = 'SPDemoCategories';
const DEMO_TRIGGER_ID = 'SPDemoOrderEvent';
const DEMO_POLL_ID = 'SPDemoPagePolled';
const DEMO_TRIGGER_HOOK = '5f0c8f6e-8d3e-4c59-9a37-3c1d2b7e0a01';
const NODE = 'n8n-nodes-store-platform.storePlatform';

/** A two-node workflow: `first` -> No Operation (or the node given). */
function twoNodes(id, name, first, second) {
	const next = second || {
		id: crypto.randomUUID(),
		name: 'No Operation',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [260, 0],
		parameters: {},
	};
	return {
		id,
		name,
		nodes: [{ id: crypto.randomUUID(), position: [0, 0], ...first }, next],
		connections: { [first.name]: { main: [[{ node: next.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

const NOTE_WIDTH = 520;

/**
 * The height of a sticky note NOTE_WIDTH wide that shows all of `content` (issue 50: a fixed 220 px cut off the
 * order demo's last line), estimated a little generously: n8n 2.41.1 sets a note's text at 55 to 70 characters a
 * line (code spans are wider), about 19 px a line, 10 px between paragraphs, a heading of 36 px, 24 px of padding
 * (the order demo's 590 characters fill about 230 px in the editor).
 */
function noteHeight(content) {
	const blocks = content.split(/\n+/).filter((b) => b.trim() !== '');
	let px = 24;
	for (const block of blocks)
		px += block.startsWith('#') ? 36 : Math.ceil(block.length / 60) * 20 + 10;
	return Math.ceil(px / 20) * 20;
}

/** A sticky note above a demo workflow's nodes, as n8n saves one (its bottom 40 px above the nodes). */
function note(content) {
	const height = noteHeight(content);
	return {
		id: crypto.randomUUID(),
		name: 'Sticky Note',
		type: 'n8n-nodes-base.stickyNote',
		typeVersion: 1,
		position: [-40, -40 - height],
		parameters: { content, height, width: NOTE_WIDTH, color: 7 },
	};
}

/** Adds a sticky note to a demo workflow. */
const withNote = (workflow, content) => ({
	...workflow,
	nodes: [...workflow.nodes, note(content)],
});

/** The sandbox's commands in a note: the banner prints --port when the sandbox got another port. */
const PORT_WORDS = '(add `--port <port>` if the `npm run dev` banner shows another sandbox port)';

/** The demo workflows, by id: imported once each (dev-state.json lists those imported). */
function demoWorkflows() {
	const credentials = { storePlatformApi: { id: CRED_ID, name: CRED_NAME } };
	return [
		twoNodes(
			DEMO_LIST_ID,
			'Demo: list categories (Store Platform)',
			{
				name: 'When clicking ‘Execute workflow’',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Get Many Categories',
				type: NODE,
				typeVersion: 3,
				position: [260, 0],
				credentials,
				parameters: { resource: 'category', operation: 'getAll', returnAll: true },
			},
		),
		withNote(
			twoNodes(DEMO_TRIGGER_ID, 'Demo: order created (Store Platform Trigger)', {
				name: 'On Order Created',
				type: `${NODE}Trigger`,
				typeVersion: 4,
				webhookId: DEMO_TRIGGER_HOOK,
				credentials,
				parameters: { events: ['order/create'], options: {} },
			}),
			`## See it run\nThis demo is not published, so that your own workflows' tests run alone. Click **Publish** (n8n 1.x: switch it to active): the trigger registers a webhook at the sandbox shop, which reaches n8n on this machine.\n\nRun \`npm run sandbox -- fire order/create\` in another terminal ${PORT_WORDS}: an execution shows the order under **Executions** (one per published workflow on order/create). To see one here instead, open **On Order Created**, click **Execute step** (it listens for one event) and run the same command.`,
		),
		withNote(
			twoNodes(DEMO_POLL_ID, 'Demo: pages created or changed (Store Platform Poll Trigger)', {
				name: 'On Pages Created Or Updated',
				type: `${NODE}PollTrigger`,
				typeVersion: 1,
				credentials,
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					resource: 'page',
					events: ['created', 'updated'],
					options: {},
				},
			}),
			`## See it run\nThis demo is not published, so that your own workflows' tests run alone. Click **Publish** (n8n 1.x: switch it to active): the poll trigger then asks the sandbox shop every minute what changed; no public URL needed.\n\nRun \`npm run sandbox -- change page 1\` in another terminal ${PORT_WORDS}: within a minute an execution under **Executions** shows the page with \`event\` \`page/updated\`. **Fetch Test Event** in **On Pages Created Or Updated** shows the newest page as an example, marked \`"sample": true\`: not a change.`,
		),
	];
}

/** The demo workflows, by id; none is published at import (a published demo would run beside the user's own). */
const DEMO_IDS = [DEMO_LIST_ID, DEMO_TRIGGER_ID, DEMO_POLL_ID];

/**
 * The demo trigger's registrations at the sandbox (the banner's count): those for order/create at the demo
 * workflow's own production URL, not every workflow's. `rows`: the sandbox's webhooks; `url`: n8n's production
 * URL of the demo trigger's webhook (n8n.webhookUrl(DEMO_TRIGGER_HOOK)).
 */
function demoRegistrations(rows, url) {
	return rows.filter((w) => w.section === 'order/create' && w.site_url === url).length;
}

/**
 * The banner printed when n8n is ready. `o`: { version, baseUrl, owner: {email, password}, sandboxUrl, sandboxPort,
 * credentials: {consumerKey, consumerSecret}, hooks (the demo trigger's registrations: demoRegistrations),
 * published (the ids of the demos the user published), watch, seconds }.
 */
function bannerLines(o) {
	const published = o.published || [];
	const state = (id) =>
		published.includes(id)
			? 'published: it runs beside your own workflows'
			: 'not published: Publish to try it';
	const port = o.sandboxPort === 4010 ? '' : ` --port ${o.sandboxPort}`;
	const sandbox = (cmd) => `npm run sandbox -- ${cmd}${port}`;
	const rule = '─'.repeat(78);
	return [
		'',
		rule,
		// the Overview (the demos): at its root, n8n 2.41.1 opens on its n8n Assistant page (an AI assistant that asks
		// for a model provider's API key), not on the workflows
		`  n8n ${o.version} editor   ${o.baseUrl}/home/workflows${o.seconds === undefined ? '' : `   (ready after ${o.seconds}s)`}`,
		`  sign in           email    ${o.owner.email}`,
		`                    password ${o.owner.password}`,
		`  sandbox shop      ${o.sandboxUrl}  (credential "${CRED_NAME}" points at it)`,
		`  Connect (OAuth1)  new credential "Store Platform OAuth1 API": Shop Base URL ${o.sandboxUrl}`,
		`                    Consumer Key ${o.credentials.consumerKey}   Consumer Secret ${o.credentials.consumerSecret}`,
		'                    then Connect, and Approve on the sandbox page',
		'  demo workflows    three, unpublished unless you publish them: a test of yours starts only your own',
		`  list categories   ${o.baseUrl}/workflow/${DEMO_LIST_ID}  Manual Trigger -> Category Get Many`,
		`  webhook trigger   ${o.baseUrl}/workflow/${DEMO_TRIGGER_ID}  Store Platform Trigger on order/create (${state(DEMO_TRIGGER_ID)}${o.hooks ? `, ${o.hooks} registration${o.hooks === 1 ? '' : 's'}` : ''})`,
		`    fire it         ${sandbox('fire order/create')}   (an execution at once in each published workflow on it)`,
		`  poll trigger      ${o.baseUrl}/workflow/${DEMO_POLL_ID}  Store Platform Poll Trigger on Pages, every minute (${state(DEMO_POLL_ID)})`,
		`    fire it         ${sandbox('change page 1')}   (an execution within a minute in each published one)`,
		`    on charges      ${sandbox('accept-charge')}   (a charge accepted: docs/examples/charge-accepted.json)`,
		`  executions        ${o.baseUrl}/home/executions`,
		o.watch
			? '  rebuilds and restarts n8n when nodes/, credentials/ or icons/ change'
			: '  (--no-watch: no rebuilds)',
		'  Ctrl-C stops n8n, the sandbox and the watcher',
		rule,
		'',
	];
}

module.exports = {
	CRED_ID,
	CRED_NAME,
	DEMO_LIST_ID,
	DEMO_TRIGGER_ID,
	DEMO_POLL_ID,
	DEMO_IDS,
	DEMO_TRIGGER_HOOK,
	demoRegistrations,
	demoWorkflows,
	bannerLines,
	noteHeight,
};

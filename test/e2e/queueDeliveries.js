'use strict';
/**
 * What the queue-mode leg (queue.test.js) sends: its workflow (Store Platform Trigger -> HTTP Request to the
 * collector), deliveries signed the PHP way (the signer checked against the vectors PHP generated) and forgeries.
 */
const assert = require('assert');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { collectorNode } = require('./workflows');
const { PROJECT_DIR } = require('../../scripts/n8n/instance');
const { buildDeliveries } = require('../../bench/lib/load');
const { builtTriggerTypeVersion: triggerTypeVersion } = require('../../scripts/n8n/pack');

const EVENTS = ['order/create', 'product/update'];

/** Does the packed trigger have the registration check (issue 16)? Read from the built node in the tarball. */
function triggerHasRegistrationCheck() {
	const file = path.join(
		PROJECT_DIR,
		'dist',
		'nodes',
		'StorePlatform',
		'StorePlatformTrigger.node.js',
	);
	return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('registrationCheckMinutes');
}

/** Store Platform Trigger (both events, registration check every minute) -> HTTP Request to the collector. */
function queueWorkflow(cred, { webhookId, collectorUrl, typeVersion = triggerTypeVersion() }) {
	const nodes = [
		{
			id: crypto.randomUUID(),
			name: 'Store Platform Trigger',
			type: 'n8n-nodes-store-platform.storePlatformTrigger',
			typeVersion,
			position: [0, 0],
			webhookId,
			credentials: { storePlatformApi: { id: cred.id, name: cred.name } },
			parameters: { events: EVENTS, options: { registrationCheckMinutes: 1 } },
		},
		collectorNode(
			collectorUrl,
			'={{ JSON.stringify({ objectId: $json.objectId, event: $json.event, executionId: $execution.id }) }}',
		),
	];
	return {
		name: 'E2E queue: trigger to collector',
		nodes,
		connections: {
			'Store Platform Trigger': { main: [[{ node: 'Post To Collector', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** True when a value holds a non-integer number somewhere (PHP's float formatting; the deliveries have none). */
const hasFloat = (v) =>
	typeof v === 'number'
		? !Number.isInteger(v)
		: v && typeof v === 'object'
			? Object.values(v).some(hasFloat)
			: false;

/**
 * The signer the load uses (the sandbox's http_build_query + HMAC), checked against the vectors PHP generated
 * (test/fixtures/php-hmac): every faithful vector without floats (the deliveries carry none). Returns how many.
 */
function assertPhpSigner(sandboxMod) {
	const fx = JSON.parse(
		fs.readFileSync(path.join(PROJECT_DIR, 'test', 'fixtures', 'php-hmac', 'vectors.json'), 'utf8'),
	);
	const vectors = fx.vectors.filter((v) => v.faithful !== false && !hasFloat(v.params));
	assert.ok(vectors.length >= 15, `only ${vectors.length} vectors`);
	for (const v of vectors) {
		assert.strictEqual(
			sandboxMod.httpBuildQuery(v.params),
			v.query,
			`http_build_query of "${v.name}"`,
		);
		assert.strictEqual(
			sandboxMod.webhookHmac(v.secret || fx.secret, v.params),
			v.signature,
			`signature of "${v.name}"`,
		);
	}
	return vectors.length;
}

/** 50 deliveries that must be refused: wrong, missing, other-body, other-secret, altered-body signatures. */
function forgeries(sandboxMod, secret, count) {
	const genuine = buildDeliveries(sandboxMod, secret, count, { shopId: 1001 });
	return genuine.map((d, i) => {
		const headers = { ...d.headers };
		let body = d.body;
		switch (i % 5) {
			case 0:
				headers['service-hmac-sha256'] = Buffer.from('0'.repeat(64)).toString('base64');
				break;
			case 1:
				delete headers['service-hmac-sha256'];
				break;
			case 2:
				headers['service-hmac-sha256'] = sandboxMod.webhookHmac(secret, { id: 1, other: 'body' });
				break;
			case 3:
				headers['service-hmac-sha256'] = sandboxMod.webhookHmac(
					`${secret}-not`,
					Object.fromEntries(new URLSearchParams(body.toString())),
				);
				break;
			default:
				body = Buffer.from(body.toString().replace('total_price=', 'total_price=1'));
				headers['content-length'] = String(body.length);
		}
		return { body, headers };
	});
}

module.exports = {
	triggerHasRegistrationCheck,
	queueWorkflow,
	assertPhpSigner,
	forgeries,
	triggerTypeVersion,
};

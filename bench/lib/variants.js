'use strict';
/**
 * Variants of the packed package, made by patching a COPY of its compiled files (never the sources):
 *
 * - `legacyUri`: the storePlatformApi credential's authenticate() also takes the legacy request options that n8n's
 *   HTTP Request node passes (`uri` instead of `url`); without it that node fails with "Cannot read properties of
 *   undefined (reading 'includes')". Only used to run the HTTP Request baseline; the node's own requests carry `url`.
 * - `transport`: bench/proto/paginate.ts and bench/proto/request.ts (compiled by `tsc -p tsconfig.json` into
 *   build/bench/proto) replace dist/nodes/StorePlatform/transport/{paginate,request}.js.
 * - `triggerV2`: the trigger node also declares typeVersion 2 (default): n8n evaluates the expression
 *   `{{$parameter["options"]["binaryData"]}}` for every delivery to a typeVersion 1 start node (webhook-helpers
 *   parseRequestBody), which in n8n 2.x runs in an expression isolate.
 * - `secretCache`: the trigger keeps the shared secret of a credential for 60 s instead of calling getCredentials()
 *   (a database read, a decryption and an expression resolution) for every delivery.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const PROJECT_DIR = path.resolve(__dirname, '..', '..');
const PROTO_BUILD = path.join(PROJECT_DIR, 'build', 'bench', 'proto');

function replaceOnce(file, from, to) {
	const text = fs.readFileSync(file, 'utf8');
	const i = typeof from === 'string' ? text.indexOf(from) : text.search(from);
	if (i < 0) throw new Error(`patch: pattern ${from} not found in ${path.basename(file)} (the source changed?)`);
	fs.writeFileSync(file, text.replace(from, to));
}

const PATCHES = {
	legacyUri(pkg) {
		const file = path.join(pkg, 'dist', 'credentials', 'StorePlatformApi.credentials.js');
		fs.appendFileSync(
			file,
			`
;(function benchLegacyUriShim() {
	// bench/lib/variants.js: n8n's HTTP Request node calls authenticate() with IRequestOptions (\`uri\`, not \`url\`)
	const proto = exports.StorePlatformApi.prototype;
	const authenticate = proto.authenticate;
	proto.authenticate = async function (credentials, requestOptions) {
		if (requestOptions && requestOptions.url === undefined && requestOptions.uri !== undefined) {
			const { uri, ...rest } = requestOptions;
			requestOptions = { ...rest, url: String(uri) };
		}
		return authenticate.call(this, credentials, requestOptions);
	};
})();
`,
		);
	},
	transport(pkg) {
		const dest = path.join(pkg, 'dist', 'nodes', 'StorePlatform', 'transport');
		for (const name of ['paginate.js', 'request.js']) {
			const src = path.join(PROTO_BUILD, name);
			if (!fs.existsSync(src)) throw new Error(`${src} missing: run \`npx tsc -p tsconfig.json\` first`);
			const js = fs
				.readFileSync(src, 'utf8')
				.replace(/require\("\.\.\/\.\.\/nodes\/StorePlatform\/transport\/([^"]+)"\)/g, 'require("./$1")')
				.replace(/require\("\.\.\/\.\.\/credentials\/([^"]+)"\)/g, 'require("../../../credentials/$1")')
				.replace(/\/\/# sourceMappingURL=.*$/m, '');
			fs.writeFileSync(path.join(dest, name), js);
		}
	},
	triggerV2(pkg) {
		const file = path.join(pkg, 'dist', 'nodes', 'StorePlatformTrigger', 'StorePlatformTrigger.node.js');
		replaceOnce(file, /version: 1,/, 'version: [1, 2],\n            defaultVersion: 2,');
	},
	secretCache(pkg) {
		const file = path.join(pkg, 'dist', 'nodes', 'StorePlatformTrigger', 'StorePlatformTrigger.node.js');
		replaceOnce(
			file,
			/async function sharedSecret\(ctx\) \{\n\s*const credentials = await ctx\.getCredentials\(\(0, request_1\.credentialType\)\(ctx\)\);\n\s*return String\(credentials\.consumerSecret \?\? ''\);\n\}/,
			`const benchSecretCache = new Map();
async function sharedSecret(ctx) {
    // bench prototype: one getCredentials() per credential and minute, not per delivery
    const type = (0, request_1.credentialType)(ctx);
    const node = ctx.getNode();
    const key = \`\${type}:\${node.credentials?.[type]?.id ?? node.id}\`;
    const hit = benchSecretCache.get(key);
    if (hit && Date.now() - hit.at < 60000) return hit.secret;
    const credentials = await ctx.getCredentials(type);
    const secret = String(credentials.consumerSecret ?? '');
    benchSecretCache.set(key, { secret, at: Date.now() });
    return secret;
}`,
		);
	},
};

const made = [];

/** A copy of `tarball` with the named patches applied; returns the new tarball's path. */
function variantTarball(tarball, patches) {
	if (!patches.length) return tarball;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-bench-pkg-'));
	made.push(dir);
	const x = spawnSync('tar', ['-xzf', tarball, '-C', dir], { encoding: 'utf8' });
	if (x.status !== 0) throw new Error(`tar -x failed: ${x.stderr}`);
	const pkg = path.join(dir, 'package');
	for (const p of patches) {
		if (!PATCHES[p]) throw new Error(`unknown patch ${p}`);
		PATCHES[p](pkg);
	}
	const out = path.join(dir, `${patches.join('+')}-${path.basename(tarball)}`);
	const c = spawnSync('tar', ['-czf', out, '-C', dir, 'package'], { encoding: 'utf8' });
	if (c.status !== 0) throw new Error(`tar -c failed: ${c.stderr}`);
	return out;
}

/** Removes the folders of the variants made so far. */
function cleanupVariants() {
	for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = { variantTarball, cleanupVariants, PATCHES };

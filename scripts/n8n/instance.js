'use strict';
/**
 * Helpers to drive a REAL, isolated n8n (installed by ./install.js) from tests
 * and from `npm run dev`. Plain CommonJS, no dependencies, runs on Node 20
 * (n8n itself may run on Node 24: see install.js).
 *
 *   const { N8nInstance, packProject } = require('./scripts/n8n/instance');
 *   const tgz = packProject();                            // npm run build + npm pack (sync)
 *   const n8n = await N8nInstance.create({ version: '2.40.7' });
 *   await n8n.installPackage(tgz);                        // <folder>/.n8n/nodes
 *   await n8n.importCredentials([{ id, name, type, data }]);
 *   const id = await n8n.importWorkflow(workflowJson);
 *   const { result, ok, error } = await n8n.execute(id);  // n8n execute --rawOutput
 *   await n8n.activate(id);                               // before start()
 *   await n8n.start();                                    // n8n start on a free port
 *   await n8n.login();                                    // owner (env or /rest/owner/setup)
 *   await fetch(n8n.webhookUrl(webhookId));               // production webhook
 *   await n8n.deactivate(id);                             // REST: calls the node's webhook delete()
 *   await n8n.stop(); n8n.cleanup();
 *
 * Differences between the supported versions (see comments at each place):
 *   2.x (2.40.7, Node 24)            | 1.x (1.123.81, Node 20)
 *   ---------------------------------+-------------------------------------------
 *   publish:workflow --id            | update:workflow --id --active=true
 *   N8N_WEBHOOK_URL                  | WEBHOOK_URL
 *   owner from env (MANAGED_BY_ENV)  | POST /rest/owner/setup
 *   task runners always on: every    | runners off by default
 *   process needs its own broker port|
 *   REST (de)activation is applied    | REST (de)activation is synchronous
 *   asynchronously (publication outbox)|
 *   -> waitForPublication()           |
 *   ready: "Editor is now accessible" on stdout for both (1.x healthz answers early)
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const crypto = require('crypto');
const { spawn, spawnSync } = require('child_process');
const { ensureN8n, DEFAULT_VERSION } = require('./install');

const PROJECT_DIR = path.resolve(__dirname, '..', '..');
const PACKAGE_NAME = 'n8n-nodes-store-platform';
const OWNER = {
	email: 'owner@store-platform.test',
	// n8n's password rules: 8-64 chars, a number and an upper-case letter
	password: 'Sandbox-Passw0rd',
	firstName: 'Sandbox',
	lastName: 'Owner',
};
// n8n binds the auth cookie to a `browser-id` header (hash stored in the JWT);
// we send the same constant header on every REST call.
const BROWSER_ID = 'store-platform-e2e-browser';

/**
 * Every n8n process group this module started and that is still alive. They are
 * all ended (SIGKILL to the group) when this Node process exits, however it
 * exits (error, Ctrl-C, timeout), so no n8n or task runner is left behind.
 */
const LIVE = new Set();
function killAll(signal = 'SIGKILL') {
	for (const pid of LIVE) killGroup(pid, signal);
	LIVE.clear();
}
process.on('exit', () => killAll());

function debug(...args) {
	if (process.env.STORE_PLATFORM_E2E_DEBUG) console.error('[n8n]', ...args);
}

/** A free TCP port on 127.0.0.1 (asks the OS for one). */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** 16 alphanumerics, like n8n's own ids (workflow ids must match /^[a-zA-Z0-9]{16}$/ in places). */
function newId() {
	const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(16);
	let s = '';
	for (const b of bytes) s += chars[b % chars.length];
	return s;
}

/**
 * Extracts the result JSON from `n8n execute --rawOutput` output. n8n prints
 * log lines (and on failure the JSON via the logger followed by an error/stack)
 * around a pretty-printed object. We try every line that is exactly "{" as a
 * start and the following lines that are exactly "}" as an end, and keep the
 * last candidate that parses and looks like a run result.
 */
function parseExecuteOutput(text) {
	// strip ANSI colour codes
	const clean = text.replace(/\u001b\[[0-9;]*m/g, '');
	const lines = clean.split(/\r?\n/);
	let found;
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].trimEnd() !== '{') continue;
		for (let j = i + 1; j < lines.length; j++) {
			if (lines[j].trimEnd() !== '}') continue;
			try {
				const obj = JSON.parse(lines.slice(i, j + 1).join('\n'));
				if (obj && typeof obj === 'object' && (obj.data || obj.status || obj.mode)) {
					found = obj;
					i = j;
					break;
				}
			} catch {
				/* not the end yet */
			}
		}
	}
	return found;
}

/** Runs `npm run build` (optional) and `npm pack` of the project into outDir; returns the tarball path. */
function packProject({ projectDir = PROJECT_DIR, outDir, build = true } = {}) {
	if (!outDir) {
		// a temp folder of our own: removed when this process exits
		outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pack-'));
		const dir = outDir;
		process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
	}
	fs.mkdirSync(outDir, { recursive: true });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	if (build) {
		const b = spawnSync(npm, ['run', 'build'], { cwd: projectDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
		if (b.status !== 0) throw new Error(`npm run build failed:\n${b.stdout}\n${b.stderr}`);
	}
	const p = spawnSync(npm, ['pack', '--json', '--pack-destination', outDir], {
		cwd: projectDir,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (p.status !== 0) throw new Error(`npm pack failed:\n${p.stdout}\n${p.stderr}`);
	const info = JSON.parse(p.stdout.slice(p.stdout.indexOf('[')));
	const tgz = path.join(outDir, info[0].filename);
	if (!fs.existsSync(tgz)) throw new Error(`npm pack did not produce ${tgz}`);
	return tgz;
}

class N8nInstance {
	/**
	 * @param {object} opts
	 * @param {string} [opts.version]  '2.40.7' (default) or '1.123.81'
	 * @param {string} [opts.folder]   N8N_USER_FOLDER (default: a fresh temp dir)
	 * @param {object} [opts.env]      extra env for every n8n process
	 * @param {boolean} [opts.keep]    keep the folder on cleanup()
	 * @param {number} [opts.port]     N8N_PORT (default: a free port)
	 */
	static async create(opts = {}) {
		const inst = new N8nInstance(opts);
		await inst.init();
		return inst;
	}

	constructor({ version = process.env.STORE_PLATFORM_N8N_VERSION || DEFAULT_VERSION, folder, env = {}, keep = false, port } = {}) {
		this.version = version;
		this.major = Number(version.split('.')[0]);
		this.folder = folder || fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${version}-`));
		this.extraEnv = env;
		this.keep = keep;
		this.fixedPort = port;
		this.encryptionKey = 'store-platform-e2e-fixed-encryption-key';
		this.owner = { ...OWNER };
		this.proc = undefined;
		this.cookie = undefined;
		this.logFile = path.join(this.folder, 'n8n-start.log');
	}

	async init() {
		this.install = ensureN8n(this.version);
		fs.mkdirSync(path.join(this.folder, '.n8n'), { recursive: true });
		this.port = this.fixedPort || (await freePort());
		// 2.x: task runners are always enabled and each n8n process opens a broker
		// port (default 5679). `n8n start` and a concurrent `n8n execute` (or two
		// instances) would collide, so each process gets its own free port.
		this.brokerPort = await freePort();
		return this;
	}

	get userFolder() {
		return this.folder;
	}
	get nodesDir() {
		return path.join(this.folder, '.n8n', 'nodes');
	}
	get baseUrl() {
		return `http://127.0.0.1:${this.port}`;
	}
	/** Production webhook URL of a node with `webhookId` (trigger node path defaults to 'webhook'). */
	webhookUrl(webhookId, webhookPath = 'webhook') {
		return webhookId ? `${this.baseUrl}/webhook/${webhookId}/${webhookPath}` : `${this.baseUrl}/webhook/${webhookPath}`;
	}

	/** Environment for an n8n process of this instance. */
	env(extra = {}) {
		const env = {
			...process.env,
			...this.install.env,
			N8N_USER_FOLDER: this.folder,
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_EDITOR_BASE_URL: `${this.baseUrl}/`,
			// webhook base URL: set below per version
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			DB_TYPE: 'sqlite',
			DB_SQLITE_POOL_SIZE: '2',
			N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'info',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_SECURE_COOKIE: 'false',
			// quiet, offline (no calls to n8n's cloud from the editor)
			N8N_AI_ENABLED: 'false',
			EXTERNAL_FRONTEND_HOOKS_URLS: '',
		};
		if (this.major >= 2) {
			// 2.x reads N8N_WEBHOOK_URL (and warns that WEBHOOK_URL is deprecated)
			env.N8N_WEBHOOK_URL = `${this.baseUrl}/`;
			// 2.x: the owner account is created from env at startup of every command
			Object.assign(env, this.ownerEnv());
		} else {
			env.WEBHOOK_URL = `${this.baseUrl}/`;
		}
		return { ...env, ...this.extraEnv, ...extra };
	}

	/** 2.x owner from env: N8N_INSTANCE_OWNER_* (password as bcrypt hash). */
	ownerEnv() {
		if (!this._ownerHash) {
			const bcrypt = require(path.join(this.install.dir, 'node_modules', 'bcryptjs'));
			this._ownerHash = bcrypt.hashSync(this.owner.password, 10);
		}
		return {
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: this.owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: this.owner.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: this.owner.lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: this._ownerHash,
		};
	}

	/**
	 * Runs an n8n CLI command to completion. Resolves { code, stdout, stderr, ms };
	 * rejects on a non-zero exit unless allowFail.
	 */
	async run(args, { timeoutMs = 180000, allowFail = false, env = {} } = {}) {
		// 2.x: a CLI command next to a running `n8n start` must not reuse its broker port
		if (this.proc && !env.N8N_RUNNERS_BROKER_PORT) env = { ...env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
		return new Promise((resolve, reject) => {
			const started = Date.now();
			debug('run', args.join(' '));
			const child = spawn(this.install.nodeBin, [this.install.n8nBin, ...args], {
				cwd: this.folder,
				env: this.env({ ...env }),
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: true, // own process group: we can end it and its task runners together
			});
			if (child.pid) LIVE.add(child.pid);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (d) => (stdout += d));
			child.stderr.on('data', (d) => (stderr += d));
			const timer = setTimeout(() => {
				killGroup(child.pid, 'SIGKILL');
				reject(new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs}ms\n${stdout}\n${stderr}`));
			}, timeoutMs);
			child.on('error', (e) => {
				clearTimeout(timer);
				reject(e);
			});
			child.on('close', (code) => {
				clearTimeout(timer);
				LIVE.delete(child.pid);
				killGroup(child.pid, 'SIGKILL'); // task runners it may have left
				const res = { code, stdout, stderr, ms: Date.now() - started };
				debug('exit', code, `${res.ms}ms`);
				if (code !== 0 && !allowFail) {
					const err = new Error(`n8n ${args.join(' ')} exited ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);
					err.result = res;
					reject(err);
				} else resolve(res);
			});
		});
	}

	/**
	 * Installs a packed tarball into <folder>/.n8n/nodes the way users do
	 * (`npm install <pkg>` in ~/.n8n/nodes). n8n loads community packages from
	 * <N8N_USER_FOLDER>/.n8n/nodes/node_modules at startup of every command.
	 */
	async installPackage(tarball, { npmArgs = [] } = {}) {
		const dir = this.nodesDir;
		fs.mkdirSync(dir, { recursive: true });
		const pj = path.join(dir, 'package.json');
		if (!fs.existsSync(pj)) fs.writeFileSync(pj, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		// --legacy-peer-deps: n8n-workflow is a peer dependency and n8n provides its own copy;
		// n8n's community-package installer strips peerDependencies before `npm install`, which
		// this matches. (--omit=peer gives the same tree but npm still resolves the peer's
		// manifests from the registry: 10 s instead of 2 s.) STORE_PLATFORM_E2E_INSTALL=plain
		// installs like a bare `npm install <pkg>` (npm 7+ then also installs n8n-workflow).
		const peers = process.env.STORE_PLATFORM_E2E_INSTALL === 'plain' ? [] : ['--legacy-peer-deps'];
		const args = ['install', path.resolve(tarball), '--ignore-scripts', '--omit=dev', ...peers, '--no-audit', '--no-fund', '--loglevel=error', ...npmArgs];
		const r = spawnSync(npm, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
		if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
		return path.join(dir, 'node_modules', tarballPackageName(tarball));
	}

	writeTemp(name, data) {
		const dir = path.join(this.folder, 'io');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
		fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
		return file;
	}

	/**
	 * Imports credentials. `creds`: array (or one) of { id?, name, type, data } with
	 * PLAIN data: import:credentials encrypts a plain object with the instance key.
	 * Returns the array written (ids filled in).
	 */
	async importCredentials(creds) {
		const list = (Array.isArray(creds) ? creds : [creds]).map((c) => ({ ...c, id: c.id || newId() }));
		const file = this.writeTemp('credentials.json', list);
		await this.run(['import:credentials', `--input=${file}`]);
		return list;
	}

	/** Imports one workflow (object); gives it an id if it has none. Returns the id. */
	async importWorkflow(workflow) {
		return (await this.importWorkflows([workflow]))[0];
	}

	/**
	 * Imports several workflows with ONE `n8n import:workflow` (a JSON array), which
	 * saves a CLI start per workflow. Gives each an id if it has none; returns the ids.
	 */
	async importWorkflows(workflows) {
		const list = workflows.map((workflow) => {
			const wf = { active: false, settings: {}, connections: {}, ...workflow };
			if (!wf.id) wf.id = newId();
			if (!wf.name) wf.name = `e2e ${wf.id}`;
			return wf;
		});
		const file = this.writeTemp('workflows.json', list);
		await this.run(['import:workflow', `--input=${file}`]);
		return list.map((wf) => wf.id);
	}

	/**
	 * `n8n execute --id --rawOutput`. The exit code alone is not enough: it
	 * returns { ok, result, error, status, code, stdout, stderr, ms } where
	 * result is the parsed run JSON (IRun), error its resultData.error.
	 * `n8n execute` must not share the broker port of a running `n8n start`
	 * (2.x), so it gets its own.
	 */
	async execute(id, { timeoutMs = 180000 } = {}) {
		const r = await this.run(['execute', `--id=${id}`, '--rawOutput'], { timeoutMs, allowFail: true });
		const result = parseExecuteOutput(r.stdout) || parseExecuteOutput(r.stdout + '\n' + r.stderr);
		const error = result?.data?.resultData?.error;
		const status = result?.status;
		const ok = r.code === 0 && !!result && !error && (status === undefined || status === 'success');
		return { ok, result, error, status, ...r };
	}

	/** Output items of a node in an execute() result: [{ json, binary? }, ...] of output 0, run 0. */
	static nodeOutput(result, nodeName, { run = 0, output = 0 } = {}) {
		const runs = result?.data?.resultData?.runData?.[nodeName];
		if (!runs || !runs[run]) return undefined;
		return runs[run].data?.main?.[output] || [];
	}

	/** `n8n export:nodes`: array of node type descriptions known to this instance. */
	async exportNodes() {
		const file = path.join(this.folder, 'io', `nodes-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		await this.run(['export:nodes', `--output=${file}`]);
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	}

	/** `n8n export:credentials --all [--decrypted]`: array of stored credentials. */
	async exportCredentials({ decrypted = true } = {}) {
		const file = path.join(this.folder, 'io', `creds-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		const args = ['export:credentials', '--all', `--output=${file}`];
		if (decrypted) args.push('--decrypted');
		await this.run(args);
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	}

	/** `n8n export:workflow --id`: the stored workflow. */
	async exportWorkflow(id) {
		const file = path.join(this.folder, 'io', `wf-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		await this.run(['export:workflow', `--id=${id}`, `--output=${file}`]);
		const data = JSON.parse(fs.readFileSync(file, 'utf8'));
		return Array.isArray(data) ? data[0] : data;
	}

	/**
	 * Activates a workflow from the CLI; takes effect at the next `n8n start`
	 * (n8n must not be running: the CLI only changes the database).
	 *   2.x: `publish:workflow --id` (2.x separates saving from publishing;
	 *        update:workflow --active still exists but is deprecated)
	 *   1.x: `update:workflow --id --active=true`
	 */
	async activate(id) {
		if (this.proc) throw new Error('activate() edits the database: call it before start() (or use activateRest())');
		if (this.major >= 2) return this.run(['publish:workflow', `--id=${id}`]);
		return this.run(['update:workflow', `--id=${id}`, '--active=true']);
	}

	/**
	 * Deactivates from the CLI (n8n not running). Only changes the database: the
	 * trigger's webhook delete() is NOT called (use deactivate() over REST for that).
	 *   2.x: `unpublish:workflow --id`;  1.x: `update:workflow --id --active=false`
	 */
	async deactivateCli(id) {
		if (this.proc) throw new Error('deactivateCli() edits the database: call it while n8n is stopped (or use deactivate())');
		if (this.major >= 2) return this.run(['unpublish:workflow', `--id=${id}`]);
		return this.run(['update:workflow', `--id=${id}`, '--active=false']);
	}

	/**
	 * Starts `n8n start` and waits until the editor/REST API is up ("Editor is now
	 * accessible via" on stdout; on 1.x /healthz answers before the REST API and
	 * the active workflows are ready). Output goes to this.logFile and this.output.
	 */
	async start({ timeoutMs = 180000, waitForActivation = true } = {}) {
		if (this.proc) return this;
		const started = Date.now();
		this.output = '';
		const log = fs.openSync(this.logFile, 'a');
		const child = spawn(this.install.nodeBin, [this.install.n8nBin, 'start'], {
			cwd: this.folder,
			env: this.env(),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		this.proc = child;
		if (child.pid) LIVE.add(child.pid);
		this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
		const onData = (d) => {
			this.output += d;
			fs.writeSync(log, d);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.on('close', () => fs.closeSync(log));

		await new Promise((resolve, reject) => {
			let done = false;
			const finish = (err) => {
				if (done) return;
				done = true;
				clearTimeout(timer);
				clearInterval(poll);
				err ? reject(err) : resolve();
			};
			const timer = setTimeout(() => finish(new Error(`n8n start not ready after ${timeoutMs}ms\n${this.output.slice(-4000)}`)), timeoutMs);
			this.exited.then(({ code, signal }) => finish(new Error(`n8n start exited early (${code ?? signal})\n${this.output.slice(-4000)}`)));
			const poll = setInterval(async () => {
				if (!/Editor is now accessible via/.test(this.output)) return;
				try {
					const r = await fetch(`${this.baseUrl}/healthz`);
					if (r.ok) finish();
				} catch {
					/* not yet */
				}
			}, 200);
		});
		this.readyMs = Date.now() - started;
		// 2.x: the triggers of published workflows are (re)activated AFTER "Editor is
		// now accessible" (publication reconciler + outbox consumer, async), so a
		// production webhook may still answer 404 right after ready. Wait until
		// every active workflow's publication has settled; results (incl. a
		// trigger's create() error) in this.activation[workflowId].
		// 1.x: ActiveWorkflowManager.init() runs before the ready line.
		this.activation = {};
		if (this.major >= 2 && waitForActivation) {
			await this.login();
			const list = (await this.rest('GET', '/workflows')).data || [];
			for (const wf of list.filter((w) => w.active)) {
				this.activation[wf.id] = await this.waitForPublication(wf.id, ['published', 'partial', 'failed'], { timeoutMs: 60000 });
			}
		}
		this.startMs = Date.now() - started;
		return this;
	}

	/** Stops `n8n start` (SIGTERM to its process group, SIGKILL after a grace period). */
	async stop({ graceMs = 20000 } = {}) {
		const child = this.proc;
		if (!child) return;
		this.proc = undefined;
		this.cookie = undefined;
		if (child.exitCode === null && child.signalCode === null) {
			killGroup(child.pid, 'SIGTERM');
			const t = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
			await this.exited;
			clearTimeout(t);
		}
		// task runner children are in the same group; make sure none is left
		killGroup(child.pid, 'SIGKILL');
		LIVE.delete(child.pid);
	}

	/** Removes the user folder (unless keep). Call after stop(). */
	cleanup() {
		if (this.keep || process.env.STORE_PLATFORM_E2E_KEEP) {
			console.error(`[n8n] kept ${this.folder}`);
			return;
		}
		fs.rmSync(this.folder, { recursive: true, force: true });
	}

	/**
	 * Internal REST API call (`/rest/...`) with the owner's auth cookie.
	 * Returns { status, body, headers }. Throws on >= 400 unless allowFail.
	 */
	async rest(method, route, body, { allowFail = false, headers = {} } = {}) {
		const res = await fetch(`${this.baseUrl}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': BROWSER_ID,
				...(this.cookie ? { cookie: this.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			redirect: 'manual',
		});
		const setCookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const m = /^(n8n-auth=[^;]*)/.exec(c);
			if (m) this.cookie = m[1];
		}
		const text = await res.text();
		let parsed = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			/* keep text */
		}
		if (res.status >= 400 && !allowFail) {
			const err = new Error(`${method} /rest${route} -> ${res.status}: ${text.slice(0, 1000)}`);
			err.status = res.status;
			err.body = parsed;
			throw err;
		}
		// n8n wraps most REST answers as { data: ... }
		return { status: res.status, body: parsed, data: parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed, headers: res.headers };
	}

	/**
	 * Makes sure the owner exists, then logs in (stores the n8n-auth cookie).
	 *   2.x: owner comes from env (N8N_INSTANCE_OWNER_MANAGED_BY_ENV=true ...)
	 *   1.x: POST /rest/owner/setup { email, firstName, lastName, password }
	 *        (allowed while no owner is set up; 400 afterwards, which we ignore)
	 * Login: POST /rest/login { emailOrLdapLoginId, password } on both versions
	 * (older n8n used { email, password }; we fall back to it on a 400).
	 */
	async login() {
		if (this.major < 2) {
			const r = await this.rest('POST', '/owner/setup', { ...this.owner }, { allowFail: true });
			if (r.status >= 400 && !/already.*setup|Instance owner already/i.test(JSON.stringify(r.body))) {
				throw new Error(`owner setup failed: ${r.status} ${JSON.stringify(r.body)}`);
			}
		}
		let r = await this.rest('POST', '/login', { emailOrLdapLoginId: this.owner.email, password: this.owner.password }, { allowFail: true });
		if (r.status === 400) r = await this.rest('POST', '/login', { email: this.owner.email, password: this.owner.password }, { allowFail: true });
		if (r.status >= 400 || !this.cookie) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
		return r.data;
	}

	/**
	 * GET of a non-/rest path of the running instance with the owner cookie (e.g.
	 * `/types/credentials.json`, the credential types the editor loads).
	 * Returns { status, body } (body parsed as JSON when it is JSON).
	 */
	async getPath(pathname) {
		if (!this.cookie) await this.login();
		const res = await fetch(`${this.baseUrl}${pathname}`, { headers: { cookie: this.cookie, 'browser-id': BROWSER_ID } });
		const text = await res.text();
		let body = text;
		try {
			body = JSON.parse(text);
		} catch {
			/* keep text */
		}
		return { status: res.status, body };
	}

	/**
	 * Creates a credential through the REST API, like the editor's credential modal:
	 * POST /rest/credentials { name, type, data } (both versions; the owner's
	 * personal project). Returns the stored credential ({ id, name, type, ... }).
	 */
	async createCredentialRest({ name, type, data }) {
		if (!this.cookie) await this.login();
		return (await this.rest('POST', '/credentials', { name, type, data })).data;
	}

	/**
	 * Creates a workflow through the REST API (what the editor's Save does):
	 * POST /rest/workflows { name, nodes, connections, settings }. Returns its id.
	 * Faster than `import:workflow` (no CLI start) while n8n runs.
	 */
	async createWorkflowRest(workflow) {
		if (!this.cookie) await this.login();
		const { name, nodes, connections, settings = {} } = workflow;
		return (await this.rest('POST', '/workflows', { name, nodes, connections, settings, active: false })).data.id;
	}

	/**
	 * Executions of a workflow (newest first) from GET /rest/executions?filter=..
	 * (both versions answer { data: { count, results: [...] } }).
	 */
	async executions(workflowId) {
		if (!this.cookie) await this.login();
		const q = encodeURIComponent(JSON.stringify({ workflowId }));
		const d = (await this.rest('GET', `/executions?filter=${q}`)).data;
		return Array.isArray(d) ? d : d?.results || [];
	}

	/** GET /rest/workflows/:id */
	async getWorkflow(id) {
		if (!this.cookie) await this.login();
		return (await this.rest('GET', `/workflows/${id}`)).data;
	}

	/**
	 * 2.x only: GET /rest/workflows/:id/publication-status ->
	 *   { status: 'in_progress'|'not_published'|'published'|'partial'|'failed',
	 *     liveVersionId, pendingVersionId, triggers: [{ nodeId, status, errorMessage }] }
	 * (404 when N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false, and on 1.x).
	 */
	async publicationStatus(id) {
		if (!this.cookie) await this.login();
		return (await this.rest('GET', `/workflows/${id}/publication-status`)).data;
	}

	/**
	 * 2.x: (de)activation through REST only queues a publication record (outbox,
	 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE defaults to true); a consumer applies it
	 * asynchronously, i.e. the trigger's create()/delete() run AFTER the REST call
	 * returned. Polls publication-status until it settles on one of `want`.
	 * 1.x: (de)activation is synchronous, nothing to wait for.
	 */
	async waitForPublication(id, want, { timeoutMs = 30000 } = {}) {
		if (this.major < 2) return undefined;
		const wanted = Array.isArray(want) ? want : [want];
		const end = Date.now() + timeoutMs;
		let st;
		for (;;) {
			st = await this.publicationStatus(id);
			if (st.status !== 'in_progress' && wanted.includes(st.status)) return st;
			// 'not_published' while waiting for 'published': the reconciler has not
			// enqueued the workflow yet (right after start) -> keep polling
			if (st.status !== 'in_progress' && ['failed', 'partial'].includes(st.status) && !wanted.includes(st.status)) {
				const msgs = (st.triggers || []).filter((t) => t.status === 'failed').map((t) => t.errorMessage);
				const err = new Error(`publication of ${id} ${st.status}: ${msgs.join('; ')}`);
				err.publication = st;
				throw err;
			}
			if (Date.now() > end) throw new Error(`publication of ${id} did not reach ${wanted.join('|')} in ${timeoutMs}ms: ${JSON.stringify(st)}`);
			await new Promise((r) => setTimeout(r, 100));
		}
	}

	/**
	 * Deactivates an active workflow through the REST API, so n8n calls the
	 * trigger's webhookMethods.default.delete() (a SIGTERM does not).
	 *   both: POST /rest/workflows/:id/deactivate, body {} (2.x accepts an
	 *         optional { expectedChecksum }); answers the workflow, active:false.
	 *   2.x: delete() runs asynchronously after the answer; with wait (default)
	 *        we poll publication-status until 'not_published'.
	 */
	async deactivate(id, { wait = true } = {}) {
		if (!this.cookie) await this.login();
		const wf = (await this.rest('POST', `/workflows/${id}/deactivate`, {})).data;
		if (wait) await this.waitForPublication(id, 'not_published');
		return wf;
	}

	/**
	 * Activates (2.x: publishes) a workflow through REST while n8n runs, so n8n
	 * calls the trigger's checkExists()/create().
	 *   both: POST /rest/workflows/:id/activate { versionId } (1.x: versionId
	 *         required; 2.x: optional, defaults to the current draft version;
	 *         also { name, description, expectedChecksum }).
	 *   2.x: create() runs asynchronously; with wait (default) we poll
	 *        publication-status until 'published' (throws with the trigger's
	 *        error message when the publication 'failed').
	 *   1.x: an activation error is the REST error (400) itself.
	 */
	async activateRest(id, { wait = true } = {}) {
		if (!this.cookie) await this.login();
		const wf = await this.getWorkflow(id);
		const res = (await this.rest('POST', `/workflows/${id}/activate`, { versionId: wf.versionId })).data;
		if (wait) await this.waitForPublication(id, 'published');
		return res;
	}

	/**
	 * OAuth1 "Connect" step 1 (what the editor does when you click Connect):
	 *   GET /rest/oauth1-credential/auth?id=<credentialId>  (auth cookie needed)
	 * n8n then calls the provider's requestTokenUrl (see README/report) and
	 * answers { data: "<authUrl>?oauth_token=<request token>" }.
	 */
	async oauth1AuthUri(credentialId) {
		if (!this.cookie) await this.login();
		return (await this.rest('GET', `/oauth1-credential/auth?id=${encodeURIComponent(credentialId)}`)).data;
	}

	/**
	 * OAuth1 "Connect" step 3: the browser lands on n8n's callback
	 *   GET /rest/oauth1-credential/callback?oauth_token=..&oauth_verifier=..&state=..
	 * (the callback URL n8n generated: <base>/rest/oauth1-credential/callback?state=...).
	 * n8n then calls accessTokenUrl and stores oauthTokenData in the credential.
	 * Sends the owner cookie like a browser would (2.x rejects the callback
	 * without a logged-in user: N8N_SKIP_AUTH_ON_OAUTH_CALLBACK defaults to
	 * false in 2.x, true in 1.x). Returns { status, html, ok }:
	 * ok when n8n rendered its success page (no error text).
	 */
	async oauth1Callback(callbackUrl, { oauth_token, oauth_verifier }) {
		if (!this.cookie) await this.login();
		const u = new URL(callbackUrl);
		if (oauth_token) u.searchParams.set('oauth_token', oauth_token);
		if (oauth_verifier) u.searchParams.set('oauth_verifier', oauth_verifier);
		const res = await fetch(u, { headers: { cookie: this.cookie, 'browser-id': BROWSER_ID }, redirect: 'manual' });
		const html = await res.text();
		// n8n renders templates/oauth-callback (success) or oauth-error-callback
		// ("Failed to connect." + <h4>Error: message</h4>) with status 200 either way
		const ok = res.status === 200 && !/Failed to connect/.test(html);
		const m = /<h4>Error: ([^<]*)<\/h4>/.exec(html);
		return { status: res.status, html, ok, error: m ? m[1] : ok ? undefined : html.slice(0, 500) };
	}

	/** Polls a URL until its status is (not) 404, e.g. a production webhook after (de)activation. */
	async waitForWebhook(url, { registered = true, method = 'HEAD', timeoutMs = 30000 } = {}) {
		const end = Date.now() + timeoutMs;
		for (;;) {
			const r = await fetch(url, { method }).catch(() => undefined);
			if (r && (r.status !== 404) === registered) return r.status;
			if (Date.now() > end) throw new Error(`${url} still ${registered ? 'unregistered' : 'registered'} after ${timeoutMs}ms`);
			await new Promise((res) => setTimeout(res, 100));
		}
	}
}

/** The package name inside an npm tarball (package/package.json). */
function tarballPackageName(tarball) {
	const r = spawnSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' });
	if (r.status !== 0) return PACKAGE_NAME;
	return JSON.parse(r.stdout).name;
}

function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch {
		/* already gone */
	}
}

module.exports = { N8nInstance, killAll, packProject, parseExecuteOutput, freePort, newId, PACKAGE_NAME, OWNER, BROWSER_ID, PROJECT_DIR };

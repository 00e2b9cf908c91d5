'use strict';
/**
 * Helpers to drive a REAL, isolated n8n (installed by ./install.js) from tests
 * and from `npm run dev`. Plain CommonJS, no dependencies, runs on Node 20
 * (n8n itself may run on Node 24: see install.js).
 *
 *   const { N8nInstance, packProject } = require('./scripts/n8n/instance');
 *   const tgz = packProject();                            // npm run build + npm pack (sync)
 *   const n8n = await N8nInstance.create({ version: '2.41.1' });
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
 * This file holds the instance itself (user folder, environment, start/stop); the rest lives in
 * modules named for what they hold, mixed into N8nInstance here:
 *   process.js   process groups (killAll on exit), free ports, run-to-end / spawn / wait-ready / stop
 *   cli.js       CLI import / export / execute / publish (cliMethods), parseExecuteOutput, newId
 *   rest.js      REST client: login, credentials, workflows, executions, (de)activation (restMethods)
 *   packages.js  package install into .n8n/nodes
 *   pack.js      npm run build + npm pack
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
const path = require('path');
const { ensureN8n, DEFAULT_VERSION } = require('./install');
const { killAll, freePort, runToEnd, spawnServer, waitReady, stopServer } = require('./process');
const { cliMethods, parseExecuteOutput, newId, nodeOutput } = require('./cli');
const { restMethods, OWNER, BROWSER_ID } = require('./rest');
const { npmInstallPackage } = require('./packages');
const { packProject, PROJECT_DIR, PACKAGE_NAME } = require('./pack');

class N8nInstance {
	/**
	 * @param {object} opts
	 * @param {string} [opts.version]  '2.41.1' (default), '2.40.7' or '1.123.81'
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

	constructor({
		version = process.env.STORE_PLATFORM_N8N_VERSION || DEFAULT_VERSION,
		folder,
		env = {},
		keep = false,
		port,
	} = {}) {
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
		return webhookId
			? `${this.baseUrl}/webhook/${webhookId}/${webhookPath}`
			: `${this.baseUrl}/webhook/${webhookPath}`;
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

	/**
	 * 2.x owner from env: N8N_INSTANCE_OWNER_* (password as bcrypt hash). n8n writes the hash into the owner at
	 * every start, and a browser's session is bound to it: a new hash (a new salt) signs everyone out. So a kept
	 * user folder (`npm run dev`) keeps its hash in <folder>/.n8n/owner-password-hash while it still matches.
	 */
	ownerEnv() {
		if (!this._ownerHash) {
			const bcrypt = require(path.join(this.install.dir, 'node_modules', 'bcryptjs'));
			const kept = path.join(this.folder, '.n8n', 'owner-password-hash');
			let hash;
			try {
				hash = fs.readFileSync(kept, 'utf8').trim();
			} catch {
				/* none yet */
			}
			if (!hash || !bcrypt.compareSync(this.owner.password, hash)) {
				hash = bcrypt.hashSync(this.owner.password, 10);
				if (this.keep) fs.writeFileSync(kept, hash);
			}
			this._ownerHash = hash;
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
		if (this.proc && !env.N8N_RUNNERS_BROKER_PORT)
			env = { ...env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
		return runToEnd(this.install, args, {
			cwd: this.folder,
			env: this.env({ ...env }),
			timeoutMs,
			allowFail,
		});
	}

	/**
	 * Installs a packed tarball into <folder>/.n8n/nodes the way users do
	 * (`npm install <pkg>` in ~/.n8n/nodes). n8n loads community packages from
	 * <N8N_USER_FOLDER>/.n8n/nodes/node_modules at startup of every command.
	 */
	async installPackage(tarball, { npmArgs = [] } = {}) {
		return npmInstallPackage(this.nodesDir, tarball, { npmArgs });
	}

	/**
	 * Starts `n8n start` and waits until the editor/REST API is up ("Editor is now
	 * accessible via" on stdout; on 1.x /healthz answers before the REST API and
	 * the active workflows are ready). Output goes to this.logFile and this.output.
	 */
	async start({ timeoutMs = 180000, waitForActivation = true } = {}) {
		if (this.proc) return this;
		const started = Date.now();
		// the task broker's port is taken afresh at every start, and once more when another process took it in the
		// meantime (the legs run side by side; a port free when asked may be an outgoing connection's a second later)
		for (let attempt = 1; ; attempt++) {
			this.brokerPort = await freePort();
			const server = spawnServer(this.install, ['start'], {
				cwd: this.folder,
				env: this.env(),
				logFile: this.logFile,
			});
			this.server = server;
			this.proc = server.child;
			this.exited = server.exited;
			Object.defineProperty(this, 'output', {
				configurable: true,
				enumerable: true,
				get: () => server.output,
			});
			try {
				await waitReady(
					server,
					async (output) => {
						if (!/Editor is now accessible via/.test(output)) return false;
						const r = await fetch(`${this.baseUrl}/healthz`);
						return r.ok;
					},
					{ timeoutMs, name: 'n8n start' },
				);
				break;
			} catch (error) {
				const taken = /Task Broker's port \d+ is already in use/.test(
					`${error?.message ?? ''}\n${server.output ?? ''}`,
				);
				if (!taken || attempt >= 3) throw error;
				await stopServer(server);
				this.proc = undefined;
			}
		}
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
				this.activation[wf.id] = await this.waitForPublication(
					wf.id,
					['published', 'partial', 'failed'],
					{ timeoutMs: 60000 },
				);
			}
		}
		this.startMs = Date.now() - started;
		return this;
	}

	/** Stops `n8n start` (SIGTERM to its process group, SIGKILL after a grace period). */
	async stop({ graceMs = 20000 } = {}) {
		const server = this.server;
		if (!this.proc || !server) return;
		this.proc = undefined;
		this.server = undefined;
		this.cookie = undefined;
		await stopServer(server, { graceMs });
	}

	/** Removes the user folder (unless keep). Call after stop(). */
	cleanup() {
		if (this.keep || process.env.STORE_PLATFORM_E2E_KEEP) {
			console.error(`[n8n] kept ${this.folder}`);
			return;
		}
		fs.rmSync(this.folder, { recursive: true, force: true });
	}

	/** Output items of a node in an execute() result: [{ json, binary? }, ...] of output 0, run 0. */
	static nodeOutput(result, nodeName, opts) {
		return nodeOutput(result, nodeName, opts);
	}
}

// the CLI and REST methods, as non-enumerable prototype methods like the ones above
for (const methods of [cliMethods, restMethods]) {
	for (const [name, fn] of Object.entries(methods)) {
		Object.defineProperty(N8nInstance.prototype, name, {
			value: fn,
			writable: true,
			configurable: true,
			enumerable: false,
		});
	}
}

module.exports = {
	N8nInstance,
	killAll,
	packProject,
	parseExecuteOutput,
	freePort,
	newId,
	PACKAGE_NAME,
	OWNER,
	BROWSER_ID,
	PROJECT_DIR,
};

'use strict';
/**
 * An n8n queue-mode cluster on this machine (2.x): Postgres + Redis (./services.js), and three n8n processes
 * sharing ONE user folder (so one community-package install serves all three), one encryption key, one
 * database, one Redis:
 *   main     `n8n start` with N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true (editor, REST, activation; serves no
 *            production webhook); an N8nInstance, so its CLI and REST helpers work as usual
 *   worker   `n8n worker` (runs the executions the queue hands it)
 *   webhook  `n8n webhook` on its own port: the public address (N8N_WEBHOOK_URL) points here, so the shop
 *            receives this process's URL at activation and delivers to it
 *
 *   const cluster = await QueueCluster.create({ version: '2.41.1' });
 *   cluster.installPackage(tgz);        // like n8n 2.40.7's community-package installer, once for all three
 *   await cluster.main.importCredentials(...); await cluster.main.importWorkflows(...); await cluster.main.activate(id);
 *   await cluster.start();              // main, then worker and webhook side by side
 *   await fetch(cluster.webhookUrl(hookId));
 *   cluster.executions(workflowId);     // execution rows in Postgres
 *   cluster.workerExecutionIds();       // ids of "Worker started execution <id>" in the worker's log
 *   await cluster.destroy();            // every process, then Postgres and Redis; folders removed
 */
const path = require('path');
const { N8nInstance } = require('./instance');
const { DEFAULT_VERSION } = require('./install');
const { freePort, spawnServer, waitReady, stopServer } = require('./process');
const { n8nStyleInstallPackage } = require('./packages');
const { ensureServices, startPostgres, startRedis } = require('./services');

class QueueCluster {
	/**
	 * Installs Postgres/Redis when missing and allowed (see services.js), starts them, prepares the user folder.
	 * @param {object} opts
	 * @param {string} [opts.version]  n8n version (2.x; default: install.js's DEFAULT_VERSION, 2.41.1)
	 * @param {object} [opts.env]      extra env for every n8n process of the cluster
	 * @param {boolean} [opts.keep]    keep the user folder at destroy()
	 * @param {function} [opts.log]    progress lines
	 */
	static async create({ version = DEFAULT_VERSION, env = {}, keep = false, log = () => {} } = {}) {
		if (Number(version.split('.')[0]) < 2)
			throw new Error('QueueCluster drives n8n 2.x (N8N_WEBHOOK_URL, owner from env)');
		const c = new QueueCluster();
		c.services = ensureServices({ log });
		c.pg = await startPostgres({ pgBin: c.services.pgBin });
		try {
			c.redis = await startRedis({ redisServer: c.services.redisServer });
			c.webhookPort = await freePort();
			c.workerPort = await freePort();
			c.baseEnv = env;
			c.main = await N8nInstance.create({ version, keep, env: c.clusterEnv(env) });
		} catch (e) {
			await c.destroy();
			throw e;
		}
		return c;
	}

	/** Environment every process of the cluster shares (on top of N8nInstance.env()). */
	clusterEnv(extra = {}) {
		return {
			EXECUTIONS_MODE: 'queue',
			...this.pg.env,
			...this.redis.env,
			// the public address of production webhooks: the webhook process (2.x reads N8N_WEBHOOK_URL; the
			// deprecated WEBHOOK_URL only when N8N_WEBHOOK_URL is unset)
			N8N_WEBHOOK_URL: `${this.webhookBaseUrl}/`,
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			QUEUE_HEALTH_CHECK_ACTIVE: 'false',
			...extra,
		};
	}

	get webhookBaseUrl() {
		return `http://127.0.0.1:${this.webhookPort}`;
	}

	/** Production webhook URL at the webhook process. */
	webhookUrl(webhookId, webhookPath = 'webhook') {
		return webhookId
			? `${this.webhookBaseUrl}/webhook/${webhookId}/${webhookPath}`
			: `${this.webhookBaseUrl}/webhook/${webhookPath}`;
	}

	/** The package into the shared user folder, the way n8n 2.40.7 installs a community package. */
	installPackage(tarball) {
		return n8nStyleInstallPackage(this.main.nodesDir, tarball);
	}

	/** Changes the extra env of every process (takes effect at the next start()). */
	setEnv(extra) {
		this.baseEnv = extra;
		this.main.extraEnv = this.clusterEnv(extra);
	}

	/**
	 * Starts main (waits for the editor and for every active workflow's publication), then the worker and the
	 * webhook process side by side. Each has its own port and task-runner broker port.
	 */
	async start({ timeoutMs = 240000 } = {}) {
		const t0 = Date.now();
		await this.main.start({ timeoutMs });
		this.times = { main: Date.now() - t0 };
		const spawnOne = async (name, args, port, ready) => {
			const t = Date.now();
			const env = this.main.env({
				N8N_PORT: String(port),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			});
			const server = spawnServer(this.main.install, args, {
				cwd: this.main.folder,
				env,
				logFile: path.join(this.main.folder, `n8n-${name}.log`),
			});
			this[name] = server;
			await waitReady(server, ready, { timeoutMs, name: `n8n ${name}` });
			this.times[name] = Date.now() - t;
		};
		await Promise.all([
			spawnOne('worker', ['worker'], this.workerPort, (out) => /n8n worker is now ready/.test(out)),
			spawnOne('webhook', ['webhook'], this.webhookPort, async (out) => {
				if (!/Webhook listener waiting for requests/.test(out)) return false;
				return (await fetch(`${this.webhookBaseUrl}/healthz`)).ok;
			}),
		]);
		this.times.total = Date.now() - t0;
		return this;
	}

	/** Stops the webhook process, the worker, then main (Postgres and Redis keep running). */
	async stop() {
		const [webhook, worker] = [this.webhook, this.worker];
		this.webhook = undefined;
		this.worker = undefined;
		await stopServer(webhook);
		await stopServer(worker);
		await this.main?.stop();
	}

	/** Everything stopped, Postgres and Redis too; the user folder removed (unless keep). */
	async destroy() {
		try {
			await this.stop();
		} finally {
			this.main?.cleanup();
			await this.redis?.stop();
			await this.pg?.stop();
		}
	}

	/** Log files of the three processes (kept with the folder). */
	get logFiles() {
		const dir = this.main.folder;
		return {
			main: this.main.logFile,
			worker: path.join(dir, 'n8n-worker.log'),
			webhook: path.join(dir, 'n8n-webhook.log'),
		};
	}

	/** Execution rows of a workflow in Postgres: [{ id, status, mode, finished }]. */
	executions(workflowId) {
		if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${workflowId}`);
		return this.pg
			.query(
				`select id, status, mode, finished from execution_entity where "workflowId" = '${workflowId}' order by id`,
			)
			.map(([id, status, mode, finished]) => ({ id, status, mode, finished: finished === 't' }));
	}

	/**
	 * Execution rows of a workflow in Postgres, counted. A row is written when a delivery is queued (status
	 * 'new'); with `{ finished: true }` only those the worker has ended (status not new/running/waiting).
	 */
	executionCount(workflowId, { finished = false } = {}) {
		if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${workflowId}`);
		const where = finished ? ` and status not in ('new', 'running', 'waiting')` : '';
		return Number(
			this.pg.query(
				`select count(*) from execution_entity where "workflowId" = '${workflowId}'${where}`,
			)[0][0],
		);
	}

	/** Execution ids in "Worker started execution <id>" (or "finished") lines of a process's output, in order. */
	static executionIdsIn(output, what = 'started') {
		const re = new RegExp(`Worker ${what} execution (\\d+)`, 'g');
		return [...String(output || '').matchAll(re)].map((m) => m[1]);
	}

	workerExecutionIds(what = 'started') {
		return QueueCluster.executionIdsIn(this.worker?.output, what);
	}
}

module.exports = { QueueCluster };

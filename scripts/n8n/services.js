'use strict';
/**
 * Postgres and Redis for n8n's queue mode, from Debian's `postgresql` and `redis-server` packages, each
 * started on a free loopback port in a temporary folder and stopped (folder removed) afterwards.
 *
 *   ensureServices()                      finds the binaries; installs the packages when missing and it may
 *                                         (root + apt-get: `apt-get update`, then `apt-get install`), else
 *                                         throws an error that says how
 *   const pg = await startPostgres();     { host, port, user, password, database, env, query(sql), stop() }
 *   const redis = await startRedis();     { host, port, env, stop() }
 *
 * Postgres refuses to run as root: as root, the server runs as the `postgres` system user the Debian
 * package creates (or `store-platform-pg`, created here when that is missing), through `setpriv`.
 * Every server is in its own process group and killed when this Node process exits, however it exits.
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { LIVE, killGroup, freePort } = require('./process');
const { aptInstall, which } = require('./apt');
const { cacheRoot, withLock } = require('./cache');

const PG_USER = 'n8n';
const PG_DATABASE = 'n8n';

/** The newest /usr/lib/postgresql/<major>/bin (Debian's layout), or undefined. */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (process.env.STORE_PLATFORM_PG_BIN) return process.env.STORE_PLATFORM_PG_BIN;
	if (!fs.existsSync(root)) return undefined;
	const majors = fs
		.readdirSync(root)
		.filter(
			(v) =>
				fs.existsSync(path.join(root, v, 'bin', 'initdb')) &&
				fs.existsSync(path.join(root, v, 'bin', 'postgres')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

function redisServerBin() {
	return (
		process.env.STORE_PLATFORM_REDIS_SERVER ||
		which('redis-server') ||
		(fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined)
	);
}

/** What is missing: [{ pkg, why }] */
function missingServices() {
	const missing = [];
	const pg = postgresBinDir();
	if (!pg || !fs.existsSync(path.join(pg, 'psql')))
		missing.push({
			pkg: 'postgresql',
			why: 'initdb, postgres and psql (/usr/lib/postgresql/<major>/bin)',
		});
	if (!redisServerBin()) missing.push({ pkg: 'redis-server', why: 'redis-server' });
	return missing;
}

/**
 * Makes sure Debian's postgresql and redis-server are installed. When missing: installs them if this
 * process is root on a machine with apt-get (and STORE_PLATFORM_NO_APT is not set), with the packages'
 * own services kept from starting (a temporary /usr/sbin/policy-rc.d, as in containers); otherwise throws
 * an error saying how. `log` receives progress lines. Returns { pgBin, redisServer, installed: [...] }.
 */
function ensureServices({ log = () => {}, timeoutMs = 15 * 60 * 1000 } = {}) {
	let missing = missingServices();
	const installed = [];
	if (missing.length) {
		try {
			// two legs (queue, poll) may start queue mode at once: one apt-get at a time, the other then finds them
			withLock(
				SERVICES_LOCK_DIR(),
				() => missingServices().length === 0,
				() =>
					installed.push(
						...aptInstall(
							missingServices().map((m) => m.pkg),
							{ why: `queue mode (${missing.map((m) => m.why).join('; ')})`, log, timeoutMs },
						),
					),
			);
		} catch (e) {
			throw new Error(
				`${e.message}\nor point STORE_PLATFORM_PG_BIN (folder with initdb, postgres, psql) and STORE_PLATFORM_REDIS_SERVER at existing binaries.`,
			);
		}
		missing = missingServices();
		if (missing.length)
			throw new Error(
				`still missing after apt-get install: ${missing.map((m) => m.why).join('; ')}`,
			);
	}
	return { pgBin: postgresBinDir(), redisServer: redisServerBin(), installed };
}

/** The lock (`<dir>.lock`, see cache.js withLock) held while apt-get installs the services. */
const SERVICES_LOCK_DIR = () => path.join(cacheRoot(), 'queue-services');

/** The system user the postgres server runs as when we are root (created when missing). */
function postgresRunUser() {
	for (const name of ['postgres', 'store-platform-pg']) {
		const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
		if (r.status === 0) return name;
	}
	const r = spawnSync(
		'useradd',
		['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'store-platform-pg'],
		{ encoding: 'utf8' },
	);
	if (r.status !== 0) throw new Error(`useradd store-platform-pg failed: ${r.stderr}`);
	return 'store-platform-pg';
}

/** Command prefix that runs a program as `user` (no intermediate process: setpriv execs it). */
function asUser(user) {
	if (!user) return [];
	return ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', '--'];
}

function spawnGroup(cmd, args, { cwd, env, logFile }) {
	const log = fs.openSync(logFile, 'a');
	const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
	fs.closeSync(log);
	if (child.pid) LIVE.add(child.pid);
	child.exited = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	return child;
}

async function stopGroup(child, signal, graceMs = 15000) {
	if (!child) return;
	if (child.exitCode === null && child.signalCode === null) {
		killGroup(child.pid, signal);
		const t = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
		await child.exited;
		clearTimeout(t);
	}
	killGroup(child.pid, 'SIGKILL');
	LIVE.delete(child.pid);
}

async function waitFor(check, what, child, logFile, timeoutMs) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`${what} exited early (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`,
			);
		}
		if (await check().catch(() => false)) return;
		if (Date.now() > end)
			throw new Error(`${what} not ready after ${timeoutMs} ms:\n${tail(logFile)}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

const tail = (file) => {
	try {
		return fs.readFileSync(file, 'utf8').slice(-3000);
	} catch {
		return '(no log)';
	}
};

/**
 * initdb + postgres on a free 127.0.0.1 port in a temp folder; a database `n8n` owned by user `n8n`
 * (password auth, scram-sha-256). Returns { host, port, user, password, database, dir, env (n8n's DB_*
 * variables), query(sql) -> rows of tab-separated text, stop() }.
 */
async function startPostgres({ pgBin = postgresBinDir(), timeoutMs = 60000 } = {}) {
	if (!pgBin) throw new Error('postgres binaries not found: call ensureServices() first');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-pg-'));
	const data = path.join(dir, 'data');
	const logFile = path.join(dir, 'postgres.log');
	const password = `pw-${Math.random().toString(36).slice(2)}`;
	const runUser = process.getuid && process.getuid() === 0 ? postgresRunUser() : undefined;
	fs.writeFileSync(path.join(dir, 'pwfile'), `${password}\n`);
	if (runUser) spawnSync('chown', ['-R', `${runUser}:`, dir]);
	fs.chmodSync(dir, 0o700);
	const prefix = asUser(runUser);
	const run = (bin, args) => {
		const cmd = [...prefix, path.join(pgBin, bin), ...args];
		const r = spawnSync(cmd[0], cmd.slice(1), {
			cwd: dir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		if (r.status !== 0)
			throw new Error(`${bin} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
		return r.stdout;
	};
	run('initdb', [
		'-D',
		data,
		'-U',
		PG_USER,
		'--pwfile',
		path.join(dir, 'pwfile'),
		'--auth=scram-sha-256',
		'-E',
		'UTF8',
		'--locale=C',
		'--no-sync',
	]);
	const port = await freePort();
	const cmd = [
		...prefix,
		path.join(pgBin, 'postgres'),
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'fsync=off',
		'-c',
		'max_connections=100',
	];
	const child = spawnGroup(cmd[0], cmd.slice(1), { cwd: dir, env: process.env, logFile });
	const psqlEnv = { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '5' };
	const psql = (database, sql) => {
		const r = spawnSync(
			path.join(pgBin, 'psql'),
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				PG_USER,
				'-d',
				database,
				'-X',
				'-q',
				'-A',
				'-t',
				'-F',
				'\t',
				'-v',
				'ON_ERROR_STOP=1',
				'-c',
				sql,
			],
			{ env: psqlEnv, encoding: 'utf8' },
		);
		if (r.status !== 0) throw new Error(`psql: ${sql}: ${r.stderr}`);
		return r.stdout
			.split('\n')
			.filter((l) => l !== '')
			.map((l) => l.split('\t'));
	};
	const server = {
		host: '127.0.0.1',
		port,
		user: PG_USER,
		password,
		database: PG_DATABASE,
		dir,
		logFile,
		runUser,
		query: (sql) => psql(PG_DATABASE, sql),
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: PG_DATABASE,
			DB_POSTGRESDB_USER: PG_USER,
			DB_POSTGRESDB_PASSWORD: password,
		},
		async stop() {
			await stopGroup(child, 'SIGINT'); // "fast shutdown"
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
	try {
		await waitFor(
			async () => psql('postgres', 'select 1').length === 1,
			'postgres',
			child,
			logFile,
			timeoutMs,
		);
		psql('postgres', `CREATE DATABASE ${PG_DATABASE} OWNER ${PG_USER}`);
	} catch (e) {
		await server.stop();
		throw e;
	}
	return server;
}

/** One PING over a fresh connection; resolves true on +PONG. */
function redisPing(port) {
	return new Promise((resolve) => {
		const s = net.connect(port, '127.0.0.1');
		let buf = '';
		const done = (v) => {
			s.destroy();
			resolve(v);
		};
		s.setTimeout(2000, () => done(false));
		s.on('error', () => done(false));
		s.on('connect', () => s.write('PING\r\n'));
		s.on('data', (d) => {
			buf += d;
			if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
		});
	});
}

/** redis-server on a free 127.0.0.1 port, no persistence, in a temp folder. Returns { host, port, env, stop() }. */
async function startRedis({ redisServer = redisServerBin(), timeoutMs = 30000 } = {}) {
	if (!redisServer) throw new Error('redis-server not found: call ensureServices() first');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-platform-redis-'));
	const logFile = path.join(dir, 'redis.log');
	const port = await freePort();
	const child = spawnGroup(
		redisServer,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			dir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--protected-mode',
			'yes',
		],
		{ cwd: dir, env: process.env, logFile },
	);
	const server = {
		host: '127.0.0.1',
		port,
		dir,
		logFile,
		env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		async stop() {
			await stopGroup(child, 'SIGTERM');
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
	try {
		await waitFor(() => redisPing(port), 'redis-server', child, logFile, timeoutMs);
	} catch (e) {
		await server.stop();
		throw e;
	}
	return server;
}

module.exports = {
	ensureServices,
	SERVICES_LOCK_DIR,
	missingServices,
	startPostgres,
	startRedis,
	postgresBinDir,
	redisServerBin,
};

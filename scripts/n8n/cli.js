'use strict';
/**
 * n8n's command line, run to completion next to (or instead of) `n8n start`: import:credentials,
 * import:workflow (several in one call), execute --rawOutput (and reading its output), export:nodes /
 * credentials / workflow, publish / unpublish (1.x: update:workflow --active). Methods of N8nInstance
 * (mixed in by ./instance.js); they use this.run(), this.folder, this.proc, this.major.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { stripVTControlCharacters } = require('util');

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
	const clean = stripVTControlCharacters(text);
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

/** Output items of a node in an execute() result: [{ json, binary? }, ...] of output 0, run 0. */
function nodeOutput(result, nodeName, { run = 0, output = 0 } = {}) {
	const runs = result?.data?.resultData?.runData?.[nodeName];
	if (!runs || !runs[run]) return undefined;
	return runs[run].data?.main?.[output] || [];
}

const cliMethods = {
	writeTemp(name, data) {
		const dir = path.join(this.folder, 'io');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
		fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
		return file;
	},

	/**
	 * Imports credentials. `creds`: array (or one) of { id?, name, type, data } with
	 * PLAIN data: import:credentials encrypts a plain object with the instance key.
	 * Returns the array written (ids filled in).
	 */
	async importCredentials(creds) {
		const list = (Array.isArray(creds) ? creds : [creds]).map((c) => ({
			...c,
			id: c.id || newId(),
		}));
		const file = this.writeTemp('credentials.json', list);
		await this.run(['import:credentials', `--input=${file}`]);
		return list;
	},

	/** Imports one workflow (object); gives it an id if it has none. Returns the id. */
	async importWorkflow(workflow) {
		return (await this.importWorkflows([workflow]))[0];
	},

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
	},

	/**
	 * `n8n execute --id --rawOutput`. The exit code alone is not enough: it
	 * returns { ok, result, error, status, code, stdout, stderr, ms } where
	 * result is the parsed run JSON (IRun), error its resultData.error.
	 * `n8n execute` must not share the broker port of a running `n8n start`
	 * (2.x), so it gets its own.
	 */
	async execute(id, { timeoutMs = 180000 } = {}) {
		const r = await this.run(['execute', `--id=${id}`, '--rawOutput'], {
			timeoutMs,
			allowFail: true,
		});
		const result = parseExecuteOutput(r.stdout) || parseExecuteOutput(r.stdout + '\n' + r.stderr);
		const error = result?.data?.resultData?.error;
		const status = result?.status;
		const ok = r.code === 0 && !!result && !error && (status === undefined || status === 'success');
		return { ok, result, error, status, ...r };
	},

	/** `n8n export:nodes`: array of node type descriptions known to this instance. */
	async exportNodes() {
		const file = path.join(this.folder, 'io', `nodes-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		await this.run(['export:nodes', `--output=${file}`]);
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	},

	/** `n8n export:credentials --all [--decrypted]`: array of stored credentials. */
	async exportCredentials({ decrypted = true } = {}) {
		const file = path.join(this.folder, 'io', `creds-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		const args = ['export:credentials', '--all', `--output=${file}`];
		if (decrypted) args.push('--decrypted');
		await this.run(args);
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	},

	/** `n8n export:workflow --id`: the stored workflow. */
	async exportWorkflow(id) {
		const file = path.join(this.folder, 'io', `wf-${Date.now()}.json`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		await this.run(['export:workflow', `--id=${id}`, `--output=${file}`]);
		const data = JSON.parse(fs.readFileSync(file, 'utf8'));
		return Array.isArray(data) ? data[0] : data;
	},

	/**
	 * Activates a workflow from the CLI; takes effect at the next `n8n start`
	 * (n8n must not be running: the CLI only changes the database).
	 *   2.x: `publish:workflow --id` (2.x separates saving from publishing;
	 *        update:workflow --active still exists but is deprecated)
	 *   1.x: `update:workflow --id --active=true`
	 */
	async activate(id) {
		if (this.proc)
			throw new Error(
				'activate() edits the database: call it before start() (or use activateRest())',
			);
		if (this.major >= 2) return this.run(['publish:workflow', `--id=${id}`]);
		return this.run(['update:workflow', `--id=${id}`, '--active=true']);
	},

	/**
	 * Deactivates from the CLI (n8n not running). Only changes the database: the
	 * trigger's webhook delete() is NOT called (use deactivate() over REST for that).
	 *   2.x: `unpublish:workflow --id`;  1.x: `update:workflow --id --active=false`
	 */
	async deactivateCli(id) {
		if (this.proc)
			throw new Error(
				'deactivateCli() edits the database: call it while n8n is stopped (or use deactivate())',
			);
		if (this.major >= 2) return this.run(['unpublish:workflow', `--id=${id}`]);
		return this.run(['update:workflow', `--id=${id}`, '--active=false']);
	},
};

module.exports = { cliMethods, parseExecuteOutput, newId, nodeOutput };

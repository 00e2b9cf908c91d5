'use strict';
/**
 * Debian packages the end-to-end suite needs from the machine (chromium for the editor parts; postgresql and
 * redis-server for queue mode). A fresh machine has none of them: when one is missing and this process is root
 * on a machine with apt-get (and STORE_PLATFORM_NO_APT is not set), it is installed (`apt-get update`, then
 * `apt-get install -y --no-install-recommends`, with the packages' own services kept from starting by a
 * temporary /usr/sbin/policy-rc.d, as in containers); otherwise the error says how to install it.
 *
 *   aptInstall(['chromium'], { why: 'the editor parts', log })   -> the packages it installed
 */
const fs = require('fs');
const { spawnSync } = require('child_process');

function which(bin) {
	const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Why packages cannot be installed here, or undefined when they can. */
function cannotInstall() {
	if (!which('apt-get')) return 'apt-get not found (Debian/Ubuntu packages expected)';
	if (!(typeof process.getuid === 'function' && process.getuid() === 0))
		return 'not running as root';
	if (process.env.STORE_PLATFORM_NO_APT) return 'STORE_PLATFORM_NO_APT is set';
	return undefined;
}

/**
 * Installs Debian packages `pkgs`; `why` names what needs them (for the error). Throws an error that says how
 * when it may not install them here. Returns the list installed.
 */
function aptInstall(pkgs, { why = '', log = () => {}, timeoutMs = 15 * 60 * 1000 } = {}) {
	if (!pkgs.length) return [];
	const how = `apt-get update && apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
	const reason = cannotInstall();
	if (reason) {
		throw new Error(
			`${why ? `${why} needs` : 'needs'} Debian's ${pkgs.join(' and ')}, not installed; cannot install here: ${reason}. Install as root:\n  ${how}`,
		);
	}
	log(`installing ${pkgs.join(' and ')} (${how})`);
	const t0 = Date.now();
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy)
		fs.writeFileSync(
			policy,
			'#!/bin/sh\n# store-platform e2e: keep package services from starting during apt-get install\nexit 101\n',
			{ mode: 0o755 },
		);
	try {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...pkgs]]) {
			const r = spawnSync('apt-get', args, {
				env,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				timeout: timeoutMs,
			});
			if (r.status !== 0) {
				throw new Error(
					`apt-get ${args.join(' ')} failed (${r.status ?? r.signal}):\n${String(r.stdout).slice(-2000)}\n${String(r.stderr).slice(-2000)}`,
				);
			}
		}
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
	log(`installed ${pkgs.join(' and ')} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
	return [...pkgs];
}

module.exports = { aptInstall, which };

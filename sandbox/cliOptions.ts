/** The command-line flags of cli.ts, read into SandboxOptions (pure: the arguments and the environment in). */
import type { SandboxOptions } from './index';

export function option(args: string[], name: string): string | undefined {
	const i = args.indexOf(name);
	if (i >= 0) return args[i + 1];
	const eq = args.find((a) => a.startsWith(`${name}=`));
	return eq?.slice(name.length + 1);
}

/** --port, else $SANDBOX_PORT, else `fallback` (a running `npm run dev`'s sandbox: cliPort.ts), else 4010. */
export function portOf(
	args: string[],
	env: Record<string, string | undefined> = {},
	fallback?: number,
): number {
	const raw = option(args, '--port') ?? env.SANDBOX_PORT ?? String(fallback ?? 4010);
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${raw}"`);
	return port;
}

function zoneOffsetOf(args: string[]): number {
	const raw = option(args, '--zone-offset') ?? '0';
	if (!/^[+-]?\d+$/.test(raw))
		throw new Error(`--zone-offset must be minutes east of UTC, e.g. -300 or 540, got "${raw}"`);
	return Number(raw);
}

function dateFiltersOf(args: string[]): 'strict' | 'inclusive' {
	const raw = option(args, '--date-filters') ?? 'strict';
	if (raw !== 'strict' && raw !== 'inclusive')
		throw new Error(`--date-filters must be strict or inclusive, got "${raw}"`);
	return raw;
}

/** The options of `cli.js [serve flags]`. */
export function serveOptions(
	args: string[],
	env: Record<string, string | undefined> = {},
): SandboxOptions {
	return {
		port: portOf(args, env),
		seed: !args.includes('--no-seed'),
		latencyMs: Number(option(args, '--latency') ?? 0),
		stringIds: args.includes('--mixed-ids') ? 'mixed' : 'spec',
		log: args.includes('--log'),
		realtime: args.includes('--realtime'),
		shopZoneOffsetMinutes: zoneOffsetOf(args),
		dateFilters: dateFiltersOf(args),
	};
}

/** A zone offset as UTC±HH:MM. */
export function utcLabel(offsetMinutes: number): string {
	const abs = Math.abs(offsetMinutes);
	const hh = String(Math.trunc(abs / 60)).padStart(2, '0');
	const mm = String(abs % 60).padStart(2, '0');
	return `UTC${offsetMinutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

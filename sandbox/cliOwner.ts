/**
 * The shop owner's commands of cli.ts (`npm run sandbox -- <command>`), for a running sandbox: what a Poll Trigger
 * sees at its next poll. Pure: the arguments in, the admin call and the sentence printed out.
 *
 *   change <resource> <id> [--fields '{json}']   a change in the shop's admin panel (default: updated_at only)
 *   accept-charge [<id>]                          the owner accepts a charge on its confirmation page
 */
import { option } from './cliOptions';

/** Every command of cli.ts, with its usage (the examples' notes and the dev banner name only these). */
export const COMMANDS: Record<string, string> = {
	fire: "fire <section> [--port N] [--data '{json}'] [--format form|json]",
	change: "change <resource> <id> [--fields '{json}'] [--port N]",
	'accept-charge': 'accept-charge [<id>] [--port N]',
};

export interface AdminCall {
	path: string;
	body: Record<string, unknown>;
}

/** The positional arguments after the command (flags and their values left out). */
function positional(args: string[]): string[] {
	const out: string[] = [];
	for (let i = 1; i < args.length; i++) {
		if (args[i].startsWith('--')) {
			if (!args[i].includes('=')) i++; // its value
			continue;
		}
		out.push(args[i]);
	}
	return out;
}

const usage = (command: string) => new Error(`usage: npm run sandbox -- ${COMMANDS[command]}`);

/** The admin call of `change` or `accept-charge`; throws the usage when the arguments do not fit. */
export function ownerCall(args: string[]): AdminCall {
	const [command] = args;
	const [first, second, ...rest] = positional(args);
	if (command === 'change') {
		if (!first || !second || rest.length) throw usage(command);
		const raw = option(args, '--fields');
		let fields: unknown = {};
		if (raw !== undefined) {
			try {
				fields = JSON.parse(raw);
			} catch (e) {
				throw new Error(
					`--fields must be a JSON object, e.g. '{"title":"New"}': ${(e as Error).message}`,
				);
			}
			if (!fields || typeof fields !== 'object' || Array.isArray(fields))
				throw new Error(`--fields must be a JSON object, e.g. '{"title":"New"}', got ${raw}`);
		}
		return { path: '/_sandbox/change', body: { resource: first, id: second, fields } };
	}
	if (command === 'accept-charge') {
		if (second) throw usage(command);
		const body: Record<string, unknown> = { decision: 'accept' };
		if (first !== undefined) body.id = first;
		return { path: '/_sandbox/charges/decide', body };
	}
	throw new Error(
		`unknown command ${JSON.stringify(command)}; commands: ${Object.keys(COMMANDS).join(', ')}`,
	);
}

/** What the sandbox did, in a sentence, from its answer to ownerCall(args). */
export function ownerReport(args: string[], answer: Record<string, unknown>): string {
	if (args[0] === 'change') {
		const record = (answer.record ?? {}) as Record<string, unknown>;
		const [resource, id] = positional(args);
		const stamp = record.updated_at ? `, updated_at ${String(record.updated_at)}` : '';
		return `${resource} ${id} changed${stamp}: a Poll Trigger watching it reports it as Updated at its next poll.`;
	}
	const charge = (answer.application_charge ?? {}) as Record<string, unknown>;
	const what = `application charge ${String(charge.id)} "${String(charge.name)}" (${String(charge.price)})`;
	return answer.created
		? `No charge was pending: the app asked for ${what}, and the shop owner accepted it at once. A Poll Trigger on Application Charges reports it as Created at its next poll.`
		: `The shop owner accepted ${what} on its confirmation page. A Poll Trigger on Application Charges reports it as Updated at its next poll.`;
}

/**
 * What `npm run sandbox -- --help` prints, and what a start says when its port is taken (before: only
 * `listen EADDRINUSE … 4010`, issue 43). Pure: the texts only.
 */
import { COMMANDS } from './cliOwner';
import type { RunningDev } from './cliPort';

/** The usage text: every command with a line on what it does, then the start's options. */
export function usageText(): string {
	const cmd = (key: string) => `  npm run sandbox -- ${COMMANDS[key]}`;
	return [
		'Store Platform sandbox: a test shop on this machine.',
		'',
		'Commands for a running sandbox (the one `npm run dev` started, else port 4010):',
		cmd('fire'),
		'      the shop sends an event, e.g. `fire order/create`, to the webhooks registered for it',
		cmd('change'),
		'      a record changed in the shop, e.g. `change page 1`: a Poll Trigger reports it as Updated',
		cmd('accept-charge'),
		'      the shop owner accepts an application charge: a Poll Trigger on Application Charges reports it',
		'',
		'Start a sandbox on its own (`npm run dev` starts one for you; no need to run this beside it):',
		'  npm run sandbox [-- --port N] [--no-seed] [--latency MS] [--mixed-ids] [--realtime] [--log]',
		'                  [--zone-offset=MINUTES] [--date-filters=strict|inclusive]',
		'',
		'  npm run sandbox -- --help   this text',
	].join('\n');
}

/** True for the arguments that ask for the usage text. */
export const asksForHelp = (args: string[]): boolean =>
	args.some((a) => a === '--help' || a === '-h' || a === 'help');

/** The start's error when its port is taken: whose sandbox runs there, and the usage. */
export function portInUseMessage(port: number, dev: RunningDev | undefined): string {
	const who =
		dev && dev.sandboxPort === port
			? `the sandbox of your running \`npm run dev\` is already there (${dev.sandboxUrl}).`
			: 'another program, perhaps a sandbox started earlier, already listens there.';
	return [
		`port ${port} is in use: ${who}`,
		'To talk to a running sandbox, give a command; to start a second one, pass another --port.',
		'',
		usageText(),
	].join('\n');
}

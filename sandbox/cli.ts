/**
 * node build/sandbox/cli.js [--port N] [--no-seed] [--latency MS] [--mixed-ids] [--realtime] [--log]
 *                            [--zone-offset=MINUTES] [--date-filters=strict|inclusive]
 *   starts the sandbox (default port 4010 or $SANDBOX_PORT) and prints the URL and a ready credential set.
 *   --zone-offset: the shop's zone for created_at/updated_at, UTC + minutes (e.g. -300, 540; default 0);
 *   --date-filters: created/updated min/max compare strictly (the spec's "later/earlier than", default) or inclusively.
 * node build/sandbox/cli.js fire <section> [--port N] [--data '{json}'] [--format form|json]
 *   asks a running sandbox to deliver an event to the webhooks registered for <section>.
 * Without --port (or $SANDBOX_PORT) the commands below talk to the sandbox of a running `npm run dev` (cliPort.ts),
 * else to port 4010; when nothing answers they say which --port to pass.
 * node build/sandbox/cli.js change <resource> <id> [--fields '{json}'] [--port N]
 *   a change made in the shop's admin panel (updated_at set to now): e.g. `change page 1`.
 * node build/sandbox/cli.js accept-charge [<id>] [--port N]
 *   the shop owner accepts an application charge on its confirmation page (no id: the next pending one, else a
 *   new one). The last two: what a Poll Trigger sees at its next poll (cliOwner.ts).
 */
import { request } from 'node:http';
import { option, portOf as portIn, serveOptions, utcLabel } from './cliOptions';
import { COMMANDS, ownerCall, ownerReport } from './cliOwner';
import { refusedMessage, runningDev } from './cliPort';
import { startSandbox } from './index';

/** The commands' port: --port, $SANDBOX_PORT, the running `npm run dev`'s sandbox (cliPort.ts), or 4010. */
const portOf = (args: string[]) => portIn(args, process.env, runningDev(process.env)?.sandboxPort);

/** POSTs to the sandbox's admin endpoint; `command` (the CLI's arguments) goes into the refused-connection error. */
function postJson(
	port: number,
	path: string,
	body: unknown,
	command: string,
): Promise<{ status: number; text: string }> {
	return new Promise((resolve, reject) => {
		const data = JSON.stringify(body);
		const req = request(
			{
				host: '127.0.0.1',
				port,
				path,
				method: 'POST',
				headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
			},
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (c: string) => (text += c));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
			},
		);
		req.on('error', (e: NodeJS.ErrnoException) =>
			reject(
				e.code === 'ECONNREFUSED'
					? new Error(refusedMessage(port, runningDev(process.env), command))
					: e,
			),
		);
		req.end(data);
	});
}

async function fire(args: string[]): Promise<void> {
	const section = args[1];
	if (!section || section.startsWith('--'))
		throw new Error(`usage: npm run sandbox -- ${COMMANDS.fire}`);
	const port = portOf(args);
	const rawData = option(args, '--data');
	const data = rawData === undefined ? undefined : JSON.parse(rawData);
	const { status, text } = await postJson(
		port,
		'/_sandbox/fire',
		{ section, data, format: option(args, '--format') ?? 'form' },
		args.join(' '),
	);
	if (status !== 200) throw new Error(`sandbox answered ${status}: ${text}`);
	const { deliveries } = JSON.parse(text) as {
		deliveries: Array<{ webhookId: number; url: string; status: unknown }>;
	};
	if (deliveries.length === 0) console.log(`No webhook is registered for ${section}.`);
	for (const d of deliveries) console.log(`webhook ${d.webhookId} ${d.url} → ${String(d.status)}`);
}

/** `change` and `accept-charge`: what the shop owner does, on the running sandbox. */
async function owner(args: string[]): Promise<void> {
	const call = ownerCall(args);
	const { status, text } = await postJson(portOf(args), call.path, call.body, args.join(' '));
	if (status !== 200) throw new Error(`sandbox answered ${status}: ${text}`);
	console.log(ownerReport(args, JSON.parse(text) as Record<string, unknown>));
}

async function unknownCommand(args: string[]): Promise<void> {
	throw new Error(
		`unknown command ${JSON.stringify(args[0])}; commands: ${Object.keys(COMMANDS).join(', ')} (none: start the sandbox)`,
	);
}

async function serve(args: string[]): Promise<void> {
	const sb = await startSandbox(serveOptions(args, process.env));
	const c = sb.credentials;
	const { shopZoneOffsetMinutes: zone, dateFilters } = sb.settings();
	console.log(
		[
			`Store Platform sandbox listening on ${sb.url}`,
			'',
			`  Base URL            ${sb.url}`,
			`  Consumer key        ${c.consumerKey}`,
			`  Shared secret       ${c.consumerSecret}`,
			`  Access token        ${c.accessToken}`,
			`  Access token secret ${c.accessTokenSecret}`,
			'',
			`  OAuth flow          ${sb.url}/services/oauth/request_token | /authorize | /access_token`,
			`  Shop time           ${sb.shopTime.now()} (${utcLabel(zone)}, --zone-offset=${zone}); date filters ${dateFilters} (--date-filters)`,
			`  Admin               ${sb.url}/_sandbox (POST /fire, /clock/advance, /faults, /seed, /reset; GET /requests, /webhooks)`,
			`                      POST /settings {"shopZoneOffsetMinutes","dateFilters"}, /shop-time {"at"}, /charges/decide, /change, /add, /remove`,
			`                      POST /habits {"flipForms","idStep","ignoreSinceId","ignorePage","countOffset","emptyListAnswer","deleteDuringPaging","bigIds","listOrder","countLag","fillIdGaps",...}, /restart, /restore`,
			`  Fire an event       npm run sandbox -- fire order/create --port ${sb.port}`,
			`  Change a page       npm run sandbox -- change page 1 --port ${sb.port}   (a Poll Trigger on Pages: Updated)`,
			`  Accept a charge     npm run sandbox -- accept-charge --port ${sb.port}   (a Poll Trigger on Application Charges)`,
			'',
			'Ctrl+C to stop.',
		].join('\n'),
	);
	const stop = () => {
		void sb.close().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

const args = process.argv.slice(2);
const run =
	args[0] === 'fire'
		? fire
		: args[0] === 'change' || args[0] === 'accept-charge'
			? owner
			: args[0] && !args[0].startsWith('--')
				? unknownCommand
				: serve;
run(args).catch((e: Error) => {
	console.error(`sandbox: ${e.message}`);
	process.exit(1);
});

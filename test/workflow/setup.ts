import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatformOAuth1Api } from '../../credentials/StorePlatformOAuth1Api.credentials';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { runNode, startPoller, type Poller, type PollerOptions, type RunResult } from '../harness';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox';

/** A sandbox for a test file, reset before each test, and the node run through n8n-core against it. */
export function useSandbox(opts: Parameters<typeof startSandbox>[0] = {}) {
	const ctx = { sandbox: undefined as unknown as Sandbox };
	beforeAll(async () => {
		ctx.sandbox = await startSandbox(opts);
	});
	afterAll(async () => await ctx.sandbox.close());
	beforeEach(() => ctx.sandbox.reset());
	return ctx;
}

export const credentialTypes = [new StorePlatformApi(), new StorePlatformOAuth1Api()];

export function apiCredentials(sandbox: Sandbox): IDataObject {
	const c = sandbox.credentials;
	return {
		baseUrl: `${sandbox.url}/`,
		consumerKey: c.consumerKey,
		consumerSecret: c.consumerSecret,
		accessToken: c.accessToken,
		accessTokenSecret: c.accessTokenSecret,
	};
}

/** Runs the Store Platform node once with the pasted-token credential. */
export async function runStore(
	sandbox: Sandbox,
	parameters: INodeParameters,
	opts: {
		items?: INodeExecutionData[];
		continueOnFail?: boolean;
		credentials?: IDataObject;
		typeVersion?: number;
	} = {},
): Promise<RunResult> {
	return await runNode({
		nodeType: new StorePlatform(),
		typeVersion: opts.typeVersion,
		parameters,
		credentials: { storePlatformApi: (opts.credentials ?? apiCredentials(sandbox)) as never },
		credentialTypes,
		items: opts.items,
		continueOnFail: opts.continueOnFail,
	});
}

/** The Store Platform Poll Trigger as n8n's scheduler runs it (n8n-core's poller), with the pasted-token credential. */
export function pollStore(
	sandbox: Sandbox,
	parameters: INodeParameters,
	opts: Partial<PollerOptions> = {},
): Poller {
	return startPoller(new StorePlatformPollTrigger(), {
		parameters,
		credentials: { storePlatformApi: apiCredentials(sandbox) as never },
		credentialTypes,
		...opts,
	});
}

/** A resource locator value in "By ID" mode. */
export const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The API requests the sandbox received (the oauth flow aside). */
export const apiRequests = (sandbox: Sandbox): RecordedRequest[] =>
	sandbox.requests.filter(
		(r) => r.path.startsWith('/services/') && !r.path.startsWith('/services/oauth/'),
	);

export const jsonOf = (result: RunResult): IDataObject[] =>
	(result.items[0] ?? []).map((i) => i.json);

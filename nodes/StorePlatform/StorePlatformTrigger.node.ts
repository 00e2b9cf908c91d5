import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { AUTHENTICATION, WITH_ACCESS_TOKEN, WITH_OAUTH1, credentialTest } from './api/auth';
import { credentialType } from './api/request';
import { sortProperty } from './api/sortOptions';
import { deliveryItem, postedData } from './trigger/delivery';
import {
	EVENT_OPTIONS,
	POLL_TRIGGER_POINTER,
	TRIGGER_NORMALIZE_NUMBERS,
	TRIGGER_NOTICE,
	TRIGGER_PANEL,
	normalisesNumbers,
} from './trigger/panel';
import { verifySignature, type VerifySignatureResult } from './trigger/hmac';
import { SecretCache } from './trigger/secretCache';
import { checkRegistrations } from './trigger/registrationCheck';
import { isOwn, isSettled, planRegistrations } from './trigger/registrationPlan';
import { registrationsOfShop, unregister } from './trigger/registrations';
import {
	DEFAULT_CHECK_MINUTES,
	handOverReport,
	registrationKey,
	reportsRestored,
	sightings,
	startRegistrationChecks,
	shopApi,
	type TriggerStaticData,
} from './trigger/registrationSchedule';
import { noteCheck } from './trigger/restoration';
import { serialize } from './trigger/serialize';

/** The shared secret of the chosen credential (the key of the delivery signatures). */
async function sharedSecret(ctx: IHookFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials(credentialType(ctx));
	return String(credentials.consumerSecret ?? '');
}

const secrets = new SecretCache();

/**
 * Verifies a delivery with the shared secret, reused for a short time (secretCache.ts); a mismatch with a cached
 * secret is checked once more against the credential as stored now.
 */
async function verifyDelivery(
	ctx: IWebhookFunctions,
	input: { header: string | undefined; rawBody?: Buffer; params: IDataObject },
): Promise<VerifySignatureResult> {
	const type = credentialType(ctx);
	const id = ctx.getNode().credentials?.[type]?.id;
	if (!id) return verifySignature({ ...input, secret: await sharedSecret(ctx) });
	const key = `${type}:${id}`;
	const read = async () => await sharedSecret(ctx);
	const result = verifySignature({ ...input, secret: await secrets.get(key, read) });
	if (result.valid || result.reason === 'missing-header') return result;
	const fresh = await secrets.refresh(key, read);
	return fresh === undefined ? result : verifySignature({ ...input, secret: fresh });
}

const selectedEvents = (ctx: IHookFunctions) => [
	...new Set(ctx.getNodeParameter('events', []) as string[]),
];

/** Whether n8n calls the hook for the editor's "Listen for test event" (test URL) rather than an activation. */
const isTestRun = (ctx: IHookFunctions) =>
	ctx.getMode() === 'manual' || ctx.getActivationMode() === 'manual';

/** Remembers the production URL for the scheduled check, whose context cannot ask n8n for it. */
function rememberUrl(ctx: IHookFunctions, url: string): void {
	if (isTestRun(ctx)) return;
	const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
	if (data.productionUrl !== url) data.productionUrl = url;
}

export class StorePlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform Trigger',
		name: 'storePlatformTrigger',
		icon: {
			light: 'file:../../icons/storePlatform.svg',
			dark: 'file:../../icons/storePlatform.dark.svg',
		},
		group: ['trigger'],
		// 2: the same node; n8n evaluates no expression for it when a delivery arrives (it does for typeVersion 1)
		// 3: Report Restored Registrations on by default
		// 4: Normalize Numbers on by default; words beside coded fields (issue 27)
		version: [1, 2, 3, 4],
		defaultVersion: 4,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		// n8n's nodes panel merges this node with Store Platform and shows this description for both
		description:
			"Manage the shop, and start workflows on its events (orders, products, customers) sent to n8n's public URL",
		defaults: { name: 'Store Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'storePlatformApi',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: WITH_ACCESS_TOKEN,
			},
			{
				name: 'storePlatformOAuth1Api',
				required: true,
				testedBy: 'storePlatformShopTest',
				displayOptions: WITH_OAUTH1,
			},
		],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName: TRIGGER_NOTICE,
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: POLL_TRIGGER_POINTER,
				name: 'pollTriggerNotice',
				type: 'notice',
				default: '',
			},
			AUTHENTICATION,
			sortProperty({
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENT_OPTIONS,
				default: [],
				description: 'The events that start the workflow; one webhook is registered per event',
			}),
			sortProperty({
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Check Interval (Minutes)',
						name: 'registrationCheckMinutes',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 1440, numberPrecision: 0 },
						default: DEFAULT_CHECK_MINUTES,
						description:
							"Minutes between checks of the published workflow's webhook registrations at the shop (also at n8n start): the check re-creates missing ones, for example after the shop removed them following failed deliveries or n8n got a new public address. 0 turns the check off.",
					},
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description:
							'Whether to add all request headers of the delivery to the output, under "headers"',
					},
					{
						displayName: 'Report Restored Registrations',
						name: 'reportRestoredRegistrations',
						type: 'boolean',
						default: true,
						description:
							'Whether to start one execution with a "registration/restored" item when the check re-creates registrations that had gone missing at the shop, with the time from which events may have been missed. On by default for triggers added since this option exists.',
					},
					{
						displayName: 'Skip Signature Check',
						name: 'skipVerification',
						type: 'boolean',
						default: false,
						description:
							'Whether to accept deliveries without checking their HMAC signature. For testing only: anyone who knows the URL can then start the workflow, so never use it in production.',
					},
					...TRIGGER_NORMALIZE_NUMBERS,
				],
			}),
		],
		triggerPanel: TRIGGER_PANEL,
	};

	methods = { credentialTest };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				rememberUrl(this, url);
				const events = selectedEvents(this);
				const plan = planRegistrations(await registrationsOfShop.call(this), { events, url });
				if (!isSettled(plan)) return false;
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				data.webhookIds = plan.keep;
				if (!isTestRun(this) && reportsRestored(this)) {
					noteCheck(
						sightings,
						registrationKey(this),
						data,
						{ created: [], registered: plan.keep, events },
						new Date(),
					);
				}
				return true;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				if (!(await sharedSecret(this))) {
					throw new NodeOperationError(
						this.getNode(),
						"The credential has no Shared Secret: it is needed to verify the deliveries' signatures",
					);
				}
				const url = this.getNodeWebhookUrl('default') as string;
				const events = selectedEvents(this);
				if (events.length === 0) {
					throw new NodeOperationError(this.getNode(), "Choose at least one event in 'Events'");
				}
				rememberUrl(this, url);
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				const before = { ...(data.webhookIds ?? {}) };
				// One registration per selected event at this URL; stale and duplicate ones of this trigger removed.
				const result = await serialize(
					registrationKey(this),
					async () => await checkRegistrations(shopApi(this), { events, url }),
				);
				data.webhookIds = result.registered;
				if (!isTestRun(this) && reportsRestored(this)) {
					// registrations gone while the workflow stayed active (n8n down): reported through trigger()
					const created = result.created
						.filter((c) => c.reason === 'missing')
						.map((c) => c.section);
					const outcome = { before, created, registered: result.registered, events };
					const report = noteCheck(sightings, registrationKey(this), data, outcome, new Date());
					if (report !== undefined) handOverReport(registrationKey(this), data, report);
				}
				if (result.error !== undefined) throw result.error;
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				if (!isTestRun(this)) {
					// deactivated: a later activation starts afresh (nothing it creates is a restoration)
					sightings.forget(registrationKey(this));
					delete data.lastSeen;
					delete data.pendingRestoration;
				}
				return await serialize(registrationKey(this), async () => {
					const known = Object.values(data.webhookIds ?? {});
					// this trigger's registrations at this URL and at older addresses of n8n
					const own = (await registrationsOfShop.call(this))
						.filter((r) => isOwn(r, url))
						.map((r) => r.id);
					const failed: Record<string, string> = {};
					let firstError: unknown;
					for (const id of new Set([...known, ...own])) {
						try {
							await unregister.call(this, id);
						} catch (error) {
							failed[id] = id;
							firstError ??= error;
						}
					}
					if (firstError) {
						data.webhookIds = failed;
						throw new NodeOperationError(this.getNode(), firstError as Error, {
							message: `Could not remove ${Object.keys(failed).length} webhook registration(s) from the shop`,
						});
					}
					delete data.webhookIds;
					return true;
				});
			},
		},
	};

	/** The scheduled registration check of the active workflow (registrationSchedule.ts). */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return await startRegistrationChecks(this);
	}

	/**
	 * Passes a delivery on. n8n runs a start node's execute() first: without it, a test run ("Listen for test
	 * event") would call trigger() and wait for an event from it instead of taking the delivery.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject();
		const headers = this.getHeaderData() as IDataObject;
		const body = (this.getBodyData() ?? {}) as IDataObject;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody;
		if (!options.skipVerification) {
			const result = await verifyDelivery(this, {
				header: headers['service-hmac-sha256'] as string | undefined,
				rawBody,
				params: body,
			});
			if (!result.valid) {
				const res = this.getResponseObject();
				res.status(401).json({ error: 'invalid signature', reason: result.reason });
				return { noWebhookResponse: true };
			}
		}
		const posted = postedData(headers, body, rawBody);
		const json = deliveryItem(posted, headers, {
			normaliseNumbers: normalisesNumbers(options.normaliseNumbers, this.getNode().typeVersion),
			typeVersion: this.getNode().typeVersion,
		});
		if (options.includeHeaders) json.headers = headers;
		return { workflowData: [[{ json }]] };
	}
}

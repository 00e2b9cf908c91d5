import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { AUTHENTICATION, CREDENTIALS } from '../StorePlatform/auth';
import { credentialType } from '../StorePlatform/transport/request';
import { EVENTS } from './events';
import { deliveryMeta, postedData } from './delivery';
import { verifySignature, type VerifySignatureResult } from './hmac';
import { SecretCache } from './secretCache';
import { register, registrationsFor, unregister } from './registrations';

interface TriggerStaticData {
	/** Registration id by event kind, for the registrations this node made. */
	webhookIds?: Record<string, string>;
}

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

const selectedEvents = (ctx: IHookFunctions) => [...new Set(ctx.getNodeParameter('events', []) as string[])];

export class StorePlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Store Platform Trigger',
		name: 'storePlatformTrigger',
		icon: { light: 'file:../../icons/storePlatform.svg', dark: 'file:../../icons/storePlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ ($parameter["events"] || []).join(", ") }}',
		description: 'Starts the workflow when events happen in a Store Platform shop',
		defaults: { name: 'Store Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					'The shop must reach this n8n: set WEBHOOK_URL to its public address when n8n runs behind a proxy. Notifications are not real time: they can arrive late and carry outdated data.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			AUTHENTICATION,
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: EVENTS.map((e) => ({ name: e.name, value: e.value, description: e.value })),
				default: [],
				description: 'The events that start the workflow; one webhook is registered per event',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description: 'Whether to add all request headers of the delivery to the output, under "headers"',
					},
					{
						displayName: 'Skip Signature Verification (Testing Only)',
						name: 'skipVerification',
						type: 'boolean',
						default: false,
						description:
							'Whether to accept deliveries without checking their HMAC signature. Anyone who knows the URL can then start the workflow: never use it in production.',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				const events = selectedEvents(this);
				const existing = await registrationsFor.call(this, url);
				const sections = existing.map((r) => r.section);
				const exact =
					sections.length === events.length && events.every((e) => sections.includes(e));
				if (!exact) return false;
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				data.webhookIds = Object.fromEntries(existing.map((r) => [r.section, r.id]));
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
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				const existing = await registrationsFor.call(this, url);
				const ids: Record<string, string> = {};
				// Keep one registration per selected event; remove stale and duplicate ones.
				for (const r of existing) {
					if (events.includes(r.section) && !ids[r.section]) ids[r.section] = r.id;
					else await unregister.call(this, r.id);
				}
				for (const section of events) {
					if (!ids[section]) ids[section] = (await register.call(this, section, url)).id;
				}
				data.webhookIds = ids;
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				const data = this.getWorkflowStaticData('node') as TriggerStaticData;
				const known = Object.values(data.webhookIds ?? {});
				const others = (await registrationsFor.call(this, url)).map((r) => r.id);
				const failed: Record<string, string> = {};
				let firstError: unknown;
				for (const id of new Set([...known, ...others])) {
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
			},
		},
	};

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
		const json: IDataObject = { ...postedData(headers, body, rawBody), ...deliveryMeta(headers) };
		if (options.includeHeaders) json.headers = headers;
		return { workflowData: [[{ json }]] };
	}
}

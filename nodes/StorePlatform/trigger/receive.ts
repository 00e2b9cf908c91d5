import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { credentialType } from '../api/request';
import { deliveryItem, postedData } from './delivery';
import { verifySignature, type VerifySignatureResult } from './hmac';
import { sharedSecret } from './lifecycle';
import { normalisesNumbers } from './panel';
import { SecretCache } from './secretCache';

/** One delivery to the trigger's URL: its signature checked (401 and no execution when it fails), then its item. */

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

/** The trigger's webhook(): a verified delivery becomes one item. */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
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

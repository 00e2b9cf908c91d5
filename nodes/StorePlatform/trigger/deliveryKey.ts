import type { IDataObject } from 'n8n-workflow';

import { shortHash } from '../api/hash';
import { httpBuildQuery } from './hmac';

export { shortHash };

/**
 * The `deliveryKey` of a delivery: equal for every resend of one delivery, different for different deliveries.
 * Pure.
 *
 * The spec shows no delivery id. A resend ("Retry": the store resends until it gets a positive answer) repeats
 * the delivery: the same event kind (`service-section`), shop (`service-shop-id`), object
 * (`service-{type}-id`, `service-{type}-uuid`) and body. So the key is a hash of exactly these. The body counts
 * in the form the store signs (PHP's `http_build_query` of the posted parameters, see hmac.ts): two deliveries
 * the store would sign alike are one delivery. Left out: the signature header (a function of the body and the
 * secret, so it adds nothing, and it would change if the secret is rotated between two resends), and transport
 * headers (user agent, length, connection).
 *
 * Two events about one object differ in their body (its `updated_at`, its data), so they get different keys;
 * the object's uuid names the object, not the event, so it alone would merge them.
 */

/** What a delivery repeats on every resend: its meta headers (delivery.ts) and its posted data. */
export interface DeliveryParts {
	event?: unknown;
	shopId?: unknown;
	objectType?: unknown;
	objectId?: unknown;
	objectUuid?: unknown;
	/** The posted data, as the trigger outputs it (before the meta fields are added). */
	body: IDataObject;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function deliveryKey(parts: DeliveryParts): string {
	return shortHash([
		'delivery/1',
		text(parts.event),
		text(parts.shopId),
		text(parts.objectType),
		text(parts.objectId),
		text(parts.objectUuid),
		httpBuildQuery(parts.body),
	]);
}

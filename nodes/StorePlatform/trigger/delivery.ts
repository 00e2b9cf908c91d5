import type { IDataObject } from 'n8n-workflow';

import { shapeRecords } from '../api/output';
import { eventTable } from './eventTables';
import { deliveryKey } from './deliveryKey';
import { nestPairs, parseForm } from './form';

/** What a delivery carries, read from its headers and body. Pure. */

/** The headers a delivery carries about its object: `service-{type}-id` and `service-{type}-uuid`. */
export function deliveryMeta(headers: IDataObject): IDataObject {
	const header = (name: string) => {
		const value = headers[name];
		return Array.isArray(value)
			? String(value[0])
			: value === undefined
				? undefined
				: String(value);
	};
	const meta: IDataObject = { event: header('service-section'), shopId: header('service-shop-id') };
	const idHeader = Object.keys(headers).find(
		(name) => /^service-.+-id$/i.test(name) && name.toLowerCase() !== 'service-shop-id',
	);
	if (idHeader) {
		const type = idHeader.slice('service-'.length, -'-id'.length);
		meta.objectType = type;
		meta.objectId = header(idHeader);
		meta.objectUuid = header(`service-${type}-uuid`);
	}
	return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined));
}

/** The posted data as PHP reads it: form bodies with nested keys (n8n keeps `a[b]` flat). */
export function postedData(headers: IDataObject, body: IDataObject, rawBody?: Buffer): IDataObject {
	if (!String(headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
		return body;
	return Buffer.isBuffer(rawBody)
		? parseForm(rawBody.toString('utf8'))
		: nestPairs(Object.entries(body));
}

/** How a trigger shapes its items: its Normalize Numbers option (as read: on by default from typeVersion 4) and its typeVersion. */
export interface ItemShape {
	normaliseNumbers?: boolean;
	typeVersion: number;
}

/**
 * The item a delivery becomes: the shop's data (numbers sent as text turned into numbers with Normalize
 * Numbers; from typeVersion 3 empty dates `0000-00-00 00:00:00` as null, as the action node does from its
 * typeVersion 2; from typeVersion 4 a `<key>_label` beside codes the resource table of the event's object names),
 * the delivery's own headers (`event`, `objectId`...) as sent, and its `deliveryKey`, which is computed from the
 * data as the shop sent it, so options never change it. Shaped by the action node's shapeRecords.
 */
export function deliveryItem(
	posted: IDataObject,
	headers: IDataObject,
	shape: ItemShape,
): IDataObject {
	const meta = deliveryMeta(headers);
	const [data] = shapeRecords([posted], eventTable(meta.event), {
		emptyDatesAsNull: shape.typeVersion >= 3,
		words: shape.typeVersion >= 4,
		normaliseNumbers: shape.normaliseNumbers,
	});
	return { ...data, ...meta, deliveryKey: deliveryKey({ ...meta, body: posted }) };
}

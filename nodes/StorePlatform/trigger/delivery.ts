import type { IDataObject } from 'n8n-workflow';

import { nestPairs, parseForm } from './form';

/** What a delivery carries, read from its headers and body. Pure. */

/** The headers a delivery carries about its object: `service-{type}-id` and `service-{type}-uuid`. */
export function deliveryMeta(headers: IDataObject): IDataObject {
	const header = (name: string) => {
		const value = headers[name];
		return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
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
	if (!String(headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return body;
	return Buffer.isBuffer(rawBody) ? parseForm(rawBody.toString('utf8')) : nestPairs(Object.entries(body));
}

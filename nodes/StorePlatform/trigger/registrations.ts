import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fetchList } from '../api/paginate';
import { apiRequest, failureAgain } from '../api/request';
import { unwrapOne } from '../api/unwrap';

/** Webhook registrations of the shop, read and changed through the action node's transport. */

export interface Registration {
	id: string;
	section: string;
	siteUrl: string;
}

/** Every registration of the shop (all pages). */
export async function registrationsOfShop(this: IHookFunctions): Promise<Registration[]> {
	const records = await fetchList.call(
		this,
		{
			path: '/services/webhooks',
			query: {},
			key: 'webhooks',
			paged: true,
			maxLimit: 200,
			count: { path: '/services/webhooks/count', query: {} },
			operation: 'Store Platform Trigger: list webhooks',
		},
		'all',
	);
	return records.map((r: IDataObject) => ({
		id: String(r.id),
		section: String(r.section),
		siteUrl: String(r.site_url),
	}));
}

export async function register(
	this: IHookFunctions,
	section: string,
	url: string,
): Promise<Registration> {
	const body = await apiRequest.call(this, 'POST', '/services/webhooks', {
		body: { webhook: { section, site_url: url } },
		operation: `Store Platform Trigger: register ${section}`,
	});
	const record = unwrapOne(body, 'webhook');
	if (record.id === undefined || record.id === null) {
		throw new NodeApiError(this.getNode(), body as JsonObject, {
			message: `Registering the webhook for ${section} gave no ID`,
		});
	}
	return { id: String(record.id), section, siteUrl: url };
}

const isNotFound = (error: unknown) => String((error as NodeApiError).httpCode) === '404';

/** Removes one registration; one already gone counts as removed; a failure is tried once more. */
export async function unregister(this: IHookFunctions, id: string): Promise<void> {
	const remove = async () =>
		await apiRequest.call(this, 'DELETE', `/services/webhooks/${encodeURIComponent(id)}`, {
			operation: `Store Platform Trigger: remove webhook ${id}`,
		});
	try {
		await remove();
	} catch (error) {
		if (isNotFound(error)) return;
		try {
			await remove();
		} catch (again) {
			if (isNotFound(again)) return;
			// with its status and kind, which tell whether it passes by itself (api/transient.ts)
			throw failureAgain(this, again);
		}
	}
}

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Query } from '../../api/request';
import type { ShopReader } from '../reads/reader';
import type { ChangeKind } from '../rules/fingerprint';

/**
 * Fetch Test Event's example (n8n's manual mode): the newest record, shaped as a change would be, with `event` what it
 * stands for (a workflow routes it as it will the real change) and two marks in its own data, kept when pinned:
 * `sample: true` and a `deliveryKey` of its own, new at each fetch and never a change's 32 hex digits, so Remove
 * Duplicates never drops a real change for it (docs/poll.md, "What an item holds").
 */

/**
 * The event a sample stands for: `updated` where it was changed after its creation and updates are watched, else
 * `created` where creations are, else the first event watched.
 */
export function sampleKind(events: ChangeKind[], record: IDataObject): ChangeKind {
	const changed =
		typeof record.updated_at === 'string' &&
		typeof record.created_at === 'string' &&
		record.updated_at > record.created_at;
	if (changed && events.includes('updated')) return 'updated';
	if (events.includes('created')) return 'created';
	return events[0];
}

/** The sample's `deliveryKey`: never a change's (32 hex digits), new at each fetch. */
export const sampleKey = (resource: string, id: string, now: number): string =>
	`sample-${resource}-${id}-${now}`;

/** An item shaped as a change's, marked as the sample: its own key, and `sample: true` last. */
export function asSample(
	item: INodeExecutionData,
	resource: string,
	id: string,
	now: number,
): INodeExecutionData {
	return {
		...item,
		json: { ...item.json, deliveryKey: sampleKey(resource, id, now), sample: true },
	};
}

/** The newest record of the list, for the editor's Fetch Test Event (no cursor is read or moved). */
export async function newestRecord(reader: ShopReader): Promise<IDataObject | undefined> {
	const { plan } = reader;
	if (plan.paged && plan.count) {
		const total = await reader.count({});
		if (total === 0) return undefined;
		const [newest] = await reader.list({ limit: 1, page: total } as Query);
		if (newest) return newest;
	}
	const page = plan.paged
		? await reader.list({ limit: plan.pageSize, page: 1 })
		: await reader.list({});
	return page[page.length - 1];
}

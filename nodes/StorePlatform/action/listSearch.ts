import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { unwrapRecords } from '../api/unwrap';
import { apiRequest } from '../api/request';
import type { Resource, ResourceTable } from '../endpoint';

/** Page size of the "From list" mode. */
export const LIST_PAGE = 50;

export const listSearchMethodName = (resource: Resource) =>
	`search${resource.charAt(0).toUpperCase()}${resource.slice(1)}`;

/** The name shown for a record: its label field, with the id for context. */
function itemName(table: ResourceTable, record: IDataObject): string {
	if (typeof table.label === 'function') return table.label(record);
	const label = record[table.label] ?? record.title ?? record.name;
	const value = record[table.valueKey ?? 'id'];
	return label !== undefined && label !== '' && String(label) !== String(value)
		? `${String(label)} (${String(value)})`
		: String(value);
}

/** A "From list" search over the resource's Get Many endpoint, one page at a time. */
export function makeListSearch(table: ResourceTable) {
	const list = table.endpoints.find((endpoint) => endpoint.operation === 'getAll');
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		if (!list) return { results: [] };
		let path = list.path;
		for (const param of list.params ?? []) {
			const value = this.getCurrentNodeParameter(param.name, { extractValue: true }) as
				| string
				| undefined;
			if (!value) return { results: [] };
			path = path.replace(`{${param.key}}`, encodeURIComponent(String(value)));
		}
		const page = Number(paginationToken ?? 1);
		const query = list.paging ? { limit: LIST_PAGE, page } : {};
		const body = await apiRequest.call(this, 'GET', path, {
			query,
			operation: `${table.displayName} list`,
		});
		const records = unwrapRecords(body, list.output);
		const needle = (filter ?? '').toLowerCase();
		const results: INodeListSearchItems[] = records
			.map((record) => ({
				name: itemName(table, record),
				value: String(record[table.valueKey ?? 'id']),
			}))
			.filter((item) => !needle || item.name.toLowerCase().includes(needle));
		const more = Boolean(list.paging) && records.length >= LIST_PAGE;
		return { results, paginationToken: more ? String(page + 1) : undefined };
	};
}

export function buildListSearch(tables: ResourceTable[]) {
	return Object.fromEntries(
		tables.map((t) => [listSearchMethodName(t.resource), makeListSearch(t)]),
	);
}

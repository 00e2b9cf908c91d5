import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Resource, ResourceTable } from '../endpoint';
import { makeListSearch } from './listSearch';

/** Most records offered in a dropdown (the first pages of the list). */
const MAX_OPTIONS = 500;

export const loadOptionsMethodName = (source: 'category' | 'target') =>
	source === 'category' ? 'loadCategories' : 'loadTargets';

/** The target kinds of promotions and vouchers: 2 category, 3 collection, 4 vendor. */
const TARGETS: Record<string, Resource> = { '2': 'category', '3': 'collection', '4': 'vendor' };

async function optionsOf(ctx: ILoadOptionsFunctions, table: ResourceTable): Promise<INodePropertyOptions[]> {
	const search = makeListSearch(table);
	const out: INodePropertyOptions[] = [];
	let token: string | undefined;
	do {
		const page = await search.call(ctx, undefined, token);
		out.push(...page.results.map((r) => ({ name: r.name, value: r.value })));
		token = page.paginationToken as string | undefined;
	} while (token && out.length < MAX_OPTIONS);
	return out;
}

/** Reads the "applies to" type of the current promotion or voucher, wherever it sits. */
function targetType(ctx: ILoadOptionsFunctions): string {
	for (const name of ['promotionOnType', 'additionalFields.discountOnType', 'updateFields.discountOnType']) {
		try {
			const value = ctx.getCurrentNodeParameter(name);
			if (value !== undefined && value !== '') return String(value);
		} catch {
			// not a parameter of this operation: try the next place
		}
	}
	return '2';
}

export function buildLoadOptions(tables: ResourceTable[]) {
	const find = (resource: Resource) => tables.find((t) => t.resource === resource) as ResourceTable;
	return {
		[loadOptionsMethodName('category')]: async function (this: ILoadOptionsFunctions) {
			return await optionsOf(this, find('category'));
		},
		[loadOptionsMethodName('target')]: async function (this: ILoadOptionsFunctions) {
			const resource = TARGETS[targetType(this)];
			return resource ? await optionsOf(this, find(resource)) : [];
		},
	};
}

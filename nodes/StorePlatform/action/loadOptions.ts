import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Dropdown, Resource, ResourceTable } from '../endpoint';
import { makeListSearch } from './listSearch';

/** Most records offered in a dropdown (the first pages of the list). */
const MAX_OPTIONS = 500;

async function optionsOf(
	ctx: ILoadOptionsFunctions,
	table: ResourceTable,
): Promise<INodePropertyOptions[]> {
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

/** The resource a dropdown lists now: its own, or the one chosen by the first of its `chosenBy` parameters that is set. */
function listedResource(ctx: ILoadOptionsFunctions, dropdown: Dropdown): Resource | undefined {
	if (dropdown.resource) return dropdown.resource;
	for (const name of dropdown.chosenBy ?? []) {
		try {
			const value = ctx.getCurrentNodeParameter(name);
			if (value !== undefined && value !== '') return dropdown.resources?.[String(value)];
		} catch {
			// not a parameter of this operation: try the next place
		}
	}
	return dropdown.fallback;
}

/** The dropdowns that the tables' fields use, once each. */
function dropdownsOf(tables: ResourceTable[]): Dropdown[] {
	const fields = tables.flatMap((t) =>
		t.endpoints.flatMap((e) => [...(e.body ?? []), ...(e.filters ?? [])]),
	);
	const byMethod = new Map(
		fields.flatMap((f) => (f.loadFrom ? [[f.loadFrom.method, f.loadFrom] as const] : [])),
	);
	return [...byMethod.values()];
}

/** One load-options method per dropdown of the tables' id fields. */
export function buildLoadOptions(tables: ResourceTable[]) {
	const find = (resource: Resource) => tables.find((t) => t.resource === resource) as ResourceTable;
	return Object.fromEntries(
		dropdownsOf(tables).map((dropdown) => [
			dropdown.method,
			async function (this: ILoadOptionsFunctions) {
				const resource = listedResource(this, dropdown);
				return resource ? await optionsOf(this, find(resource)) : [];
			},
		]),
	);
}

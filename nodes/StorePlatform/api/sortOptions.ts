import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

/**
 * Alphabetizes the built editor fields the way n8n's lint rules want them in source
 * (node-param-collection-type-unsorted-items, node-param-options-type-unsorted-items): a collection's
 * items by display name, an option list's entries by name, from five items on. Our fields are built
 * from tables, so the rules are applied here, at build time. Defaults are not touched.
 */

/** n8n's rules leave shorter lists in the order given. */
export const MIN_ITEMS_TO_ALPHABETIZE = 5;

const VERSION = /^v\d+\.\d+$/;

/** The comparison of eslint-plugin-n8n-nodes-base: newest version labels first, else localeCompare. */
export function compareLabels(a: string, b: string): number {
	if (VERSION.test(a)) {
		if (a === b) return 0;
		return parseFloat(a.slice(1)) > parseFloat(b.slice(1)) ? -1 : 1;
	}
	return a.localeCompare(b);
}

type Item = INodeProperties | INodePropertyOptions | INodePropertyCollection;

const label = (item: Item) =>
	'type' in item && 'default' in item
		? item.displayName
		: String((item as INodePropertyOptions).name);

function sortItems<T extends Item>(items: T[], key: (item: T) => string): T[] {
	if (items.length < MIN_ITEMS_TO_ALPHABETIZE) return items;
	return [...items].sort((a, b) => compareLabels(key(a), key(b)));
}

/** One property with its collection items and option lists sorted, recursively. */
export function sortProperty(property: INodeProperties): INodeProperties {
	const options = property.options as Item[] | undefined;
	if (!Array.isArray(options) || property.typeOptions?.loadOptionsMethod) return property;
	switch (property.type) {
		case 'collection':
			return {
				...property,
				options: sortItems((options as INodeProperties[]).map(sortProperty), (p) => p.displayName),
			};
		case 'options':
		case 'multiOptions':
			return { ...property, options: sortItems(options as INodePropertyOptions[], label) };
		case 'fixedCollection':
			return {
				...property,
				options: (options as INodePropertyCollection[]).map((group) => ({
					...group,
					values: group.values.map(sortProperty),
				})),
			};
		default:
			return property;
	}
}

export const sortProperties = (properties: INodeProperties[]): INodeProperties[] =>
	properties.map(sortProperty);

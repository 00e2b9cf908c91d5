import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest } from './request';
import { unwrapRecords } from './unwrap';

/**
 * "From list" of a Product ID (Variant's operations, the poll trigger on Variant): the API lists no products, so
 * the list is the products the shop's abandoned carts hold (`items[].product_id` with the item's `title`), newest
 * carts first as the shop lists them, each product once. A product in no cart is given By ID.
 */

/** The method's name, registered on every node with a Product ID field (n8n looks it up on the node itself). */
export const PRODUCT_SEARCH = 'searchProducts';

/** Carts per page asked for, and pages read at most (a shop that caps the page size is read as it answers). */
export const CART_PAGE = 250;
export const CART_PAGES = 8;

/** The distinct products of the carts' items, first seen first: `Basic T-shirt (1)`, value `1`. */
export function productsInCarts(carts: IDataObject[]): INodeListSearchItems[] {
	const seen = new Map<string, INodeListSearchItems>();
	for (const cart of carts) {
		const items = Array.isArray(cart.items) ? (cart.items as IDataObject[]) : [];
		for (const item of items) {
			if (!item || typeof item !== 'object') continue;
			const raw = item.product_id;
			if (raw === undefined || raw === null || String(raw).trim() === '') continue;
			const id = String(raw).trim();
			if (seen.has(id)) continue;
			const title = typeof item.title === 'string' ? item.title.trim() : '';
			seen.set(id, { name: title ? `${title} (${id})` : id, value: id });
		}
	}
	return [...seen.values()];
}

/** The products of up to CART_PAGES pages of carts, filtered by name or ID (case-insensitive). */
export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const carts: IDataObject[] = [];
	let pageSize = 0;
	for (let page = 1; page <= CART_PAGES; page++) {
		const body = await apiRequest.call(this, 'GET', '/services/checkout', {
			query: { limit: CART_PAGE, page },
			operation: 'Products in abandoned carts',
		});
		const records = unwrapRecords(body, 'carts');
		carts.push(...records);
		if (page === 1) pageSize = records.length;
		if (records.length === 0 || records.length < pageSize) break;
	}
	const needle = (filter ?? '').trim().toLowerCase();
	const results = productsInCarts(carts).filter(
		(p) => !needle || p.name.toLowerCase().includes(needle),
	);
	return { results };
}

/**
 * The resources the history checker watches, one of each kind of list the poll trigger reads: what it watches,
 * the field a history changes (a record's value, as the checker compares it), and which steps apply.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ChangeKind } from './fold';

export interface Profile {
	resource: string;
	/** How the poll reads it (for the report). */
	kind: string;
	/** The events the trigger watches (all the plan offers). */
	events: ChangeKind[];
	/** The record's key field. */
	key: 'id' | 'user_key';
	/** The field a history's updates change. */
	field: string;
	/** The list's path (habits that target it). */
	listPath: string;
	/** The list's parent (variants: the product), '' for lists of the shop. */
	scope: string;
	/** Whether records may be deleted (and restored) by a history. */
	deletes: boolean;
	/** The trigger's parameters. */
	params: INodeParameters;
}

/** The product whose variants are watched (the seed's first). */
export const PRODUCT = '1';

const all: ChangeKind[] = ['created', 'updated', 'deleted'];

const profile = (p: Omit<Profile, 'params' | 'scope'> & { scope?: string }): Profile => ({
	scope: '',
	...p,
	params: {
		resource: p.resource,
		events: p.events,
		simplify: false,
		...(p.resource === 'variant' ? { productId: PRODUCT } : {}),
	},
});

export const PROFILES: Record<string, Profile> = {
	page: profile({
		resource: 'page',
		kind: 'keyed, updated_at scan, count',
		events: all,
		key: 'id',
		field: 'title',
		listPath: '/services/pages',
		deletes: true,
	}),
	voucher: profile({
		resource: 'voucher',
		kind: 'keyed, count',
		events: ['created', 'deleted'],
		key: 'id',
		field: 'comment',
		listPath: '/services/vouchers',
		deletes: true,
	}),
	abandonedCart: profile({
		resource: 'abandonedCart',
		kind: 'created_at scan',
		events: ['created'],
		key: 'user_key',
		field: 'email',
		listPath: '/services/checkout',
		deletes: false,
	}),
	user: profile({
		resource: 'user',
		kind: 'whole list, fingerprints',
		events: all,
		key: 'id',
		field: 'first_name',
		listPath: '/services/users',
		deletes: true,
	}),
	promotion: profile({
		resource: 'promotion',
		kind: 'whole list by page number, fingerprints',
		events: all,
		key: 'id',
		field: 'title',
		listPath: '/services/promotions',
		deletes: true,
	}),
	themeScript: profile({
		resource: 'themeScript',
		kind: 'updated_at scan by page number',
		events: ['created', 'updated'],
		key: 'id',
		field: 'src',
		listPath: '/services/theme_scripts',
		// the trigger offers no Deleted event for theme scripts, but the API deletes them (issue 41 #6)
		deletes: true,
	}),
	variant: profile({
		resource: 'variant',
		kind: "a product's list, fingerprints",
		events: all,
		key: 'id',
		field: 'sku',
		listPath: `/services/variants/${PRODUCT}`,
		scope: PRODUCT,
		deletes: true,
	}),
};

export const RESOURCES = Object.keys(PROFILES);

/** Whether a record of the store (or of the log) belongs to the watched list. */
export const inScope = (p: Profile, rec: IDataObject): boolean =>
	p.scope === '' || String(rec.product_id) === p.scope;

/** A record's value as the checker compares it: its changed field ('' where updates are not watched). */
export const valueOf = (p: Profile, rec: IDataObject): string =>
	p.events.includes('updated') ? String(rec[p.field] ?? '') : '';

/** A value a history writes: `v-A`, `v-B` ... (few, so that states come back). */
export const valueText = (v: number): string => `v-${'ABCD'[v % 4]}`;

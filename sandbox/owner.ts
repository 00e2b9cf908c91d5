/**
 * What happens in the shop without the API: the shop owner accepts or declines a charge (the confirmation page),
 * changes a record in the admin panel (also records the API only reads: collections, payment methods, users,
 * carts; a cart also changes when the customer edits it or places the order), removes a record (a product, and
 * with it its variants as the API shows them; a theme and its assets), restores one from the trash with its old
 * id, the shop's database restarts, or the shop's settings change (zone, reading of date filters).
 */
import { nowDate, type App } from './app';
import { shiftDate } from './dates';
import { badRequest, HttpError, notFound } from './errors';
import { newlyCreated } from './habits';
import { seedResource, tableFor } from './seed';
import { checkSettings, STAMP_FIELDS, type ShopSettings } from './shopTime';
import type { Rec } from './store';

export type ChargeDecision = 'accept' | 'decline';

/**
 * The owner's decision on a pending charge: status accepted/declined, updated_at the shop's now. Throws 404 for
 * an unknown charge, 409 when it is no longer pending.
 */
export function decideCharge(app: App, id: string | number, decision: ChargeDecision): Rec {
	const c = app.store.applicationCharges.get(id);
	if (!c) throw notFound(`application charge ${id} not found`);
	if (c.status !== 'pending')
		throw new HttpError(409, 'charge_decided', `application charge ${c.id} is already ${c.status}`);
	c.status = decision === 'accept' ? 'accepted' : 'declined';
	c.updated_at = nowDate(app);
	return c;
}

export interface ChangeOptions {
	/**
	 * The writer's clock runs this many ms ahead of the shop's: updated_at is stamped in the shop's future (one
	 * record with an odd stamp). An `updated_at` among the fields is used as given instead.
	 */
	aheadMs?: number;
}

/**
 * The shop owner accepts or declines "the next" charge on its confirmation page: the oldest pending one, else a new
 * pending one the app asks for first (`created`: true). Lets a user see a Poll Trigger on Application Charges fire
 * as often as they like (`npm run sandbox -- accept-charge`).
 */
export function decideNextCharge(
	app: App,
	decision: ChargeDecision,
): { charge: Rec; created: boolean } {
	const pending = app.store.applicationCharges.rows.find((c) => c.status === 'pending');
	const charge =
		pending ?? addRecord(app, 'applicationCharge', { status: 'pending', activated_on: null });
	return { charge: decideCharge(app, charge.id as string | number, decision), created: !pending };
}

/**
 * Changes fields of a record as the shop's admin panel does: the given fields (id excepted), and updated_at set
 * to the shop's now where the record has one (vouchers and promotions have none). `resource` is the node's
 * resource name (page, collection, paymentMethod, user, abandonedCart, ...).
 */
export function changeRecord(
	app: App,
	resource: string,
	id: string | number,
	fields: Record<string, unknown>,
	opts: ChangeOptions = {},
): Rec {
	const table = tableFor(app.store, resource);
	if (!table) throw badRequest(`unknown resource ${JSON.stringify(resource)}`);
	const rec = table.get(id);
	if (!rec) throw notFound(`${resource} ${id} not found`);
	const ahead = opts.aheadMs ?? 0;
	if (!Number.isFinite(ahead) || ahead < 0)
		throw badRequest(`aheadMs must be a number of ms >= 0, got ${JSON.stringify(opts.aheadMs)}`);
	const { [table.keyField]: _key, ...rest } = fields;
	Object.assign(rec, rest);
	if ('updated_at' in rec && !('updated_at' in rest))
		rec.updated_at = shiftDate(nowDate(app), ahead);
	return rec;
}

/**
 * Adds one record as the shop does outside the API (a collection, a payment method, a user, an abandoned cart,
 * or anything else): a generated record, stamped with the shop's now (created_at, and updated_at where it has
 * one), then the given fields. Returns it.
 */
export function addRecord(app: App, resource: string, fields: Record<string, unknown> = {}): Rec {
	const table = tableFor(app.store, resource);
	if (!table || resource === 'order')
		throw badRequest(`unknown resource ${JSON.stringify(resource)}`);
	const before = new Set(table.rows);
	seedResource(app.store, resource, 1, app.url);
	const rec = table.rows.find((r) => !before.has(r));
	if (!rec) throw new Error(`no ${resource} was added`);
	const now = nowDate(app);
	for (const f of ['created_at', 'updated_at']) if (f in rec) rec[f] = now;
	newlyCreated(app, rec);
	const { [table.keyField]: _key, ...rest } = fields;
	Object.assign(rec, rest);
	return rec;
}

/**
 * Removes a record as the shop does outside the API; returns it. A product's variants and a theme's assets go
 * with it as far as the API shows: their list and count answer 404, as for a shop that deleted them; a product or
 * theme restored (restoreRecord) brings them back.
 */
export function removeRecord(app: App, resource: string, id: string | number): Rec {
	const table = tableFor(app.store, resource);
	if (!table) throw badRequest(`unknown resource ${JSON.stringify(resource)}`);
	const rec = table.remove(id);
	if (!rec) throw notFound(`${resource} ${id} not found`);
	return rec;
}

/**
 * Restores a removed record from the trash with its old id (and its old fields and stamps, unless `fields` say
 * otherwise); returns it. 404 when no record of that id was removed, 409 when one with that id exists.
 */
export function restoreRecord(
	app: App,
	resource: string,
	id: string | number,
	fields: Record<string, unknown> = {},
): Rec {
	const table = tableFor(app.store, resource);
	if (!table) throw badRequest(`unknown resource ${JSON.stringify(resource)}`);
	if (table.get(id)) throw new HttpError(409, 'exists', `${resource} ${id} exists`);
	const rec = table.restore(id);
	if (!rec) throw notFound(`no removed ${resource} ${id} to restore`);
	const { [table.keyField]: _key, ...rest } = fields;
	return Object.assign(rec, rest);
}

/**
 * The shop's database restarts: every auto-increment counter falls back to the highest id that exists (MySQL
 * before 8), so a table whose highest record was deleted hands that id out again.
 */
export function restartShop(app: App): void {
	for (const t of app.store.tables()) t.restart();
}

/**
 * Applies shop settings. A change of zone re-renders the stamps already stored (created_at, updated_at,
 * activated_on) in the new zone, as does the pinned time: the same instants, as a shop that stores instants shows them.
 */
export function applySettings(app: App, input: Record<string, unknown>): ShopSettings {
	const next = checkSettings(input);
	const shift = app.shopTime.apply(next);
	if (shift !== 0) {
		for (const t of app.store.tables())
			for (const r of t.rows)
				for (const f of STAMP_FIELDS) if (f in r) r[f] = shiftDate(r[f], shift);
	}
	return app.shopTime.settings;
}

/**
 * The built descriptions where a typeVersion changes a default or a text: the action node's Simplify tooltip and
 * Return Full Record (typeVersion 3), the trigger's Normalize Numbers (typeVersion 4), its notice and its events.
 * Which entry n8n shows for a version is asked of n8n-workflow's own displayParameter.
 */
import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';

const action = new StorePlatform().description;
const trigger = new StorePlatformTrigger().description;

/** The entries named `name` among `properties` that n8n shows for these values at this typeVersion. */
function shown(
	description: INodeTypeDescription,
	properties: INodeProperties[],
	name: string,
	values: INodeParameters,
	typeVersion: number,
): INodeProperties[] {
	return properties.filter(
		(p) =>
			p.name === name &&
			NodeHelpers.displayParameter(values, p, { typeVersion }, description, values),
	);
}

const optionsOf = (properties: INodeProperties[], values: INodeParameters, typeVersion: number) =>
	shown(action, properties, 'options', values, typeVersion).flatMap(
		(p) => (p.options ?? []) as INodeProperties[],
	);

describe('action node: Simplify names the fields its output has', () => {
	const get = { resource: 'voucher', operation: 'get' };

	it.each([
		[
			2,
			'id, code, discount_type, discount_value, quantity, quantity_used, start_at, finish_at, activate, items_count',
		],
		[
			3,
			'id, code, discount_type, discount_value, quantity, quantity_used, start_at, finish_at, activate, items, items_count',
		],
	])('voucher Get, typeVersion %p: one Simplify entry naming (%s)', (typeVersion, fields) => {
		const entries = shown(action, action.properties, 'simplify', get, typeVersion);
		expect(entries).toHaveLength(1);
		expect(entries[0].default).toBe(true);
		expect(entries[0].description).toBe(
			`Whether to return only the fields used most (${fields}) instead of the whole record`,
		);
	});

	it('typeVersion 1 keeps Simplify in Options, naming items_count (the field its output has)', () => {
		const simplify = optionsOf(action.properties, get, 1).filter(
			(o) =>
				o.name === 'simplify' && NodeHelpers.displayParameter(get, o, { typeVersion: 1 }, action),
		);
		expect(simplify).toHaveLength(1);
		expect(simplify[0].description).toMatch(/activate, items_count\)/);
	});

	it('no Simplify tooltip anywhere names a field with a colon (the table syntax)', () => {
		const texts = action.properties
			.filter((p) => p.name === 'simplify')
			.map((p) => String(p.description));
		expect(texts.length).toBeGreaterThan(5);
		for (const text of texts) expect(text).not.toMatch(/:/);
	});
});

describe('action node: Update returns the record from typeVersion 3', () => {
	it.each([
		[1, false],
		[2, false],
		[3, true],
	])('voucher Update, typeVersion %p: Return Full Record defaults to %p', (typeVersion, on) => {
		const values = { resource: 'voucher', operation: 'update' };
		const entries = optionsOf(action.properties, values, typeVersion).filter(
			(o) =>
				o.name === 'returnFullRecord' &&
				NodeHelpers.displayParameter(values, o, { typeVersion }, action),
		);
		expect(entries).toHaveLength(1);
		expect(entries[0].default).toBe(on);
	});
});

describe('trigger panel', () => {
	const options = trigger.properties.find((p) => p.name === 'options')
		?.options as INodeProperties[];
	const normalize = (typeVersion: number) =>
		options.filter(
			(o) =>
				o.name === 'normaliseNumbers' &&
				NodeHelpers.displayParameter({}, o, { typeVersion }, trigger),
		);

	it.each([
		[1, false],
		[2, false],
		[3, false],
		[4, true],
	])('typeVersion %p: Normalize Numbers defaults to %p', (typeVersion, on) => {
		expect(normalize(typeVersion)).toHaveLength(1);
		expect(normalize(typeVersion)[0].default).toBe(on);
	});

	it("Normalize Numbers says the amounts' unit is not documented", () => {
		for (const v of [3, 4]) {
			expect(normalize(v)[0].description).toMatch(/total_price/);
			expect(normalize(v)[0].description).toMatch(/does not document their unit/);
		}
	});

	it('the notice names both webhook URLs and no position ("above") that one tab hides', () => {
		const notice = String(trigger.properties.find((p) => p.type === 'notice')?.displayName);
		expect(notice).toMatch(/Test URL/);
		expect(notice).toMatch(/Production URL/);
		expect(notice).not.toMatch(/above|below/i);
	});

	it('explains "Order Status Paid" and the other order status events', () => {
		const events = trigger.properties.find((p) => p.name === 'events')?.options as Array<{
			name: string;
			value: string;
			description?: string;
		}>;
		const paid = events.find((e) => e.value === 'orderStatus/paid');
		expect(paid?.name).toBe('Order Status Paid');
		expect(paid?.description).toMatch(/^Listed by the platform .*\(event orderStatus\/paid\)$/);
		expect(paid?.description).toMatch(/order\/paid/);
		for (const e of events.filter((k) => k.value.startsWith('orderStatus/')))
			expect(e.description).toMatch(/order status/);
		expect(events.find((e) => e.value === 'order/create')?.description).toBe(
			'An order was created (event order/create)',
		);
	});

	it('describes every event in words, its code after them (not the code alone)', () => {
		const events = trigger.properties.find((p) => p.name === 'events')?.options as Array<{
			value: string;
			description?: string;
		}>;
		for (const e of events)
			expect({ value: e.value, description: e.description }).toEqual({
				value: e.value,
				description: expect.stringMatching(
					new RegExp(`^[A-Z][a-z']* .+ \\(event ${e.value.replace('/', '\\/')}\\)$`),
				),
			});
		expect(events.find((e) => e.value === 'app/uninstalled')?.description).toBe(
			'This app was uninstalled from the shop (event app/uninstalled)',
		);
	});
});

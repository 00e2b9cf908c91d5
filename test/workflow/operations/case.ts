/**
 * One operation case of the workflow tests: the parameters the node runs with, the request the sandbox
 * must receive and the check of the items the node returned; expectOperation runs one.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { apiRequests, jsonOf, runStore } from '../setup';

export interface Case {
	name: string;
	params: INodeParameters;
	method: string;
	path: string | ((s: Sandbox) => string);
	query?: IDataObject;
	body?: unknown;
	before?: (s: Sandbox) => void;
	check: (out: IDataObject[], s: Sandbox) => void;
	/** The node's typeVersion when not the default (the forms of nodes saved earlier). */
	typeVersion?: number;
}

export const list = (resource: string, extra: INodeParameters = {}): INodeParameters => ({
	resource,
	operation: 'getAll',
	returnAll: false,
	limit: 2,
	...extra,
});

export const manyOf = (n: number) => (out: IDataObject[]) => {
	expect(out).toHaveLength(n);
	for (const r of out) expect(r).toEqual(expect.any(Object));
};
export const countIs = (get: (s: Sandbox) => number) => (out: IDataObject[], s: Sandbox) => {
	expect(out).toEqual([{ count: get(s) }]);
};
export const deleted = (id: IDataObject) => (out: IDataObject[]) =>
	expect(out).toEqual([{ ...id, deleted: true }]);
export const record = (fields: IDataObject) => (out: IDataObject[]) => {
	expect(out).toHaveLength(1);
	expect(out[0]).toMatchObject(fields);
};

export const firstVariant = (s: Sandbox) => s.store.variants.rows[0];
export const firstCart = (s: Sandbox) => s.store.abandonedCarts.rows[0];

/** Runs one case against the (reset) sandbox and checks the request sent and the items returned. */
export async function expectOperation(s: Sandbox, c: Case) {
	const params = { ...c.params };
	// ids only known once the sandbox is seeded
	if (params.userKey) params.userKey = firstCart(s).user_key;
	if (params.productId === '={{ "" }}') params.productId = String(firstVariant(s).product_id);
	c.before?.(s);
	const path = typeof c.path === 'function' ? c.path(s) : c.path;
	const result = await runStore(s, params, { typeVersion: c.typeVersion });
	expect(result.error).toBeUndefined();
	const requests = apiRequests(s);
	const sent = requests.find((r) => r.method === c.method && r.path === path);
	expect(sent).toBeDefined();
	expect(requests.every((r) => r.authorized)).toBe(true);
	if (c.query) expect(sent?.query).toMatchObject(c.query);
	if (c.body !== undefined) expect(sent?.body).toEqual(c.body);
	c.check(jsonOf(result), s);
	for (const item of result.items[0]) expect(item.pairedItem).toEqual({ item: 0 });
}

'use strict';
/**
 * The parameter helpers and output checks of the "every resource" workflow's steps: each check takes
 * the node's output json[] (and ctx) and throws on a wrong output.
 */
const assert = require('assert');

/** A resource-locator value in "By ID" mode (also takes an expression). */
const rl = (value) => ({ __rl: true, mode: 'id', value: String(value) });
/** Expression reading a field of the first output item of an earlier node. */
const ref = (node, field = 'id') => `={{ $('${node}').first().json.${field} }}`;

const str = (v) => (v === undefined || v === null ? v : String(v));

// ---- checks ---------------------------------------------------------------------------------

const one = (out) => {
	assert.strictEqual(
		out.length,
		1,
		`expected 1 item, got ${out.length}: ${JSON.stringify(out).slice(0, 300)}`,
	);
	return out[0];
};
const has = (fields) => (out) => {
	const r = one(out);
	for (const [k, v] of Object.entries(fields))
		assert.strictEqual(str(r[k]), str(v), `${k}: ${JSON.stringify(r[k])} !== ${JSON.stringify(v)}`);
	return r;
};
const many =
	(min = 1) =>
	(out) => {
		assert.ok(out.length >= min, `expected at least ${min} items, got ${out.length}`);
		for (const r of out)
			assert.ok(
				r && typeof r === 'object' && !('error' in r),
				`bad item ${JSON.stringify(r).slice(0, 200)}`,
			);
	};
const count = (out) => {
	const r = one(out);
	assert.strictEqual(typeof r.count, 'number', `count is ${typeof r.count}: ${JSON.stringify(r)}`);
	assert.ok(r.count >= 0);
};
/** Delete: { id: <the created id>, deleted: true } */
const deletedFrom =
	(createNode, extra = {}) =>
	(out, ctx) => {
		const r = one(out);
		assert.strictEqual(r.deleted, true, `deleted: ${JSON.stringify(r)}`);
		if (createNode)
			assert.strictEqual(str(r.id), str(ctx.first(createNode).id), 'deleted id is the created id');
		for (const [k, v] of Object.entries(extra)) assert.strictEqual(str(r[k]), str(v));
	};
/** Get/update of the record a create node made: same id and the given fields. */
const sameAs =
	(createNode, fields = {}) =>
	(out, ctx) => {
		const r = has(fields)(out);
		assert.strictEqual(
			str(r.id),
			str(ctx.first(createNode).id),
			`id ${r.id} is not the created ${ctx.first(createNode).id}`,
		);
	};

module.exports = { rl, ref, str, one, has, many, count, deletedFrom, sameAs };

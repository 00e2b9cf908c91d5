import type { DisplayCondition, IDisplayOptions } from 'n8n-workflow';

import { servesVersion, type Endpoint } from '../endpoint';

/**
 * The `@version` condition of a property of an endpoint entry, where both may be limited to some typeVersions
 * (a property: Simplify's or Return Full Record's entry per version range; an entry: `Endpoint.versions`). Pure.
 */

type Versions = NonNullable<NonNullable<IDisplayOptions['show']>['@version']>;

/** The action node's typeVersions, and one later typeVersion standing for those to come. */
const KNOWN = [1, 2, 3];
const LATER = 1000;

function holds(condition: Versions[number], v: number): boolean {
	if (typeof condition === 'number') return condition === v;
	const c = (condition as DisplayCondition & { _cnd?: Record<string, unknown> })._cnd ?? {};
	if (typeof c.gte === 'number') return v >= c.gte;
	if (typeof c.lt === 'number') return v < c.lt;
	if (typeof c.eq === 'number') return v === c.eq;
	const between = c.between as { from: number; to: number } | undefined;
	if (between) return v >= between.from && v <= between.to;
	return false;
}

/** The endpoint entry's own condition (none when it serves every typeVersion). */
export function entryCondition(endpoint: Endpoint): Versions | undefined {
	const { from, before } = endpoint.versions ?? {};
	if (from === undefined && before === undefined) return undefined;
	// the listed conditions of a key are alternatives (any one shows the field): both bounds are one "between"
	const condition: DisplayCondition =
		from === undefined
			? { _cnd: { lt: before as number } }
			: before === undefined
				? { _cnd: { gte: from } }
				: { _cnd: { between: { from, to: before - 0.001 } } };
	return [condition];
}

/**
 * Where a property with its own condition shows within the entry's typeVersions: its own condition when the
 * entry serves all of it, the typeVersions both serve when they overlap, or null when they do not (left out).
 */
export function propertyVersions(
	endpoint: Endpoint,
	own: Versions | undefined,
): Versions | null | undefined {
	const entry = entryCondition(endpoint);
	if (!own) return entry;
	if (!entry) return own;
	const ownVersions = [...KNOWN, LATER].filter((v) => own.some((c) => holds(c, v)));
	const both = ownVersions.filter((v) => servesVersion(endpoint, v));
	if (!both.length) return null;
	if (both.length === ownVersions.length) return own;
	return both.includes(LATER) ? [{ _cnd: { gte: Math.min(...both) } }] : both;
}

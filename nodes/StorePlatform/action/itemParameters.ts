import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * Reading an item's parameters without n8n's expression engine where it would only copy a value: n8n 2.x evaluates
 * every expression in an isolate (about 1–2 ms each, by the benchmark's profile most of the CPU of a bulk update),
 * even `{{ $json.id }}`. A parameter whose stored value holds no expression, or only whole-value references to
 * the item's own fields (`={{ $json.title }}`, `={{ $json.address.city }}`) that are text, numbers or booleans,
 * is read here from the stored parameters and the item: the value n8n's evaluation gives, by construction.
 * Anything else (another expression, a field that is missing, null, an object or an array) is read by n8n as
 * before, with its own errors.
 *
 * What n8n does after evaluating, and why it is the same here: `cleanupParameterData` changes only date objects
 * (none in stored parameters or primitives); `extractValue` gives a resource locator's `value` (our locators' modes
 * have no `extractValue` rule) and leaves other values as they are; `validateValueAgainstSchema` checks only
 * properties with a `validateType`, resource mappers and filters, which the node does not have (a unit test pins
 * these three facts to the node's description).
 */

/** A whole-value reference to a field of the item: `={{ $json.a }}`, `={{ $json.a.b }}`. */
const ITEM_FIELD = /^=\{\{\s*\$json((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*\}\}$/;

type Primitive = string | number | boolean;

/** The item field a stored string names, or undefined when it is not such a reference. */
export function itemFieldPath(stored: string): string[] | undefined {
	const match = ITEM_FIELD.exec(stored);
	return match ? match[1].slice(1).split('.') : undefined;
}

/** The value of a field of the item when it is text, a finite number or a boolean; else undefined. */
function fieldValue(json: IDataObject | undefined, path: string[]): Primitive | undefined {
	let value: unknown = json;
	for (const key of path) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
		value = (value as IDataObject)[key];
	}
	if (typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	return undefined;
}

/** Sentinel: the stored value needs n8n's evaluation. */
const NEEDS_N8N = Symbol('needs n8n');

/**
 * The stored value with its item-field references resolved, copied (the stored parameters are never shared), or
 * NEEDS_N8N.
 */
export function resolveStored(
	stored: unknown,
	json: IDataObject | undefined | (() => IDataObject | undefined),
): unknown {
	if (typeof stored === 'string') {
		if (!stored.startsWith('=')) return stored;
		const path = itemFieldPath(stored);
		const value = path && fieldValue(typeof json === 'function' ? json() : json, path);
		return value === undefined ? NEEDS_N8N : value;
	}
	if (Array.isArray(stored)) {
		const out: unknown[] = [];
		for (const entry of stored) {
			const value = resolveStored(entry, json);
			if (value === NEEDS_N8N) return NEEDS_N8N;
			out.push(value);
		}
		return out;
	}
	if (stored !== null && typeof stored === 'object') {
		// only plain objects, as stored parameters are (a date or any class instance is n8n's to read)
		const proto: unknown = Object.getPrototypeOf(stored);
		if (proto !== Object.prototype && proto !== null) return NEEDS_N8N;
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(stored)) {
			const value = resolveStored(entry, json);
			if (value === NEEDS_N8N) return NEEDS_N8N;
			out[key] = value as IDataObject[string];
		}
		return out;
	}
	return stored;
}

/** Sentinel: the node's stored parameters do not hold the parameter (n8n gives the fallback or its error). */
const MISSING = Symbol('missing');

/** The stored (unevaluated) parameters of each node run, by name: the same for every item, so read once. */
const storedByRun = new WeakMap<object, Map<string, unknown>>();

/**
 * A parameter as stored, expressions unevaluated (`rawExpressions`: n8n returns it before looking at the item), or
 * MISSING. Read once per node run (context) and name: n8n's read looks up the node type at every call.
 */
function storedParameter(ctx: IExecuteFunctions, name: string): unknown {
	let byName = storedByRun.get(ctx);
	if (!byName) storedByRun.set(ctx, (byName = new Map()));
	if (byName.has(name)) return byName.get(name);
	let stored: unknown;
	try {
		stored = ctx.getNodeParameter(name, 0, undefined, { rawExpressions: true });
	} catch {
		stored = MISSING;
	}
	byName.set(name, stored);
	return stored;
}

/** The typeVersion of each node run's node, read once (n8n's getNode() copies the whole node at every call). */
const versions = new WeakMap<object, number>();

export function nodeVersion(ctx: IExecuteFunctions): number {
	let version = versions.get(ctx);
	if (version === undefined) versions.set(ctx, (version = ctx.getNode().typeVersion));
	return version;
}

/** Whether a value is a resource locator (`{ __rl, mode, value }`). */
const isLocator = (value: unknown): value is { value: unknown } =>
	value !== null && typeof value === 'object' && 'mode' in value && 'value' in value;

/**
 * `ctx.getNodeParameter(name, i, fallback, options)` for the action node's item loop: the same value, read without
 * the expression engine where that changes nothing (see above).
 */
export function itemParameter(
	ctx: IExecuteFunctions,
	name: string,
	i: number,
	fallback?: unknown,
	options?: { extractValue?: boolean },
): unknown {
	let stored = storedParameter(ctx, name);
	if (stored === MISSING) {
		// as n8n's own read: the fallback in its place, or n8n's error when there is none
		if (fallback === undefined) return ctx.getNodeParameter(name, i, fallback, options);
		stored = fallback;
	}
	// the item is looked at only for a reference to one of its fields
	const resolved = resolveStored(stored, () => ctx.getInputData()[i]?.json);
	if (resolved === NEEDS_N8N) return ctx.getNodeParameter(name, i, fallback, options);
	return options?.extractValue && isLocator(resolved) ? resolved.value : resolved;
}

import type { IDataObject } from 'n8n-workflow';

/**
 * PHP's reading of a form body (`parse_str`, what `$_POST` holds): `a[b][0]=x` nests, `a[]=x`
 * appends, a repeated plain key keeps the last value. Containers whose keys are 0..n-1 become
 * arrays. Pure; used for the trigger's output, since n8n's own parser keeps bracket keys flat.
 */
export function parseForm(body: string): IDataObject {
	const pairs: Array<[string, string]> = [];
	for (const part of body.split('&')) {
		if (!part) continue;
		const eq = part.indexOf('=');
		const decode = (s: string) => {
			try {
				return decodeURIComponent(s.replace(/\+/g, ' '));
			} catch {
				return s;
			}
		};
		pairs.push([
			decode(eq < 0 ? part : part.slice(0, eq)),
			decode(eq < 0 ? '' : part.slice(eq + 1)),
		]);
	}
	return nestPairs(pairs);
}

/** Nests bracket keys of already-decoded pairs (also for a body n8n parsed flat). */
export function nestPairs(pairs: Array<[string, unknown]>): IDataObject {
	const root: IDataObject = {};
	for (const [key, value] of pairs) {
		const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
		if (!match || !match[2]) {
			root[key] = value as IDataObject[string];
			continue;
		}
		const path = [match[1], ...[...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
		let node: IDataObject = root;
		for (let i = 0; i < path.length; i++) {
			let name = path[i];
			if (name === '') name = String(Object.keys(node).length);
			if (i === path.length - 1) {
				node[name] = value as IDataObject[string];
			} else {
				const next = node[name];
				if (!next || typeof next !== 'object') node[name] = {};
				node = node[name] as IDataObject;
			}
		}
	}
	return toArrays(root) as IDataObject;
}

function toArrays(value: unknown): unknown {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
	const entries = Object.entries(value as IDataObject).map(([k, v]) => [k, toArrays(v)] as const);
	const sequential = entries.length > 0 && entries.every(([k], i) => k === String(i));
	return sequential ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

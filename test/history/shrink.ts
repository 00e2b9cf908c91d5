/**
 * A failing history made small: steps removed one at a time (and the habits before the activation, the change
 * during it, the records added before it) while the same promise stays broken and the history stays within the
 * filter (withinLimits.ts). Greedy: it ends when no single removal keeps the failure. Used by the soak's
 * FUZZ_SHRINK mode (`npm run fuzz -- --shrink <file>`: the JSON histories the counting soak printed).
 */
import type { Sandbox } from '../../sandbox';
import { withinLimits } from './withinLimits';
import { PROFILES } from './profiles';
import type { History } from './steps';
import { verdict } from './verdict';

/** The kind of a broken promise: its words before the first colon ("lost", "emitted what the log ..."). */
const kindOf = (broken: string): string => broken.split(':')[0];

/** Every history one removal away from `h`. */
function smaller(h: History): History[] {
	const out: History[] = h.steps.map((_, i) => ({
		...h,
		steps: h.steps.filter((_s, j) => j !== i),
	}));
	const before = h.before ?? [];
	before.forEach((_, i) => out.push({ ...h, before: before.filter((_s, j) => j !== i) }));
	if (h.activation) out.push({ ...h, activation: undefined });
	if (h.preload > 0) out.push({ ...h, preload: 0 });
	return out;
}

/** The history made small and the promise it breaks; undefined where it holds. */
export async function shrink(
	sandbox: Sandbox,
	history: History,
): Promise<{ history: History; broken: string } | undefined> {
	const first = (await verdict(sandbox, history)).broken[0];
	if (first === undefined) return undefined;
	const kind = kindOf(first);
	let found = { history, broken: first };
	for (let changed = true; changed; ) {
		changed = false;
		for (const h of smaller(found.history)) {
			if (!withinLimits(h, PROFILES[h.resource])) continue;
			const broken = (await verdict(sandbox, h)).broken.find((b) => kindOf(b) === kind);
			if (broken === undefined) continue;
			found = { history: h, broken };
			changed = true;
			break;
		}
	}
	return found;
}

/** The histories of a file: each line that is a JSON object (the counting soak's output, or one per line). */
export const historiesIn = (text: string): History[] =>
	text
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l.startsWith('{"resource"'))
		.map((l) => JSON.parse(l) as History);

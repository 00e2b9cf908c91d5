/**
 * Issue 49's failures (issue49.ts), each a fixed history the checker must pass. Those that fail on the trigger of
 * this branch are `test.failing` (FAILING), and fail only for the reason the issue gives: a failing item whose
 * histories break another promise than its `breaks` does not throw, so jest reports it ("failing test passed")
 * as it reports an item that holds: the lead removes an item from FAILING when its fix is merged.
 */
import { useSandbox } from '../workflow/setup';
import { ISSUE49, type Issue49Failure } from './issue49';
import { verdict } from './verdict';

const env = useSandbox();

/** The items that fail today, each for the reason the issue gives (the promise `breaks` names). */
const FAILING = new Set<number>([]);

async function holdsAll(f: Issue49Failure): Promise<void> {
	const failing = FAILING.has(f.item);
	for (const history of f.histories) {
		const v = await verdict(env.sandbox, history);
		if (v.broken.length === 0) continue;
		if (!failing || v.broken.some((b) => f.breaks.test(b))) throw new Error(v.report);
	}
}

describe('issue 49: the answers real shops give (fail until fixed)', () => {
	for (const f of ISSUE49)
		(FAILING.has(f.item) ? test.failing : test)(
			`#${f.item}: ${f.title}`,
			async () => await holdsAll(f),
			180_000,
		);
});

/**
 * One history, run and checked: the broken promises with the history as a script and what each poll did, and the
 * fast-check property the test files and the soak (scripts/fuzz.js) run.
 */
import fc from 'fast-check';

import type { Sandbox } from '../../sandbox';
import { check, pollsReport } from './model';
import { PROFILES } from './profiles';
import { runHistory } from './runner';
import { historyArb, type Switches } from './generator';
import { script, type History } from './steps';

/** Broken promises a report shows at most. */
const SHOWN = 12;

export interface Verdict {
	broken: string[];
	report: string;
	changes: number;
	polls: number;
}

export async function verdict(sandbox: Sandbox, history: History): Promise<Verdict> {
	const trace = await runHistory(sandbox, history);
	const broken = check(trace);
	const report = [
		'History:',
		script(history),
		'Broken promises:',
		...broken.slice(0, SHOWN).map((b) => `  - ${b}`),
		...(broken.length > SHOWN ? [`  ... and ${broken.length - SHOWN} more`] : []),
		'Polls:',
		pollsReport(trace),
	].join('\n');
	const changes = trace.log.filter((e) => e.resource === history.resource).length;
	return { broken, report, changes, polls: trace.polls.length };
}

/** Throws the report when a promise is broken. */
export async function holds(sandbox: Sandbox, history: History): Promise<Verdict> {
	const v = await verdict(sandbox, history);
	if (v.broken.length > 0) throw new Error(v.report);
	return v;
}

export interface SoakFigures {
	histories: number;
	steps: number;
	changes: number;
	polls: number;
}

/** The property over random histories of `resources`, with the switches given; figures add up in `figures`. */
export function property(
	sandbox: Sandbox,
	resources: string[],
	on: Switches,
	figures: SoakFigures,
	maxSteps?: number,
	allSlow = false,
) {
	return fc.asyncProperty(
		historyArb(
			resources.map((r) => PROFILES[r]),
			on,
			maxSteps,
			allSlow,
		),
		async (history) => {
			const v = await verdict(sandbox, history);
			figures.histories++;
			figures.steps += history.steps.length;
			figures.changes += v.changes;
			figures.polls += v.polls;
			if (v.broken.length > 0) throw new Error(v.report);
		},
	);
}

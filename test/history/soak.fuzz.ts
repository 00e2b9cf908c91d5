/**
 * The soak of `npm run fuzz` (scripts/fuzz.js sets the environment): FUZZ_RUNS random histories over the resources
 * of FUZZ_RESOURCES (default all), with the switches of FUZZ_SWITCHES ('holding': what holds today, the default;
 * 'all': issue 34's ten too; or a comma list of switch names added to 'holding'), from FUZZ_SEED. Prints the
 * figures: histories, steps, changes checked, polls, failures, histories per second; a failure is shrunk and
 * printed as a script with the seed and path to replay.
 */
import fc from 'fast-check';

import { useSandbox } from '../workflow/setup';
import { RESOURCES } from './profiles';
import { ALL_ON, HOLDING, type Switches } from './steps';
import { property, type SoakFigures } from './verdict';

const env = useSandbox();

function switches(text: string | undefined): Switches {
	if (!text || text === 'holding') return HOLDING;
	if (text === 'all') return ALL_ON;
	const on = { ...HOLDING };
	for (const name of text.split(',')) {
		if (!(name in ALL_ON))
			throw new Error(`unknown switch ${name}; switches: ${Object.keys(ALL_ON).join(', ')}`);
		(on as unknown as Record<string, boolean>)[name] = true;
	}
	return on;
}

test('soak', async () => {
	const runs = Number(process.env.FUZZ_RUNS ?? 100);
	const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 1_000_000;
	const resources = process.env.FUZZ_RESOURCES ? process.env.FUZZ_RESOURCES.split(',') : RESOURCES;
	const on = switches(process.env.FUZZ_SWITCHES);
	const figures: SoakFigures = { histories: 0, steps: 0, changes: 0, polls: 0 };
	const started = Date.now();
	let failure: string | undefined;
	const details = await fc.check(property(env.sandbox, resources, on, figures), {
		seed,
		numRuns: runs,
		path: process.env.FUZZ_PATH,
	});
	if (details.failed)
		failure = `${fc.defaultReportMessage(details) ?? 'failed'}\n${String(details.errorInstance)}`;
	const seconds = (Date.now() - started) / 1000;
	const off = Object.entries(on)
		.filter(([, v]) => !v)
		.map(([k]) => k);
	console.log(
		[
			`seed ${seed}, resources ${resources.join(', ')}, switches off: ${off.join(', ') || 'none'}`,
			`histories ${figures.histories} (shrinking included), steps ${figures.steps}, changes checked ${figures.changes}, polls ${figures.polls}`,
			`failures ${details.failed ? 1 : 0} (fast-check stops at the first and shrinks it)`,
			`${seconds.toFixed(1)} s: ${(figures.histories / seconds).toFixed(2)} histories/s, ${(figures.steps / seconds).toFixed(1)} steps/s`,
		].join('\n'),
	);
	if (failure) throw new Error(failure);
});

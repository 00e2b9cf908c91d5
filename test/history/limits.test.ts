/**
 * What the trigger does in the histories the generator's filter leaves out (generator.ts `withinLimits`, docs/poll.md
 * Limits): each such shape as a fixed history, and the one promise it breaks, word for word. A change here (a fix,
 * or a worse outcome) fails the test: the Limits and the filter are then to be updated with it.
 */
import { useSandbox } from '../workflow/setup';
import { withinLimits } from './generator';
import { PROFILES } from './profiles';
import type { History } from './steps';
import { verdict } from './verdict';

const env = useSandbox();

async function brokenBy(history: History): Promise<string[]> {
	expect(withinLimits(history, PROFILES[history.resource])).toBe(false);
	return (await verdict(env.sandbox, history)).broken;
}

describe('docs/poll.md Limits: what the trigger does in the histories the checker leaves out', () => {
	test('a repeated poll: the run reported a user deleted, the user is restored before the repeat: its return is lost', async () => {
		const broken = await brokenBy({
			resource: 'user',
			preload: 0,
			steps: [
				{ op: 'delete', pick: 0 },
				{ op: 'poll' },
				{ op: 'restore', pick: 0 },
				{ op: 'repeat' },
			],
		});
		expect(broken).toEqual([
			'lost: 1 ends Alice, the workflow last got null; states Alice → null → Alice',
		]);
	});

	test.each([
		['in a later step', undefined, [{ op: 'restore', pick: 0 }]],
		['while the activation runs, after its read', { n: 2, change: { op: 'restore', pick: 0 } }, []],
	] as Array<[string, History['activation'], History['steps']]>)(
		'every theme script trashed before the activation (it reads none), one restored %s: created, and updated in the same state',
		async (_when, activation, steps) => {
			const broken = await brokenBy({
				resource: 'themeScript',
				preload: 0,
				before: [
					{ op: 'delete', pick: 0 },
					{ op: 'delete', pick: 0 },
				],
				activation,
				steps,
			});
			expect(broken).toEqual([
				'emitted what the log does not hold: updated 1 (https://cdn.apps.example.com/scripts/app-1.js) at poll 1; the workflow last got https://cdn.apps.example.com/scripts/app-1.js of 1; states null → https://cdn.apps.example.com/scripts/app-1.js',
			]);
		},
	);
});

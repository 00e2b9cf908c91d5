/**
 * Jest set-up (jest.config.js setupFiles): n8n-workflow's regular expressions run on the engine n8n's editor uses.
 *
 * n8n-workflow runs a field's `regex` validation (and its other user-given patterns) through `safeRegex`: in a
 * browser, the editor, it is JavaScript's own RegExp; in Node, a `vm` script with a 250 ms timeout. The timeout
 * guards n8n against a user's catastrophic pattern; on a loaded 2-core CI machine a pause of the process (garbage
 * collection of the history soak beside it) ran past it, and `'\s*\d*\s*'` against "0" failed with "Regular
 * expression execution timed out" (CI of stop 54, test/unit/idMode.test.ts). What the tests ask is what a pattern
 * matches, which is the same on both engines, so they use the editor's.
 */
import { setSafeRegexEngine } from 'n8n-workflow';

setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

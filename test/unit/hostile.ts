/**
 * Generated hostile values per field kind, each LABELLED with what the README's input rules say must
 * happen to it: refused, left out (empty), or sent as a stated value. The label comes from how the
 * value was made (a month 13 is refused; digits around spaces are that number), not from the node's
 * code. Seeded by test/prng.ts, so a failing case replays.
 *
 * The catalogue: hostile/text.ts, hostile/values.ts; the case type and its pieces: hostile/case.ts.
 */
export type { Case, Mode, Want } from './hostile/case';
export { pieces } from './hostile/case';
export {
	textCase,
	assetKeyCase,
	urlCase,
	nameListCase,
	timeoutCase,
	rowsCase,
} from './hostile/text';
export {
	numberCase,
	idCase,
	bodyId,
	idListCase,
	optionCase,
	booleanCase,
	dateCase,
} from './hostile/values';

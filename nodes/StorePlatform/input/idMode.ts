import type { INodePropertyMode, INodePropertyRegexValidation } from 'n8n-workflow';

import type { Param } from '../endpoint';

/**
 * A resource locator's By ID mode, with the rule of `readId` (input/rules.ts) stated to n8n's editor: where the
 * record's ids are whole numbers, text typed By ID ("abc" as Variant ID) is marked as an issue of the field at once,
 * with the words of the run-time refusal, which stays (an expression, and nodes saved or imported, reach it).
 *
 * n8n tests a mode's `regex` against the whole value (`^…$`) and skips expressions (n8n-workflow's
 * validateResourceLocatorParameter, as n8n's own nodes use it). Spaces around the digits pass, as `toId` trims them;
 * an empty value passes, as n8n's "required" marks it already (one message, not two).
 */

/** Digits, spaces around them allowed; empty allowed (the field's required check says so). */
export const WHOLE_NUMBER_ID = '\\s*\\d*\\s*';

/** The By ID issue, in the words of readId's refusal without the value: "Must be the variant's ID, …". */
export function idModeMessage(param: Param, record: string): string {
	const example = /^e\.g\. (\d+)$/.exec(param.placeholder ?? '')?.[1] ?? '12';
	return `Must be the ${record}'s ID, a whole number such as ${example}: pick the ${record} with "From list" to choose it by name`;
}

/**
 * What a locator's By ID mode adds for `param` (spread into the mode): the rule where the record's ids are whole
 * numbers, nothing for text ids (a cart's user_key, a theme asset's key). `record`: the record in words (default:
 * the field's name without " ID", in lower case).
 */
export function idValidation(
	param: Param,
	record = param.displayName.replace(/ ID$/, '').toLowerCase(),
): Pick<INodePropertyMode, 'validation'> {
	if (param.text) return {};
	const rule: INodePropertyRegexValidation = {
		type: 'regex',
		properties: { regex: WHOLE_NUMBER_ID, errorMessage: idModeMessage(param, record) },
	};
	return { validation: [rule] };
}

/**
 * n8n's UX rules checked on the BUILT descriptions (the editor fields are generated from tables, so n8n's
 * source lint never sees them): a/an in action names, alphabetized collections and option lists (the
 * comparison of eslint-plugin-n8n-nodes-base's node-param-collection-type-unsorted-items and
 * node-param-options-type-unsorted-items), labels that fit the panel, American spelling, no Markdown in
 * texts, a credential test that explains a 401, each node's own description.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatformOAuth1Api } from '../../credentials/StorePlatformOAuth1Api.credentials';
import { judgeAnswer, SHOP_TEST_NAME, type CredentialKind } from '../../credentials/shopTest';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';

const action = new StorePlatform().description;
const trigger = new StorePlatformTrigger().description;
const poll = new StorePlatformPollTrigger().description;
const credentials: ICredentialType[] = [new StorePlatformApi(), new StorePlatformOAuth1Api()];

type Option = INodeProperties | INodePropertyOptions | INodePropertyCollection;

interface Visit {
	where: string;
	item: Option;
}

/** Every property, option and nested value of a list of properties, with a readable path. */
function walk(props: Option[], where: string, out: Visit[] = []): Visit[] {
	for (const item of props) {
		const label = 'displayName' in item && item.displayName ? item.displayName : String(item.name);
		const here = `${where} > ${label}`;
		out.push({ where: here, item });
		const nested = ('options' in item && item.options) || ('values' in item && item.values) || [];
		walk(nested as Option[], here, out);
	}
	return out;
}

const ALL: Visit[] = [
	...walk(action.properties, action.displayName),
	...walk(trigger.properties, trigger.displayName),
	...walk(poll.properties, poll.displayName),
	...credentials.flatMap((c) => walk(c.properties, c.displayName)),
];
const PROPERTIES = ALL.filter((v) => 'type' in v.item && 'default' in v.item) as Array<{
	where: string;
	item: INodeProperties;
}>;

/** The texts a user reads (never parameter names or API values). */
function texts(item: Option): string[] {
	const t = item as unknown as Record<string, unknown>;
	const isProperty = 'type' in item && 'default' in item;
	const list = [t.displayName, t.description, t.hint, t.placeholder, t.action];
	if (!isProperty && typeof t.name === 'string' && 'value' in item) list.push(t.name);
	return list.filter((s): s is string => typeof s === 'string');
}

// ---- the comparison of eslint-plugin-n8n-nodes-base (dist/lib/ast/utils/sort.js) ----
const MIN_ITEMS_TO_ALPHABETIZE = 5;
const VERSION_REGEX = /^v\d+\.\d+$/;
function byName(key: 'name' | 'displayName') {
	return (a: Record<string, string>, b: Record<string, string>) => {
		if (VERSION_REGEX.test(a[key])) {
			if (a[key] === b[key]) return 0;
			return parseFloat(a[key].slice(1)) > parseFloat(b[key].slice(1)) ? -1 : 1;
		}
		return a[key].localeCompare(b[key]);
	};
}
function unsorted(
	list: Array<Record<string, string>>,
	key: 'name' | 'displayName',
): string | undefined {
	if (list.length < MIN_ITEMS_TO_ALPHABETIZE) return undefined;
	const sorted = [...list].sort(byName(key));
	return list.every((o, i) => o[key] === sorted[i][key])
		? undefined
		: sorted.map((o) => o[key]).join(' | ');
}

/** "a"/"an" by the sound of the next word: vowel letters, except a "you" sound (user, unique, European). */
function article(word: string): 'a' | 'an' {
	if (/^(u[bcfgklmnprst][aeiou]|uni|eu|one\b|once\b)/i.test(word)) return 'a';
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The widest label the editor shows whole (measured: "Check Registrations Every (Mi…" is 29 characters). */
const MAX_LABEL = 29;

const BRITISH = [
	'normalis',
	'colour',
	'behaviour',
	'organis',
	'serialis',
	'initialis',
	'authoris',
	'recognis',
	'customis',
	'summaris',
	'minimis',
	'maximis',
	'prioritis',
	'utilis',
	'analys',
	'favour',
	'honour',
	'centre',
	'catalogue',
	'licence',
	'cancelled',
	'cancelling',
	'labelled',
	'travelled',
	'modelled',
	'signalled',
	'artefact',
	'whilst',
];
/** API values quoted in a text (order/cancelled, snake_case keys) are not prose. */
const prose = (s: string) => s.replace(/\b[a-z]+(?:[/_][a-z_]+)+\b/g, ' ');

describe('UX rules on the built descriptions', () => {
	it('finds the properties of both nodes and both credentials', () => {
		expect(PROPERTIES.length).toBeGreaterThan(500);
		expect(ALL.some((v) => v.where.startsWith(trigger.displayName))).toBe(true);
		expect(ALL.some((v) => v.where.startsWith(`${poll.displayName} > Events`))).toBe(true);
		expect(ALL.some((v) => v.where.startsWith('Store Platform OAuth1 API'))).toBe(true);
	});

	it('uses "a" or "an" by the next word in every action name', () => {
		const actions = ALL.map((v) => (v.item as INodePropertyOptions).action).filter(
			(a): a is string => !!a,
		);
		expect(actions.length).toBeGreaterThan(80);
		const wrong = actions.filter((a) => {
			const m = /^\S+ (a|an) (\S+)/.exec(a);
			return m !== null && m[1] !== article(m[2]);
		});
		expect(wrong).toEqual([]);
	});

	it('alphabetizes every collection of five or more items by display name (n8n lint rule)', () => {
		const bad = PROPERTIES.filter((v) => v.item.type === 'collection')
			.map((v) => [
				v.where,
				unsorted(v.item.options as unknown as Array<Record<string, string>>, 'displayName'),
			])
			.filter(([, order]) => order);
		expect(bad).toEqual([]);
	});

	it('alphabetizes every option list of five or more items by name (n8n lint rule)', () => {
		const lists = PROPERTIES.filter(
			(v) =>
				(v.item.type === 'options' || v.item.type === 'multiOptions') &&
				Array.isArray(v.item.options),
		);
		expect(lists.length).toBeGreaterThan(40);
		const bad = lists
			.map((v) => [
				v.where,
				unsorted(v.item.options as unknown as Array<Record<string, string>>, 'name'),
			])
			.filter(([, order]) => order);
		expect(bad).toEqual([]);
	});

	it(`keeps every field label within ${MAX_LABEL} characters, so the panel shows it whole`, () => {
		const long = PROPERTIES.filter(
			(v) => v.item.type !== 'notice' && v.item.displayName.length > MAX_LABEL,
		).map((v) => v.where);
		expect(long).toEqual([]);
	});

	it('writes American English in every text a user reads', () => {
		const found: string[] = [];
		for (const v of ALL) {
			for (const text of texts(v.item)) {
				const lower = prose(text).toLowerCase();
				for (const word of BRITISH) if (lower.includes(word)) found.push(`${v.where}: ${word}`);
			}
		}
		expect(found).toEqual([]);
	});

	it('puts no Markdown in labels, descriptions, hints and placeholders', () => {
		const markdown = /`|\*\*|__|\[[^\]]+\]\([^)]+\)/;
		const found = ALL.flatMap((v) =>
			texts(v.item)
				.filter((t) => markdown.test(t))
				.map((t) => `${v.where}: ${t}`),
		);
		expect(found).toEqual([]);
	});

	it('starts no options filter with a value chosen for the user', () => {
		const filters = PROPERTIES.filter(
			(v) => v.item.name === 'filters' && v.item.type === 'collection',
		);
		expect(filters.length).toBeGreaterThan(20);
		const preset = filters.flatMap((v) =>
			(v.item.options as INodeProperties[])
				.filter((f) => f.type === 'options' && f.default !== '')
				.map((f) => `${v.where} > ${f.displayName} = ${String(f.default)}`),
		);
		expect(preset).toEqual([]);
	});

	it('gives every Fields option an example placeholder', () => {
		const fields = PROPERTIES.filter((v) => v.item.name === 'fields' && v.item.type === 'string');
		expect(fields.length).toBeGreaterThan(10);
		expect(
			fields.filter((v) => !/^e\.g\. /.test(v.item.placeholder ?? '')).map((v) => v.where),
		).toEqual([]);
	});

	it('explains a refused credential test: which fields to check, where the tokens come from', () => {
		// the test both nodes name in testedBy (credentials/shopTest.ts); a 401 names each form's own fields
		expect(credentials.map((c) => c.test)).toEqual([undefined, undefined]);
		for (const credential of credentials) {
			const message = judgeAnswer(
				{ status: 401, body: {} },
				credential.name as CredentialKind,
			).message;
			const fields = credential.name === 'storePlatformApi' ? /Shared Secret/ : /Consumer Secret/;
			expect(message).toMatch(fields);
			expect(message).toMatch(/Access Token Secret|Connect/);
			expect(message).toMatch(/Store Platform OAuth1 API|Store Platform API/);
			expect(message.length).toBeLessThanOrEqual(300);
		}
	});

	it('has every node name the credential test for both credentials, and give it', () => {
		for (const node of [
			new StorePlatform(),
			new StorePlatformTrigger(),
			new StorePlatformPollTrigger(),
		]) {
			expect(node.description.credentials?.map((c) => [c.name, c.testedBy])).toEqual([
				['storePlatformApi', SHOP_TEST_NAME],
				['storePlatformOAuth1Api', SHOP_TEST_NAME],
			]);
			expect(typeof node.methods?.credentialTest?.[SHOP_TEST_NAME]).toBe('function');
		}
	});

	describe('node descriptions', () => {
		const nodes: INodeTypeDescription[] = [action, trigger, poll];

		// n8n's nodes panel shows a description whole under the name (no line clamp: n8n 2.41.1's NodeCreatorNode);
		// 120 characters are three lines of its 1280-pixel-wide panel (docs/editor-nodes-panel.png)
		it('gives each node a description of its own that fits the nodes panel', () => {
			expect(action.description).not.toEqual(trigger.description);
			for (const node of nodes) expect(node.description.length).toBeLessThanOrEqual(120);
			expect(action.description).not.toMatch(/starts? (the )?workflows?/i);
			expect(trigger.description).toMatch(/event/i);
			expect(poll.description).not.toEqual(trigger.description);
		});

		it("says in the poll trigger's description that it needs no public URL, and lets a search for the service find it", () => {
			expect(poll.description).toMatch(/no public URL/i);
			expect(poll.displayName).toMatch(/^Store Platform /);
			expect(poll.polling).toBe(true);
			expect(poll.webhooks ?? []).toEqual([]);
		});

		it('makes the merged nodes-panel entry (n8n shows the trigger description for it) name the actions too', () => {
			// n8n's node creator merges "X" and "X Trigger" and shows the trigger's description (useActionsGeneration.ts)
			expect(trigger.description).toMatch(/manage/i);
		});

		it("keeps the trigger's notice one short sentence with no environment variables", () => {
			const notice = trigger.properties.find((p) => p.type === 'notice');
			expect(notice).toBeDefined();
			expect(notice?.displayName.length).toBeLessThanOrEqual(140);
			expect(notice?.displayName).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
			expect((notice?.displayName.match(/[.!?](\s|$)/g) ?? []).length).toBeLessThanOrEqual(1);
		});

		it('keeps the "testing only" warning of Skip Signature Verification visible', () => {
			const skip = PROPERTIES.find((v) => v.item.name === 'skipVerification')?.item;
			expect(`${skip?.displayName} ${skip?.description}`).toMatch(/testing only/i);
		});
	});
});

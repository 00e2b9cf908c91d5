/**
 * n8n's newest community-node rules that the registry's @n8n/eslint-plugin-community-nodes (0.32.0, which
 * `npm run lint` runs) lacks: each is restated by a checker in newestRules/ and held here on this package's
 * node sources, codex files and BUILT descriptions (docs/releasing.md, "n8n's newest lint rules"). Each
 * checker is first shown to report what its rule reports, so a pass below means something.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IExecuteFunctions, INodeTypeDescription } from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatformOAuth1Api } from '../../credentials/StorePlatformOAuth1Api.credentials';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import {
	hintMaxLength,
	MAX_HINT_LENGTH,
	noAsteriskInOptionNames,
	noDuplicateParamOptions,
	openEndedNodeFields,
	optionsSortedAlphabetically,
	parameters,
	requireParamDefault,
} from './newestRules/descriptionRules';
import {
	codexCategories,
	iconContrast,
	requireContinueOnFail,
	singleCredentialPerNode,
} from './newestRules/sourceRules';
import {
	credentialFileRules,
	nodeBodyRules,
	nodeFileRules,
	packageJsonRules,
} from './newestRules/packageRules';

const ROOT = resolve(__dirname, '../..');
const NODES_DIR = join(ROOT, 'nodes/StorePlatform');
const NODE_FILES = readdirSync(NODES_DIR).filter((f) => f.endsWith('.node.ts'));
const CODEX_FILES = readdirSync(NODES_DIR).filter((f) => f.endsWith('.node.json'));
const read = (file: string) => readFileSync(join(NODES_DIR, file), 'utf8');

const DESCRIPTIONS: INodeTypeDescription[] = [
	new StorePlatform().description,
	new StorePlatformTrigger().description,
	new StorePlatformPollTrigger().description,
];

/**
 * The one order kept on purpose: an options filter starts at "Any" (no filter, its default), then its choices
 * by name (action/properties.ts, filterProperty).
 */
function anyFirst(options: Array<Record<string, unknown>>): boolean {
	const [first, ...rest] = options;
	const names = rest.map((o) => String(o.name));
	const byName = [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
	return first?.name === 'Any' && first.value === '' && names.every((n, i) => n === byName[i]);
}

/** A node class around the given description lines, as n8n's rule tests write one. */
const nodeSource = (description: string, execute = '') =>
	`import { INodeType } from 'n8n-workflow';\nimport { SHOW } from './auth';\nconst LOCAL = 'b';\n` +
	`export class X implements INodeType {\n\tdescription = { ${description} };\n${execute}}\n`;

describe('the checkers report what their rules report', () => {
	it('single-credential-per-node: literal, exclusive conditions pass; imported ones and overlaps do not', () => {
		const two = (a: string, b: string) =>
			nodeSource(
				`credentials: [{ name: 'a', displayOptions: ${a} }, { name: 'b', displayOptions: ${b} }]`,
			);
		const show = (v: string) => `{ show: { authentication: [${v}] } }`;
		expect(singleCredentialPerNode('X.node.ts', two(show("'a'"), show('LOCAL')))).toEqual([]);
		expect(singleCredentialPerNode('X.node.ts', two('SHOW', show("'b'")))).toHaveLength(1);
		expect(singleCredentialPerNode('X.node.ts', two(show("'a', 'b'"), show("'b'")))).toHaveLength(
			1,
		);
		expect(
			singleCredentialPerNode('X.node.ts', nodeSource("credentials: [{ name: 'a' }]")),
		).toEqual([]);
	});

	it('require-continue-on-fail: the call must be in execute() itself', () => {
		const execute = (body: string) => `\tasync execute() { ${body} }\n`;
		const source = (body: string) => nodeSource('', execute(body));
		expect(
			requireContinueOnFail('X.node.ts', source('return run(this.continueOnFail());')),
		).toEqual([]);
		expect(requireContinueOnFail('X.node.ts', source('return run(this);'))).toHaveLength(1);
	});

	it('valid-node-categories and the codex rules: n8n categories only, no AI, no subcategories', () => {
		expect(codexCategories('x', { categories: ['Sales', 'Marketing & Content'] })).toEqual([]);
		expect(codexCategories('x', { categories: ['Sales', 'Marketing'] })).toHaveLength(1);
		expect(
			codexCategories('x', { categories: ['AI'], subcategories: { AI: ['Tools'] } }),
		).toHaveLength(2);
		expect(codexCategories('x', { categories: [] })).toHaveLength(1);
	});

	it('the description rules find long hints, unsorted and duplicate options, asterisks, missing defaults', () => {
		const option = (name: string, value: string | number) => ({ name, value });
		const d = {
			displayName: 'X',
			properties: [
				{ displayName: 'A', name: 'a', type: 'string', default: '', hint: 'h'.repeat(121) },
				{
					displayName: 'B',
					name: 'b',
					type: 'options',
					default: 1,
					options: [option('Price', 1), option('percentage', 2), option('All *', 2)],
				},
				{
					displayName: 'C',
					name: 'c',
					type: 'collection',
					default: {},
					options: [{ name: 'd', type: 'json' }],
				},
			],
		} as unknown as INodeTypeDescription;
		expect(hintMaxLength(d).map((r) => r.where)).toEqual(['X > A']);
		expect(optionsSortedAlphabetically(d).map((r) => r.message)).toEqual([
			'expected order: All *, percentage, Price',
		]);
		expect(noAsteriskInOptionNames(d)).toHaveLength(1);
		expect(noDuplicateParamOptions(d).map((r) => r.message)).toEqual(['value 2']);
		expect(requireParamDefault(d).map((r) => r.where)).toEqual(['X > C > d']);
		expect(anyFirst([option('Any', ''), option('Active', 1), option('Inactive', 0)])).toBe(true);
		expect(anyFirst([option('Any', ''), option('Inactive', 0), option('Active', 1)])).toBe(false);
	});

	it('the naming, package.json, execute() and literal-property rules report their examples', () => {
		const named = (name: string, extra = '') => nodeSource(`name: '${name}', ${extra}`);
		expect(nodeFileRules('Good.node.ts', named('good'))).toEqual([]);
		expect(nodeFileRules('Good.node.ts', named('good-one')).map((r) => r.rule)).toEqual([
			'node-class-description-name-camelcase',
			'node-filename-against-convention',
		]);
		const colored = named('good', "defaults: { color: '#FF6D5A' }, customerId: 'c-1'");
		expect(nodeFileRules('Good.node.ts', colored).map((r) => r.rule)).toEqual([
			'node-class-description-non-core-color',
			'no-hardcoded-ids',
		]);
		const credential = (cls: string, name: string) =>
			`export class ${cls} implements ICredentialType {\n\tname = '${name}';\n}\n`;
		expect(credentialFileRules('A.credentials.ts', credential('AApi', 'aApi'))).toHaveLength(1);
		expect(credentialFileRules('AApi.credentials.ts', credential('AApi', 'aApi'))).toEqual([]);
		expect(
			credentialFileRules('A.credentials.ts', credential('A', 'A')).map((r) => r.rule),
		).toEqual(['cred-class-name-suffix', 'cred-class-name-field-conventions']);
		expect(packageJsonRules({ license: 'ISC', repository: { directory: 'x' } })).toHaveLength(3);
		const body = nodeSource(
			"properties: [{ name: 'resource', type: 'options' }, { name: 'q', type: 'json' }]",
			"\tasync execute() { throw new NodeOperationError(this.getNode(), 'x'); }\n",
		);
		expect(nodeBodyRules('X.node.ts', body).map((r) => r.rule)).toEqual([
			'node-operation-error-itemindex',
			'non-required-fields-in-collection',
			'open-ended-node-fields',
		]);
	});

	it('icon-contrast: reads the paints of an SVG, black when it gives no fill', () => {
		const svg = (paint: string) => `<svg><path ${paint} d="M0 0h1"/></svg>`;
		expect(iconContrast(svg('fill="#ffffff"'), 'light')).toBeCloseTo(1);
		expect(iconContrast(svg('stroke="#fff"'), 'light')).toBeCloseTo(21);
		expect(() => iconContrast(svg('fill="red"'), 'light')).toThrow(/not read/);
	});
});

describe("this package under n8n's newest rules", () => {
	it('finds the three node files and codex files', () => {
		expect(NODE_FILES.sort()).toEqual([
			'StorePlatform.node.ts',
			'StorePlatformPollTrigger.node.ts',
			'StorePlatformTrigger.node.ts',
		]);
		expect(CODEX_FILES).toHaveLength(3);
	});

	it('single-credential-per-node: each node shows its two credentials under literal, exclusive conditions', () => {
		expect(NODE_FILES.flatMap((f) => singleCredentialPerNode(f, read(f)))).toEqual([]);
		for (const d of DESCRIPTIONS) expect(d.credentials).toHaveLength(2);
	});

	it('require-continue-on-fail: every execute() calls this.continueOnFail() itself', () => {
		expect(NODE_FILES.flatMap((f) => requireContinueOnFail(f, read(f)))).toEqual([]);
		expect(NODE_FILES.filter((f) => /\basync execute\(/.test(read(f)))).toHaveLength(2);
	});

	it("the trigger's execute() passes a delivery on, and with Continue On Fail its one failure too", async () => {
		const execute = new StorePlatformTrigger().execute;
		const context = (continueOnFail: boolean, input: () => unknown) =>
			({
				getInputData: input,
				getNode: () => ({ name: 'Store Platform Trigger' }),
				continueOnFail: () => continueOnFail,
			}) as unknown as IExecuteFunctions;
		const items = [{ json: { event: 'order/create' } }];
		await expect(execute.call(context(false, () => items))).resolves.toEqual([items]);
		const broken = () => {
			throw new Error('no input');
		};
		await expect(execute.call(context(false, broken))).rejects.toThrow('no input');
		await expect(execute.call(context(true, broken))).resolves.toEqual([
			[{ json: { error: 'no input' }, pairedItem: { item: 0 } }],
		]);
	});

	it("valid-node-categories, no-ai-codex-category, no-codex-subcategories: n8n's categories only", () => {
		const reports = CODEX_FILES.flatMap((f) => codexCategories(f, JSON.parse(read(f))));
		expect(reports).toEqual([]);
	});

	it(`hint-max-length: every hint is at most ${MAX_HINT_LENGTH} characters`, () => {
		expect(DESCRIPTIONS.flatMap(hintMaxLength)).toEqual([]);
		// the Product ID fields have one (resources/common.ts)
		expect(
			DESCRIPTIONS.flatMap((d) => JSON.stringify(d).match(/"hint":/g) ?? []).length,
		).toBeGreaterThan(5);
	});

	it('options-sorted-alphabetically: every options list by name, a filter\'s "Any" first', () => {
		expect(DESCRIPTIONS.flatMap((d) => optionsSortedAlphabetically(d, anyFirst))).toEqual([]);
	});

	it("kept each sorted list's default: n8n saves no parameter left at its default", () => {
		// before the sort each took its first option's value (action/fields.ts); a filter's "Any" ('') aside
		const kept: Record<string, unknown> = {
			promotionType: 1,
			promotionOnType: 1,
			discountOnType: 1,
			progressiveStepsDiscountType: 1,
			voucherMultipleUse: 0,
			applyOnce: 0,
			buyIfEmpty: '1',
			addToMagazine: '1',
			sendMail: '1',
			scope: 'all',
			contentSource: 'text',
		};
		const found = parameters(DESCRIPTIONS[0]).filter(
			({ obj }) => String(obj.name) in kept && obj.default !== '',
		);
		expect(new Set(found.map(({ obj }) => obj.name)).size).toBe(Object.keys(kept).length);
		expect(found.filter(({ obj }) => obj.default !== kept[String(obj.name)])).toEqual([]);
	});

	it('no-asterisk-in-option-names, no-duplicate-param-options, require-param-default', () => {
		expect(DESCRIPTIONS.flatMap(noAsteriskInOptionNames)).toEqual([]);
		expect(DESCRIPTIONS.flatMap(noDuplicateParamOptions)).toEqual([]);
		expect(DESCRIPTIONS.flatMap(requireParamDefault)).toEqual([]);
	});

	it("open-ended-node-fields: the one optional JSON field is the typed Progressive Steps' companion", () => {
		// a warning kept on purpose: n8n drops an expression given for a whole fixed collection, so the rows of the
		// typed field beside it can come from an expression only through this field (action/fields.ts, rowsJsonField)
		expect(DESCRIPTIONS.flatMap(openEndedNodeFields).map((r) => r.where)).toEqual([
			'Store Platform > Progressive Steps (JSON)',
		]);
	});

	it('the naming, package.json, execute() and literal-property rules find nothing', () => {
		const credentialsDir = join(ROOT, 'credentials');
		const credentialFiles = readdirSync(credentialsDir).filter((f) =>
			f.endsWith('.credentials.ts'),
		);
		expect(credentialFiles).toHaveLength(2);
		const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
		expect([
			...NODE_FILES.flatMap((f) => [...nodeFileRules(f, read(f)), ...nodeBodyRules(f, read(f))]),
			...credentialFiles.flatMap((f) =>
				credentialFileRules(f, readFileSync(join(credentialsDir, f), 'utf8')),
			),
			...packageJsonRules(pkg),
		]).toEqual([]);
	});

	it('icon-contrast: each icon stands out on its theme (at least 1.5:1)', () => {
		const credentials = [new StorePlatformApi(), new StorePlatformOAuth1Api()];
		const icons = [
			...DESCRIPTIONS.map((d) => ({ icon: d.icon, dir: NODES_DIR })),
			...credentials.map((c) => ({ icon: c.icon, dir: join(ROOT, 'credentials') })),
		];
		for (const { icon, dir } of icons) {
			expect(typeof icon).toBe('object');
			for (const theme of ['light', 'dark'] as const) {
				const path = String((icon as Record<string, string>)[theme]).replace(/^file:/, '');
				expect(
					iconContrast(readFileSync(resolve(dir, path), 'utf8'), theme),
				).toBeGreaterThanOrEqual(1.5);
			}
		}
	});
});

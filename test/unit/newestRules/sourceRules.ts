/**
 * n8n's newest community-node rules that read the node SOURCE (.node.ts, .node.json), restated here because the
 * registry's @n8n/eslint-plugin-community-nodes (0.32.0) lacks them. Each checker reads the code the way its
 * rule does (n8n's repository, packages/@n8n/eslint-plugin-community-nodes/src/rules/<name>.ts) and returns
 * what that rule would report; written with TypeScript's own parser, no code of n8n's.
 */
import * as ts from 'typescript';

export interface Report {
	rule: string;
	where: string;
	message: string;
}

export function parse(fileName: string, text: string): ts.SourceFile {
	return ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

/** `class X implements INodeType` (the rules' isNodeTypeClass). */
export function nodeClasses(source: ts.SourceFile): ts.ClassDeclaration[] {
	const found: ts.ClassDeclaration[] = [];
	const visit = (n: ts.Node) => {
		if (
			ts.isClassDeclaration(n) &&
			n.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'INodeType'))
		) {
			found.push(n);
		}
		ts.forEachChild(n, visit);
	};
	visit(source);
	return found;
}

export function unwrap(e: ts.Expression | undefined): ts.Expression | undefined {
	let current = e;
	while (
		current &&
		(ts.isAsExpression(current) ||
			ts.isSatisfiesExpression(current) ||
			ts.isParenthesizedExpression(current))
	) {
		current = current.expression;
	}
	return current;
}

export function propertyName(p: ts.ObjectLiteralElementLike | ts.ClassElement): string | undefined {
	const name = p.name;
	if (!name) return undefined;
	if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
		return name.text;
	return undefined;
}

/** The object literal a property of an object literal holds, or undefined when it is anything else. */
function objectProperty(
	obj: ts.ObjectLiteralExpression,
	name: string,
): ts.ObjectLiteralExpression | undefined {
	const value = propertyValue(obj, name);
	return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

export function propertyValue(
	obj: ts.ObjectLiteralExpression,
	name: string,
): ts.Expression | undefined {
	const p = obj.properties.find((q) => ts.isPropertyAssignment(q) && propertyName(q) === name);
	return p && ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
}

/** The class's `description = { ... }` object literal (the rules' findNodeDescriptionObject). */
export function descriptionObject(
	cls: ts.ClassDeclaration,
): ts.ObjectLiteralExpression | undefined {
	const member = cls.members.find(
		(m) => ts.isPropertyDeclaration(m) && propertyName(m) === 'description',
	);
	const value = member && ts.isPropertyDeclaration(member) ? unwrap(member.initializer) : undefined;
	return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/**
 * A condition value the rule can compare: a literal, or a `const` of this file initialized with one (what
 * ESLint's getStaticValue resolves). Anything else (an imported constant, a call) is not comparable.
 */
function staticValue(e: ts.Expression, source: ts.SourceFile): string | undefined {
	const value = unwrap(e);
	if (!value) return undefined;
	if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
		return `string:${value.text}`;
	if (ts.isNumericLiteral(value)) return `number:${Number(value.text)}`;
	if (value.kind === ts.SyntaxKind.TrueKeyword) return 'boolean:true';
	if (value.kind === ts.SyntaxKind.FalseKeyword) return 'boolean:false';
	if (ts.isIdentifier(value)) {
		for (const statement of source.statements) {
			if (!ts.isVariableStatement(statement)) continue;
			if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
			for (const d of statement.declarationList.declarations) {
				if (ts.isIdentifier(d.name) && d.name.text === value.text && d.initializer) {
					return staticValue(d.initializer, source);
				}
			}
		}
	}
	return undefined;
}

/** `displayOptions.show` of one credential entry: parameter name → comparable values (none when unknown). */
function showConditions(
	entry: ts.Expression | undefined,
	source: ts.SourceFile,
): Map<string, string[]> {
	const conditions = new Map<string, string[]>();
	const obj = unwrap(entry);
	if (!obj || !ts.isObjectLiteralExpression(obj)) return conditions;
	const displayOptions = objectProperty(obj, 'displayOptions');
	const show = displayOptions && objectProperty(displayOptions, 'show');
	if (!show) return conditions;
	for (const p of show.properties) {
		if (!ts.isPropertyAssignment(p)) continue;
		const name = propertyName(p);
		const list = unwrap(p.initializer);
		if (!name || !list || !ts.isArrayLiteralExpression(list)) continue;
		const values = list.elements.map((e) => staticValue(e, source));
		if (values.length > 0 && values.every((v): v is string => v !== undefined)) {
			conditions.set(name, values);
		}
	}
	return conditions;
}

/** Names of the description's top-level multiOptions parameters: a show condition on one never excludes. */
function multiOptionNames(description: ts.ObjectLiteralExpression): Set<string> {
	const names = new Set<string>();
	const properties = propertyValue(description, 'properties');
	if (!properties || !ts.isArrayLiteralExpression(properties)) return names;
	for (const e of properties.elements) {
		const obj = unwrap(e);
		if (!obj || !ts.isObjectLiteralExpression(obj)) continue;
		const type = propertyValue(obj, 'type');
		const name = propertyValue(obj, 'name');
		if (type && ts.isStringLiteral(type) && type.text === 'multiOptions' && name) {
			if (ts.isStringLiteral(name)) names.add(name.text);
		}
	}
	return names;
}

/**
 * single-credential-per-node: a node with two or more credentials must show each under a condition that
 * excludes every other one: one single-value parameter whose values, as written in the credential entry,
 * all differ. A condition the rule cannot read (an imported constant) counts as no condition.
 */
export function singleCredentialPerNode(fileName: string, text: string): Report[] {
	const source = parse(fileName, text);
	const reports: Report[] = [];
	for (const cls of nodeClasses(source)) {
		const description = descriptionObject(cls);
		const credentials = description && propertyValue(description, 'credentials');
		if (!description || !credentials || !ts.isArrayLiteralExpression(credentials)) continue;
		const entries = credentials.elements;
		if (entries.length < 2) continue;
		const multi = multiOptionNames(description);
		const exclusive = (a: ts.Expression, b: ts.Expression) => {
			const right = showConditions(b, source);
			for (const [name, leftValues] of showConditions(a, source)) {
				const rightValues = right.get(name);
				if (multi.has(name) || !rightValues) continue;
				if (leftValues.every((l) => rightValues.every((r) => l !== r))) return true;
			}
			return false;
		};
		let ok = true;
		for (let i = 0; i < entries.length - 1 && ok; i++) {
			for (let j = i + 1; j < entries.length && ok; j++) ok = exclusive(entries[i], entries[j]);
		}
		if (!ok) {
			reports.push({
				rule: 'single-credential-per-node',
				where: `${fileName}: ${cls.name?.text}`,
				message: 'credentials not shown under mutually exclusive literal displayOptions',
			});
		}
	}
	return reports;
}

/** require-continue-on-fail: the execute() of a node class calls this.continueOnFail() in its own body. */
export function requireContinueOnFail(fileName: string, text: string): Report[] {
	const source = parse(fileName, text);
	const reports: Report[] = [];
	const calls = (n: ts.Node): boolean =>
		(ts.isCallExpression(n) &&
			ts.isPropertyAccessExpression(n.expression) &&
			n.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
			n.expression.name.text === 'continueOnFail') ||
		(ts.forEachChild(n, calls) ?? false);
	for (const cls of nodeClasses(source)) {
		for (const m of cls.members) {
			if (!ts.isMethodDeclaration(m) || propertyName(m) !== 'execute' || !m.body) continue;
			if (!calls(m.body)) {
				reports.push({
					rule: 'require-continue-on-fail',
					where: `${fileName}: ${cls.name?.text}.execute`,
					message: 'execute() does not call this.continueOnFail()',
				});
			}
		}
	}
	return reports;
}

/**
 * The community node categories of n8n's codex (valid-node-categories; "AI" left out: no-ai-codex-category
 * reserves it for nodes built with n8n's AI node SDK). n8n's docs: "Node categories" of the codex file page.
 */
export const NODE_CATEGORIES = [
	'Analytics',
	'Communication',
	'Data & Storage',
	'Development',
	'Finance & Accounting',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];

/**
 * valid-node-categories, no-ai-codex-category, no-codex-subcategories, no-logic-or-flow-nodes on a codex file
 * (*.node.json): a non-empty list of categories from n8n's list, no subcategories.
 */
export function codexCategories(fileName: string, codex: Record<string, unknown>): Report[] {
	const reports: Report[] = [];
	const report = (rule: string, message: string) =>
		reports.push({ rule, where: fileName, message });
	const categories = codex.categories;
	if (!Array.isArray(categories) || categories.length === 0) {
		report('valid-node-categories', '"categories" must be a non-empty list');
	} else {
		for (const c of categories) {
			if (c === 'AI') report('no-ai-codex-category', '"AI" needs the AI node SDK');
			else if (c === 'Logic' || c === 'Flow') report('no-logic-or-flow-nodes', String(c));
			else if (!NODE_CATEGORIES.includes(c as string)) {
				report('valid-node-categories', `"${String(c)}" is not an n8n node category`);
			}
		}
	}
	if ('subcategories' in codex) report('no-codex-subcategories', 'subcategories are not allowed');
	return reports;
}

/** WCAG relative luminance of a #rgb or #rrggbb color. */
function luminance(hex: string): number {
	const digits =
		hex.length === 4
			? [...hex.slice(1)].map((c) => c + c)
			: [1, 3, 5].map((i) => hex.slice(i, i + 2));
	const [r, g, b] = digits.map((h) => {
		const c = parseInt(h, 16) / 255;
		return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	});
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
	const [x, y] = [luminance(a), luminance(b)];
	return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The node backgrounds of n8n's light and dark themes, as icon-contrast reads them. */
export const ICON_BACKGROUNDS = { light: '#ffffff', dark: '#2b2b2b' } as const;

/**
 * icon-contrast: the best contrast of an SVG icon's paints (fill, stroke, stop-color; black when no fill is
 * given) on its theme's node background. Only #hex paints are read: any other paint throws, so a new icon
 * written otherwise is noticed here rather than passed unread.
 */
export function iconContrast(svg: string, theme: keyof typeof ICON_BACKGROUNDS): number {
	const paints = [...svg.matchAll(/\b(fill|stroke|stop-color)\s*[=:]\s*"?([^";\s>]+)/g)];
	const colors = paints.map((m) => m[2]).filter((c) => c !== 'none');
	for (const c of colors) {
		if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c)) throw new Error(`paint not read: ${c}`);
	}
	if (!paints.some((m) => m[1] === 'fill')) colors.push('#000000');
	return Math.max(...colors.map((c) => contrastRatio(c, ICON_BACKGROUNDS[theme])));
}

/**
 * The rest of n8n's newest community-node rules that read source files: names and file names of nodes and
 * credentials, package.json, fixed IDs, and what a node's own execute() and literal properties hold. Each
 * restates its rule's test (n8n's repository, packages/@n8n/eslint-plugin-community-nodes/src/rules/<name>.ts).
 */
import { basename } from 'node:path';
import * as ts from 'typescript';

import {
	descriptionObject,
	nodeClasses,
	parse,
	propertyName,
	propertyValue,
	unwrap,
	type Report,
} from './sourceRules';

const literal = (e: ts.Expression | undefined): string | undefined => {
	const value = unwrap(e);
	return value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
		? value.text
		: undefined;
};

/**
 * node-class-description-name-camelcase, node-filename-against-convention, node-class-description-non-core-color
 * and no-hardcoded-ids on a .node.ts file.
 */
export function nodeFileRules(fileName: string, text: string): Report[] {
	const source = parse(fileName, text);
	const reports: Report[] = [];
	const report = (rule: string, message: string) =>
		reports.push({ rule, where: fileName, message });
	for (const cls of nodeClasses(source)) {
		const description = descriptionObject(cls);
		const name = description && literal(propertyValue(description, 'name'));
		if (!description || !name) continue;
		if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) report('node-class-description-name-camelcase', name);
		const expected = name.charAt(0).toUpperCase() + name.slice(1);
		if (basename(fileName, '.node.ts').replace(/V\d+$/, '') !== expected) {
			report('node-filename-against-convention', `expected ${expected}.node.ts`);
		}
		const defaults = unwrap(propertyValue(description, 'defaults'));
		const colors = [propertyValue(description, 'color')];
		if (defaults && ts.isObjectLiteralExpression(defaults))
			colors.push(propertyValue(defaults, 'color'));
		for (const color of colors.map(literal)) {
			if (color?.toLowerCase() === '#ff6d5a')
				report('node-class-description-non-core-color', color);
		}
	}
	// no-hardcoded-ids: a partner, account, customer... id given as a string in the node file
	const idName = /^(?:partner|affiliate|reseller|account|tenant|customer|client)(?:[_-]?id)$/i;
	const visit = (n: ts.Node) => {
		let pair: [string | undefined, ts.Expression | undefined] | undefined;
		if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) pair = [n.name.text, n.initializer];
		if (ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n))
			pair = [propertyName(n), n.initializer];
		if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
			const left = n.left;
			const leftName = ts.isIdentifier(left)
				? left.text
				: ts.isPropertyAccessExpression(left)
					? left.name.text
					: undefined;
			pair = [leftName, n.right];
		}
		if (pair?.[0] && idName.test(pair[0]) && literal(pair[1]) !== undefined) {
			report('no-hardcoded-ids', pair[0]);
		}
		ts.forEachChild(n, visit);
	};
	visit(source);
	return reports;
}

/** cred-class-name-suffix, cred-class-name-field-conventions, cred-filename-against-convention. */
export function credentialFileRules(fileName: string, text: string): Report[] {
	const source = parse(fileName, text);
	const reports: Report[] = [];
	const report = (rule: string, message: string) =>
		reports.push({ rule, where: fileName, message });
	const visit = (n: ts.Node) => {
		if (
			ts.isClassDeclaration(n) &&
			n.heritageClauses?.some((h) =>
				h.types.some((t) => t.expression.getText() === 'ICredentialType'),
			)
		) {
			const className = n.name?.text ?? '';
			if (!className.endsWith('Api')) report('cred-class-name-suffix', className);
			if (basename(fileName, '.credentials.ts') !== className) {
				report('cred-filename-against-convention', `expected ${className}.credentials.ts`);
			}
			const member = n.members.find(
				(m) => ts.isPropertyDeclaration(m) && propertyName(m) === 'name',
			);
			const name =
				member && ts.isPropertyDeclaration(member) ? literal(member.initializer) : undefined;
			if (name !== undefined && (/^[A-Z]/.test(name) || !name.endsWith('Api'))) {
				report('cred-class-name-field-conventions', name);
			}
		}
		ts.forEachChild(n, visit);
	};
	visit(source);
	return reports;
}

/** require-mit-license, require-community-node-keyword, no-monorepo. */
export function packageJsonRules(pkg: Record<string, unknown>): Report[] {
	const reports: Report[] = [];
	const report = (rule: string, message: string) =>
		reports.push({ rule, where: 'package.json', message });
	if (pkg.license !== 'MIT') report('require-mit-license', String(pkg.license));
	const keywords = pkg.keywords;
	if (!Array.isArray(keywords) || !keywords.includes('n8n-community-node-package')) {
		report('require-community-node-keyword', 'keyword missing');
	}
	const repository = pkg.repository;
	if (repository && typeof repository === 'object' && 'directory' in repository) {
		report('no-monorepo', 'repository.directory');
	}
	return reports;
}

/**
 * What a node file itself holds, as the execute() and property rules read it: node-operation-error-itemindex
 * and prefer-declarative-style (no NodeOperationError/NodeApiError without options, no HTTP request in the
 * node's own execute(): stricter than the rules, which look only inside item loops), and
 * non-required-fields-in-collection and open-ended-node-fields on the literal objects of `properties`.
 */
export function nodeBodyRules(fileName: string, text: string): Report[] {
	const source = parse(fileName, text);
	const reports: Report[] = [];
	const report = (rule: string, message: string) =>
		reports.push({ rule, where: fileName, message });
	for (const cls of nodeClasses(source)) {
		for (const m of cls.members) {
			if (!ts.isMethodDeclaration(m) || propertyName(m) !== 'execute' || !m.body) continue;
			const visit = (n: ts.Node) => {
				if (ts.isNewExpression(n) && /^Node(Operation|Api)Error$/.test(n.expression.getText())) {
					if ((n.arguments?.length ?? 0) < 3) report('node-operation-error-itemindex', n.getText());
				}
				if (ts.isCallExpression(n) && /\bhelpers\.httpRequest/.test(n.expression.getText())) {
					report('prefer-declarative-style', n.expression.getText());
				}
				ts.forEachChild(n, visit);
			};
			visit(m.body);
		}
		const description = descriptionObject(cls);
		const properties = description && unwrap(propertyValue(description, 'properties'));
		if (!properties || !ts.isArrayLiteralExpression(properties)) continue;
		for (const e of properties.elements) {
			const obj = unwrap(e as ts.Expression);
			if (!obj || !ts.isObjectLiteralExpression(obj)) continue;
			const type = literal(propertyValue(obj, 'type'));
			// non-required-fields-in-collection counts a `required` it cannot read as true, open-ended-node-fields
			// only a literal true
			const requiredValue = propertyValue(obj, 'required');
			const maybeRequired = requiredValue && requiredValue.kind !== ts.SyntaxKind.FalseKeyword;
			const required = requiredValue?.kind === ts.SyntaxKind.TrueKeyword;
			const name = literal(propertyValue(obj, 'name'));
			const exempt = ['collection', 'fixedCollection', 'notice', 'callout', 'hidden', 'curlImport'];
			const selector = ['resource', 'operation', 'authentication'].includes(name ?? '');
			if (name && !maybeRequired && !selector && !exempt.includes(type ?? '')) {
				report('non-required-fields-in-collection', name);
			}
			if (type === 'json' && !required) report('open-ended-node-fields', name ?? '');
		}
	}
	return reports;
}

/**
 * The wiring of the input rules over the whole table (`TABLES`): every id param, body field, filter, JSON rows
 * field, row cell, Option and Limit of every endpoint goes through its rule. `prepareRequest` (the node's
 * reading and checking of one item) is called directly with a small fake of n8n's context that reads plain
 * parameters; it has no helpers, so nothing can be sent from it.
 *
 * Each input is fed, one at a time over a valid baseline, the seeded values of ./hostile.ts (7 per input, 40
 * per row cell), each labelled with what the rule says (refused, left out, or sent as a stated value; Luxon
 * DateTimes and JS Dates included), and fixed ones: missing ids, ids with `/ ? # ..` and spaces, dot segments,
 * bad dates and the pickers' forms, invalid JSON and id lists, Limits, numbers given as text and text as
 * numbers. Asserted per case:
 *   - refused: an InputError naming the input (`field`, and the quoted name in its message), i.e. before any request;
 *   - otherwise: exactly the baseline request (path, query, body, timeout, limit) with the value as labelled, or
 *     without the key when empty; ids percent-encoded as one path segment.
 * The rules themselves, kind by kind: inputRules.test.ts. Where n8n's engine runs the node: one error item per
 * refused item, paired with it, described "Field: …", the other items still sent (workflow/bulk.test.ts,
 * reliability/faults.test.ts, workflow/behaviour.test.ts); values from n8n expressions (workflow/behaviour.test.ts,
 * e2e/inputRules.test.js); encoded ids and query values on the wire (workflow/behaviour.test.ts,
 * reliability/signatures.test.ts).
 */
import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import {
	prepareRequest,
	type PreparedRequest,
} from '../../nodes/StorePlatform/action/endpointRequest';
import { InputError } from '../../nodes/StorePlatform/input/rules';
import type { Endpoint, ResourceTable } from '../../nodes/StorePlatform/endpoint';
import { TABLES } from '../../nodes/StorePlatform/resources';
import { prng } from '../prng';
import { defaultParamValue, validValue, withField } from '../reliability/helpers';
import { bodyId, type Case } from './hostile';
import {
	contradicted,
	fullBody,
	queryRows,
	settleTop,
	topFieldApplies,
} from './hostile/conditions';
import { baseline, rowCells, targetsOf, TZ, type Fixed, type Target } from './hostile/targets';

/** Seeded cases per input (40 per row cell): every run makes the same ones. */
const PER_TARGET = 7;
const PER_CELL = 40;

/** n8n's context as prepareRequest uses it: parameters (resource locators' values extracted), time zone, node. */
function context(params: INodeParameters, typeVersion: number): IExecuteFunctions {
	return {
		getNodeParameter(name: string, _i: number, fallback?: unknown, opts?: IDataObject) {
			const value = params[name] === undefined ? fallback : params[name];
			if (value === undefined) throw new Error(`Could not get parameter "${name}"`);
			const locator = typeof value === 'object' && value !== null && '__rl' in value;
			return opts?.extractValue && locator ? (value as IDataObject).value : value;
		},
		getTimezone: () => TZ,
		getNode: () => ({ typeVersion }),
	} as unknown as IExecuteFunctions;
}

/** What the request of an item is compared by: path (as sent, encoded), query (as text), body, timeout, limit. */
interface Sent {
	path: string;
	query: IDataObject;
	body: unknown;
	timeout?: number;
	limit?: number | 'all';
}

const sentOf = ({ request, timeout, limit }: PreparedRequest): Sent => ({
	path: request.path,
	query: Object.fromEntries(
		Object.entries(request.query)
			.filter(([, v]) => v !== undefined)
			.map(([k, v]) => [k, String(v)]),
	),
	body: request.body ?? null,
	timeout,
	limit,
});

/** Key order ignored. */
const canon = (value: unknown): unknown =>
	Array.isArray(value)
		? value.map(canon)
		: value && typeof value === 'object'
			? Object.fromEntries(
					Object.keys(value)
						.sort()
						.map((k) => [k, canon((value as IDataObject)[k])]),
				)
			: value;
const keyOf = (sent: Sent) => JSON.stringify(canon(sent));

/**
 * The request an accepted case must give: the baseline with the target's value as labelled; Other API Keys
 * merged; a maximum's flag gone with it; the top fields that apply after the change (`full`: their values).
 */
function expected(row: Endpoint, base: Sent, target: Target, c: Case, full: IDataObject): Sent {
	const out = JSON.parse(JSON.stringify(base)) as Sent;
	const want = c.want;
	const value = 'send' in want ? (target.sent ? target.sent(want.send) : want.send) : undefined;
	const body = out.body as IDataObject;
	switch (target.where) {
		case 'path': {
			const id = String(value);
			// one segment: encodeURIComponent leaves no '/' (nor '?', '#') in it
			out.path = row.path.replace(/\{([^}]+)\}/g, (_, key: string) =>
				encodeURIComponent(key === target.key ? id : '1'),
			);
			if (row.resource === 'webhook' && row.operation === 'update') body.id = bodyId(id);
			break;
		}
		case 'query':
		case 'filter':
			for (const key of Object.keys(out.query))
				if (key === target.key || key.startsWith(`${target.key}[`)) delete out.query[key];
			if (value !== undefined)
				Object.assign(out.query, Object.fromEntries(queryRows(target.key, value)));
			break;
		case 'option':
			if (target.key === 'fields') {
				if (value === undefined) delete out.query.fields;
				else out.query.fields = value as string;
			} else out.timeout = value === undefined ? undefined : (value as number) * 1000;
			break;
		case 'limit':
			out.limit = value as number;
			break;
		case 'body':
		case 'cell':
			if (target.merge) Object.assign(body, value ?? {});
			else if (value === undefined) delete body[target.key];
			else body[target.key] = value as IDataObject[string];
			if (value === undefined)
				for (const key of Object.keys(target.field?.alsoSends ?? {})) delete body[key];
			settleTop(row, body, target.key, full);
			break;
	}
	return out;
}

/** The value an expression would give: as is, a Luxon DateTime, or a JS Date. */
const given = (c: Case): unknown =>
	c.m === 'luxon'
		? DateTime.fromISO(String(c.v), { setZone: true })
		: c.m === 'date'
			? new Date(String(c.v))
			: c.v;

const counts = () => ({ cases: 0, refused: 0, sent: 0, absent: 0 });
const tally = { endpoints: 0, seeded: counts(), fixed: counts() };
const kinds = new Map<string, { refused: number; sent: number }>();

async function prepare(table: ResourceTable, row: Endpoint, params: INodeParameters) {
	try {
		const typeVersion = row.versions?.from ?? 2;
		return { prepared: await prepareRequest.call(context(params, typeVersion), table, row, 0) };
	} catch (error) {
		return { error: error as Error };
	}
}

/** Runs every case of the targets over the baseline; returns what went against its label. */
async function check(
	name: string,
	table: ResourceTable,
	row: Endpoint,
	params: INodeParameters,
	cases: Array<{ target: Target; c: Fixed; seeded: boolean }>,
): Promise<string[]> {
	const base = await prepare(table, row, params);
	if (!base.prepared) return [`${name}: the baseline is refused: ${base.error?.message}`];
	expect(base.prepared.endpoint).toBe(row);
	const baseSent = sentOf(base.prepared);
	const baseBody = (baseSent.body ?? {}) as IDataObject;
	const full = fullBody(
		cases.map((k) => k.target),
		TZ,
	);
	const wrong: string[] = [];
	for (const { target, c, seeded } of cases) {
		// a top field that does not apply to the baseline is never read (its own test: voucherForm.test.ts)
		if (target.field && !topFieldApplies(target.field, baseBody)) continue;
		const kind = target.field
			? `${target.field.kind}${target.field.rowsAsJson ? ' (JSON)' : target.where === 'cell' ? ' cells' : ''}`
			: target.param
				? `id (${target.where})`
				: target.label;
		const k = kinds.get(kind) ?? { refused: 0, sent: 0 };
		kinds.set(kind, k);
		const n = seeded ? tally.seeded : tally.fixed;
		n.cases++;
		const describe = `${name} ${target.label} ← ${c.what} ${JSON.stringify(c.v)?.slice(0, 80)} (${c.m})`;
		const { prepared, error } = await prepare(table, row, target.set(params, given(c)));
		let want = 'send' in c.want ? expected(row, baseSent, target, c, full) : undefined;
		const against = want && contradicted(row, (want.body ?? {}) as IDataObject);
		if (against) want = undefined;
		const label = against ? against.displayName : target.label;
		const mustRefuse =
			against ||
			'refuse' in c.want ||
			('absent' in c.want && (target.param || target.field?.required));
		if (mustRefuse) {
			k.refused++;
			n.refused++;
			if (!error)
				wrong.push(`${describe}: not refused (${keyOf(sentOf(prepared!)).slice(0, 160)})`);
			else if (
				!(error instanceof InputError) ||
				error.field !== label ||
				!error.message.includes(`'${label}'`)
			)
				wrong.push(`${describe}: refused naming another field: ${error.message.slice(0, 160)}`);
			else if (c.says && !error.message.includes(c.says))
				wrong.push(`${describe}: refused without "${c.says}": ${error.message.slice(0, 160)}`);
			continue;
		}
		k.sent++;
		if ('absent' in c.want) n.absent++;
		else n.sent++;
		if (error) {
			wrong.push(`${describe}: refused: ${error.message.slice(0, 200)}`);
			continue;
		}
		const wanted = keyOf(want ?? expected(row, baseSent, target, c, full));
		const got = keyOf(sentOf(prepared!));
		if (got !== wanted)
			wrong.push(`${describe}: sent ${got.slice(0, 300)}, not ${wanted.slice(0, 300)}`);
	}
	return wrong;
}

const ROWS: Array<[string, ResourceTable, Endpoint]> = TABLES.flatMap((t) =>
	t.endpoints.map(
		(r) =>
			[`${t.resource}.${r.operation}${r.versions?.from ? ` (v${r.versions.from})` : ''}`, t, r] as [
				string,
				ResourceTable,
				Endpoint,
			],
	),
);

afterAll(() => {
	const perKind = [...kinds.entries()]
		.map(([k, v]) => `${k} ${v.refused}/${v.refused + v.sent}`)
		.join(', ');
	const line = (n: ReturnType<typeof counts>) =>
		`${n.cases} (${n.refused} refused naming the input, ${n.sent + n.absent} prepared exactly as labelled, ${n.absent} of them left out as empty)`;
	console.log(
		`[input wiring] ${tally.endpoints} endpoints; seeded cases ${line(tally.seeded)}; fixed cases ${line(tally.fixed)}; refused per kind: ${perKind}`,
	);
});

describe('every input of every endpoint goes through its rule', () => {
	it.each(ROWS)('%s', async (name, table, row) => {
		const rand = prng(17 * 1000 + ROWS.findIndex(([n]) => n === name));
		const targets = targetsOf(row);
		const cases = [
			...targets.flatMap((target) =>
				target.make
					? Array.from({ length: PER_TARGET }, () => ({
							target,
							c: (target.make as NonNullable<Target['make']>)(rand) as Fixed,
							seeded: true,
						}))
					: [],
			),
			...targets.flatMap((target) => target.fixed.map((c) => ({ target, c, seeded: false }))),
		];
		expect(await check(name, table, row, baseline(table, row, targets), cases)).toEqual([]);
		tally.endpoints++;
	});

	const rowFields = ROWS.flatMap(([name, table, row]) =>
		(row.body ?? [])
			.filter((f) => f.kind === 'metadata' || f.kind === 'progressiveSteps')
			.map((f) => [`${name} ${f.displayName} cells`, table, row, f] as const),
	);
	it.each(rowFields)('%s', async (name, table, row, field) => {
		const rand = prng(4242 + rowFields.findIndex(([n]) => n === name));
		const [seededCell, ...others] = rowCells(row, field);
		// the parameters of the old workflow-level test: ids, required fields, the row (no optional fields)
		let params: INodeParameters = {
			resource: table.resource,
			operation: row.operation,
			options: {},
		};
		for (const p of row.params ?? []) params[p.name] = defaultParamValue(row, p.name) as never;
		for (const f of (row.body ?? []).filter((b) => b.required))
			params = withField(params, row, f, validValue(f));
		// a field shown for some values of others (v3 voucher steps: Progressive Discount) gets those values
		for (const [key, values] of Object.entries(field.showWhen ?? {})) {
			const control = row.body?.find((f) => f.key === key);
			if (control) params = withField(params, row, control, values[0]);
		}
		params = seededCell.set(params, field.kind === 'metadata' ? 't' : 1);
		const cases = [
			...Array.from({ length: PER_CELL }, () => ({
				target: seededCell,
				c: (seededCell.make as NonNullable<Target['make']>)(rand) as Fixed,
				seeded: true,
			})),
			...[seededCell, ...others].flatMap((target) =>
				target.fixed.map((c) => ({ target, c, seeded: false })),
			),
		];
		expect(await check(name, table, row, params, cases)).toEqual([]);
	});

	it('covers every endpoint and every kind of input', () => {
		// 83 endpoints, and the forms of typeVersion 3: voucher Get Many, Create, Update; promotion Create
		expect(ROWS).toHaveLength(87);
		const everyKind = new Set(
			ROWS.flatMap(([, , r]) => targetsOf(r).map((t) => t.field?.kind ?? t.where)),
		);
		expect([...everyKind].sort()).toEqual([
			'boolean',
			'dateTime',
			'flag',
			'id',
			'ids',
			'json',
			'limit',
			'metadata',
			'number',
			'option',
			'options',
			'path',
			'progressiveSteps',
			'query',
			'string',
			'text',
			'url',
		]);
		expect(rowFields.length).toBeGreaterThan(0);
	});
});

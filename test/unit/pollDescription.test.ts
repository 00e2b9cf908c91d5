/**
 * The poll trigger's panel as a user meets it, on the BUILT description (issue 31): no "Custom API Call" in its
 * Resource list, each resource's events in the resource's own words with the missing ones explained, Resource
 * options that say what the user gets, tooltips that name only fields its items have, a notice that names what it
 * cannot watch, and where Fetch Test Event's example is explained. Which entry n8n shows is asked
 * of n8n-workflow's own displayParameter; what n8n's server and nodes panel do with a description is restated from
 * n8n 2.41.1's code (cited at each rule).
 */
import type {
	ICredentialType,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { StorePlatformApi } from '../../credentials/StorePlatformApi.credentials';
import { StorePlatformOAuth1Api } from '../../credentials/StorePlatformOAuth1Api.credentials';
import { planOf, type PollPlan } from '../../nodes/StorePlatform/poll/rules/strategy';
import { StorePlatform } from '../../nodes/StorePlatform/StorePlatform.node';
import { StorePlatformPollTrigger } from '../../nodes/StorePlatform/StorePlatformPollTrigger.node';
import { StorePlatformTrigger } from '../../nodes/StorePlatform/StorePlatformTrigger.node';
import { TABLES } from '../../nodes/StorePlatform/resources';

const poll = new StorePlatformPollTrigger().description;
const trigger = new StorePlatformTrigger().description;
const action = new StorePlatform().description;
const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);
const CREDENTIALS: ICredentialType[] = [new StorePlatformApi(), new StorePlatformOAuth1Api()];

const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/**
 * n8n's server adds a "Custom API Call" option (value `__CUSTOM_API_CALL__`) to the `resource` and `operation`
 * parameters of a node description it counts as the newest version (no `defaultVersion`, or `defaultVersion` equal
 * to `version`) when one of the node's credentials has `authenticate` or extends oAuth1Api, oAuth2Api or
 * googleOAuth2Api (n8n 2.41.1: dist/load-nodes-and-credentials.js, injectCustomApiCallOptions and
 * supportsProxyAuth). This restates that rule on a copy of the description.
 */
function asN8nServes(description: INodeTypeDescription): INodeTypeDescription {
	const copy = JSON.parse(JSON.stringify(description)) as INodeTypeDescription;
	const newest =
		copy.defaultVersion === undefined ||
		(copy.defaultVersion as unknown) === (copy.version as unknown);
	const proxyAuth = (copy.credentials ?? []).some(({ name }) => {
		const type = CREDENTIALS.find((c) => c.name === name);
		return (
			type?.authenticate !== undefined ||
			(type?.extends ?? []).some((p) => ['oAuth1Api', 'oAuth2Api', 'googleOAuth2Api'].includes(p))
		);
	});
	if (!newest || !proxyAuth) return copy;
	for (const p of copy.properties) {
		const options = p.options as INodePropertyOptions[] | undefined;
		if (['resource', 'operation'].includes(p.name) && Array.isArray(options))
			if (options[options.length - 1].name !== 'Custom API Call')
				options.push({ name: 'Custom API Call', value: CUSTOM_API_CALL });
	}
	return copy;
}

/** The entries named `name` that n8n shows for these parameter values (typeVersion 1). */
function shown(
	description: INodeTypeDescription,
	name: string,
	values: INodeParameters,
	typeVersion = 1,
): INodeProperties[] {
	return description.properties.filter(
		(p) =>
			p.name === name &&
			NodeHelpers.displayParameter(values, p, { typeVersion }, description, values),
	);
}

const optionsOf = (p: INodeProperties | undefined) => (p?.options ?? []) as INodePropertyOptions[];

/** The texts a user reads in a list of options. */
const textsOf = (options: INodePropertyOptions[]) =>
	options.flatMap((o) => [o.name, o.description ?? '']).join(' | ');

/** Field names (snake_case) quoted in a text. */
const fieldNames = (text: string) => text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [];

describe('the poll trigger offers only what it can watch', () => {
	it('has no Custom API Call in its Resource list as n8n serves it (n8n adds one to the newest version of a node with a proxy-auth credential)', () => {
		const served = asN8nServes(poll);
		const resource = served.properties.find((p) => p.name === 'resource');
		const values = optionsOf(resource).map((o) => o.value);
		expect(values).not.toContain(CUSTOM_API_CALL);
		expect(values.sort()).toEqual(PLANS.map((p) => p.table.resource).sort());
		// the rule restated above still adds it where n8n would: a copy with a single number as version
		const plain = asN8nServes({ ...poll, version: 1, defaultVersion: undefined });
		expect(
			optionsOf(plain.properties.find((p) => p.name === 'resource')).map((o) => o.value),
		).toContain(CUSTOM_API_CALL);
	});

	it('keeps typeVersion 1 and its parameter names (saved nodes load as they are)', () => {
		expect([poll.version].flat()).toContain(1);
		expect(poll.properties.some((p) => p.name === 'resource' && p.type === 'options')).toBe(true);
	});

	it('leaves the action node and the webhook trigger as n8n serves them today (no Custom API Call either)', () => {
		for (const node of [action, trigger]) {
			const served = asN8nServes(node);
			const listed = served.properties
				.filter((p) => ['resource', 'operation'].includes(p.name))
				.flatMap((p) => optionsOf(p).map((o) => o.value));
			expect(listed).not.toContain(CUSTOM_API_CALL);
		}
	});
});

describe("each resource's events in its own words", () => {
	const eventsOf = (resource: string) => {
		const entries = shown(poll, 'events', { resource });
		expect(entries).toHaveLength(1);
		return entries[0];
	};

	it.each(PLANS.map((p) => [p.table.resource, p] as const))(
		'%s: one Events entry, the values and default of its plan (saved workflows rely on them)',
		(resource, plan) => {
			const events = eventsOf(resource);
			expect(optionsOf(events).map((o) => o.value)).toEqual(plan.events);
			expect(events.default).toEqual(plan.events);
		},
	);

	it('says per resource what an event means: no two resources share their event texts', () => {
		const texts = PLANS.map((p) => textsOf(optionsOf(eventsOf(p.table.resource))));
		expect(new Set(texts).size).toBe(texts.length);
	});

	it.each([
		['applicationCharge', 'updated', /accept|declin/i],
		['abandonedCart', 'created', /once/i],
		['abandonedCart', 'created', /not reported/i],
		['themeAsset', 'updated', /size/i],
		['themeAsset', 'updated', /edit.*(same|keeps).*size|size.*not seen/i],
		['theme', 'updated', /active/i],
	])('%s, %s: %s', (resource, value, words) => {
		const option = optionsOf(eventsOf(resource)).find((o) => o.value === value);
		expect(`${option?.name} ${option?.description}`).toMatch(words);
	});

	it('names a theme asset\'s "updated" for what it detects, not "Updated"', () => {
		const option = optionsOf(eventsOf('themeAsset')).find((o) => o.value === 'updated');
		expect(option?.name).not.toBe('Updated');
		expect(option?.name).toMatch(/Size/);
	});

	it.each([
		['voucher', /no Updated.*update time/i],
		['orderStatus', /no Deleted.*count/i],
		['themeScript', /no Deleted/i],
		['abandonedCart', /no Updated/i],
	])('%s: says why an event is missing, in the hint always shown under Events', (resource, why) => {
		expect(eventsOf(resource).hint).toMatch(why);
	});

	it('says why for every resource that lacks an event, and for no other', () => {
		for (const plan of PLANS) {
			const hint = String(eventsOf(plan.table.resource).hint ?? '');
			const lacks = plan.events.length < 3;
			expect([plan.table.resource, /\bno (Created|Updated|Deleted)\b/i.test(hint)]).toEqual([
				plan.table.resource,
				lacks,
			]);
		}
	});
});

describe('Resource options say what the user gets', () => {
	const resource = poll.properties.find((p) => p.name === 'resource');

	it.each(optionsOf(resource).map((o) => [o.name, o] as const))('%s', (_name, option) => {
		const text = String(option.description);
		expect(text).not.toMatch(
			/read by|whole list|since_id|update time|creation time|fingerprint|each poll/i,
		);
		expect(text.length).toBeGreaterThan(15);
	});
});

describe('tooltips name only fields the items have', () => {
	it("Voucher's Simplify names no items or items_count (the list carries no generated codes)", () => {
		const [simplify] = shown(poll, 'simplify', { resource: 'voucher' });
		expect(simplify.description).toMatch(/code, discount_type/);
		expect(simplify.description).not.toMatch(/\bitems/);
	});

	it('Normalize Numbers names no field (the same option serves every resource)', () => {
		const options = poll.properties.find((p) => p.name === 'options');
		const normalize = (options?.options as INodeProperties[]).find(
			(o) => o.name === 'normaliseNumbers',
		);
		expect(normalize?.default).toBe(true);
		expect(fieldNames(String(normalize?.description))).toEqual([]);
	});
});

describe('the first panel a user opens', () => {
	const notice = (d: INodeTypeDescription) =>
		d.properties
			.filter((p) => p.type === 'notice')
			.map((p) => p.displayName)
			.join(' ');

	it('the poll trigger says in a notice what it cannot watch and which node can', () => {
		const text = notice(poll);
		expect(text).toMatch(/orders, products (and|or) customers/i);
		expect(text).toMatch(/Store Platform Trigger/);
	});

	it('the webhook trigger says in a notice which node needs no public URL, and what it watches', () => {
		const text = notice(trigger);
		expect(text).toMatch(/Store Platform Poll Trigger/);
		expect(text).toMatch(/pages/i);
	});

	it("explains Fetch Test Event's example in plain words, never above a real execution's output", () => {
		const hints = (poll.hints ?? []).filter(
			(h) => h.location === 'outputPane' && /example/i.test(h.message),
		);
		// before a run only: n8n 2.41.1 hides such a hint once the node has output, so a real execution never has it
		// (a displayCondition on $workflow.active is false in the execution preview too: the e2e walk showed it)
		expect(hints.map((h) => [h.whenToDisplay, h.displayCondition])).toEqual([
			['beforeExecution', undefined],
		]);
		// after a run, only words that hold for a real change too (the unit of amounts)
		for (const h of (poll.hints ?? []).filter((x) => x.whenToDisplay !== 'beforeExecution'))
			expect(h.message).not.toMatch(/example|sample|not a change/i);
		for (const h of hints) {
			expect(h.message).toMatch(/example/i);
			expect(h.message).toMatch(/not a change/);
			// the mark the example's item carries (poll/node/trigger.ts asSample), named where the user reads about it
			expect(h.message).toMatch(/sample: true/);
			expect(h.message).not.toMatch(/deliveryKey/);
		}
		const panel = poll.triggerPanel;
		expect(typeof panel).toBe('object');
		const help = JSON.stringify(panel);
		expect(help).toMatch(/newest/i);
		expect(help).toMatch(/sample: true/);
		expect(help).toMatch(/Remove Duplicates/);
	});
});

describe("n8n's publish dialog", () => {
	/**
	 * n8n 2.41.1's ActivationModal says a node's `activationMessage`, else names the service by the displayName less
	 * its first " trigger" (getTriggerNodeServiceName): "… regularly check Store Platform Poll for events".
	 */
	const serviceName = (d: INodeTypeDescription) => d.displayName.replace(/ trigger/i, '');

	it('the poll trigger says what happens in its own words, not "Store Platform Poll"', () => {
		expect(serviceName(poll)).toBe('Store Platform Poll');
		expect(poll.activationMessage).toMatch(/Store Platform shop/);
		expect(poll.activationMessage).toMatch(/Poll Time/);
	});

	it("the webhook trigger's service reads as the shop's name", () => {
		expect(trigger.activationMessage).toBeUndefined();
		expect(serviceName(trigger)).toBe('Store Platform');
	});
});

describe('the nodes panel', () => {
	/**
	 * n8n's nodes panel lists a trigger's "actions" from its first property labelled Event, Events or Trigger On
	 * (one per option, named by the option's `action` or "On <name>"), and adds a node with at most one such action
	 * directly (n8n 2.41.1 editor: useActionsGeneration triggersCategory, filterActions).
	 */
	const triggerActions = (d: INodeTypeDescription) => {
		const property = d.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		return optionsOf(property).map((o) => o.action ?? `On ${o.name}`);
	};

	it('the poll trigger is one entry that opens its panel (no list of events without their resource)', () => {
		expect(triggerActions(poll).length).toBeLessThanOrEqual(1);
	});

	it("the webhook trigger's events are named as n8n names them, the public URL said once, by the entry", () => {
		const actions = triggerActions(trigger);
		expect(actions).toHaveLength(29);
		expect(actions.filter((a) => /public URL/.test(a))).toEqual([]);
		expect(actions).toContain('On order created');
		expect(actions).toContain('On order paid');
		// the undocumented order status event points to the one a user who wants paid orders looks for
		expect(actions.filter((a) => /^On order status paid/.test(a))).toEqual([
			'On order status paid (undocumented: for paid orders, use On order paid)',
		]);
		// every name is unique and starts as n8n's own ("On …")
		expect(new Set(actions).size).toBe(29);
		for (const a of actions) expect(a).toMatch(/^On [a-z]/);
	});

	it("the merged Store Platform entry (the webhook trigger's description) says events need a public URL", () => {
		expect(trigger.description).toMatch(/public URL/i);
		expect(trigger.description).toMatch(/manage/i);
	});

	it('the poll trigger entry says which records it watches, and which not', () => {
		expect(poll.description).toMatch(/no public URL/i);
		expect(poll.description).toMatch(/pages/i);
		expect(poll.description).toMatch(/not orders/i);
	});
});

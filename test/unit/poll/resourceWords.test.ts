/**
 * Every resource the poll trigger watches has its words (poll/node/properties.ts): what the user gets, a text for
 * exactly the events its plan offers (poll/rules/strategy.ts, from the resource tables), and why the others are missing.
 * A resource added to the tables, or an event a plan gains or loses, fails here until its words say so.
 */
import { EVENT_NAMES, RESOURCE_WORDS } from '../../../nodes/StorePlatform/poll/node/properties';
import { planOf, type PollPlan } from '../../../nodes/StorePlatform/poll/rules/strategy';
import { TABLES } from '../../../nodes/StorePlatform/resources';

const PLANS = TABLES.map(planOf).filter((p): p is PollPlan => p !== undefined);
const ALL = Object.keys(EVENT_NAMES);

test('words exist for the watched resources only', () => {
	expect(Object.keys(RESOURCE_WORDS).sort()).toEqual(PLANS.map((p) => p.table.resource).sort());
});

describe.each(PLANS.map((p) => [p.table.resource, p] as const))('%s', (resource, plan) => {
	const words = RESOURCE_WORDS[resource];

	it('says what the user gets', () => {
		expect(words?.gets).toMatch(/^[A-Z]/);
	});

	it('has a text for exactly the events its plan offers', () => {
		expect(Object.keys(words?.events ?? {}).sort()).toEqual([...plan.events].sort());
		for (const e of plan.events) expect(words?.events[e]?.description).toMatch(/^[A-Z]/);
	});

	it('says why the events it lacks are missing, naming each', () => {
		const lacking = ALL.filter((e) => !plan.events.includes(e as never));
		if (lacking.length === 0) {
			expect(words?.missing).toBeUndefined();
			return;
		}
		for (const e of lacking) expect(words?.missing).toContain(EVENT_NAMES[e as 'created'][0]);
		expect(words?.missing).toMatch(/: /);
	});
});

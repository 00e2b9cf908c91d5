import {
	noteCheck,
	ProcessSightings,
	reportExecutionKey,
	reportsRestorations,
	restorationReport,
	sightingsAfter,
	type RestorationInput,
	type RestorationStaticData,
} from '../../nodes/StorePlatform/trigger/restoration';

const NOW = new Date('2026-11-25T06:00:00.000Z');
const T1 = '2026-11-25T05:50:00.000Z';
const T2 = '2026-11-25T05:55:00.000Z';
const T0 = '2026-11-24T09:00:00.000Z';
const base: RestorationInput = { created: [], now: NOW, scope: 'wf1:node1' };

describe('restorationReport: which creations are restorations, and since when', () => {
	const cases: Array<{
		name: string;
		input: Partial<RestorationInput>;
		expected: null | Record<string, unknown>;
	}> = [
		{
			name: 'a check that created nothing',
			input: { seen: { 'order/create': T1 } },
			expected: null,
		},
		{
			name: 'a first activation (nothing known before)',
			input: { created: ['order/create', 'order/paid'] },
			expected: null,
		},
		{
			name: 'an event chosen anew beside a restored one: only the restored one counts',
			input: {
				created: ['order/create', 'order/paid'],
				before: { 'order/create': '5' },
				seen: { 'order/create': T1 },
			},
			expected: {
				events: ['order/create'],
				missingSince: T1,
				missingSinceKnown: true,
				reconcileFrom: T1,
			},
		},
		{
			name: 'two restored, seen by this process at different checks: the earlier sighting',
			input: {
				created: ['product/update', 'order/create'],
				seen: { 'order/create': T2, 'product/update': T1 },
			},
			expected: {
				events: ['order/create', 'product/update'],
				missingSince: T1,
				missingSinceKnown: true,
				reconcileFrom: T1,
			},
		},
		{
			name: 'known only from the registration ids (no sighting anywhere): unknown, nothing to reconcile from',
			input: { created: ['order/create'], before: { 'order/create': '5' } },
			expected: {
				events: ['order/create'],
				missingSince: null,
				missingSinceKnown: false,
				reconcileFrom: null,
			},
		},
		{
			name: 'after a restart: only a saved sighting, so unknown, reconcile from the saved one',
			input: {
				created: ['order/create'],
				before: { 'order/create': '5' },
				saved: { 'order/create': T0 },
			},
			expected: {
				events: ['order/create'],
				missingSince: null,
				missingSinceKnown: false,
				reconcileFrom: T0,
			},
		},
		{
			name: 'one seen by this process, one only saved: unknown, the earliest of the best sightings',
			input: {
				created: ['order/create', 'order/paid'],
				seen: { 'order/create': T2 },
				saved: { 'order/paid': T0, 'order/create': T1 },
			},
			expected: {
				events: ['order/create', 'order/paid'],
				missingSince: null,
				missingSinceKnown: false,
				reconcileFrom: T0,
			},
		},
		{
			name: 'an event listed twice counts once',
			input: { created: ['order/create', 'order/create'], seen: { 'order/create': T1 } },
			expected: { events: ['order/create'], missingSince: T1, missingSinceKnown: true },
		},
	];
	it.each(cases)('$name', ({ input, expected }) => {
		const report = restorationReport({ ...base, ...input });
		if (expected === null) {
			expect(report).toBeUndefined();
			return;
		}
		expect(report).toMatchObject({
			event: 'registration/restored',
			restoredAt: NOW.toISOString(),
			...expected,
		});
		expect(report?.deliveryKey).toMatch(/^[0-9a-f]{32}$/);
		expect(report?.note === undefined).toBe(report?.missingSinceKnown === true);
	});

	it('gives one restoration one key, whenever and by whichever process it is computed', () => {
		const a = restorationReport({
			...base,
			created: ['order/create'],
			saved: { 'order/create': T0 },
		});
		const b = restorationReport({
			...base,
			now: new Date('2026-11-25T06:00:03Z'),
			created: ['order/create'],
			saved: { 'order/create': T0 },
		});
		expect(a?.deliveryKey).toBe(b?.deliveryKey);
	});

	it('gives different restorations different keys', () => {
		const key = (input: Partial<RestorationInput>) =>
			restorationReport({ ...base, created: ['order/create'], ...input })?.deliveryKey;
		const keys = [
			key({ seen: { 'order/create': T1 } }),
			key({ seen: { 'order/create': T2 } }),
			key({ seen: { 'order/create': T1 }, scope: 'wf2:node1' }),
			key({ created: ['order/paid'], seen: { 'order/paid': T1 } }),
			key({ saved: { 'order/create': T1 } }),
			key({ before: { 'order/create': '5' } }),
		];
		expect(new Set(keys).size).toBe(keys.length);
	});
});

describe('sightingsAfter', () => {
	const cases: Array<
		[
			string,
			Record<string, string> | undefined,
			Record<string, string>,
			string[],
			Record<string, string>,
		]
	> = [
		[
			'registered now: seen now',
			undefined,
			{ 'order/create': '1' },
			['order/create'],
			{ 'order/create': NOW.toISOString() },
		],
		[
			'missing now: the earlier sighting stays',
			{ 'order/create': T1 },
			{},
			['order/create'],
			{ 'order/create': T1 },
		],
		['never seen and missing: nothing', undefined, {}, ['order/create'], {}],
		[
			'an event no longer chosen is dropped',
			{ 'order/paid': T1 },
			{ 'order/create': '1' },
			['order/create'],
			{ 'order/create': NOW.toISOString() },
		],
	];
	it.each(cases)('%s', (_name, previous, registered, events, expected) => {
		expect(sightingsAfter(previous, registered, events, NOW)).toEqual(expected);
	});
});

describe('reportsRestorations: option, else on from typeVersion 3', () => {
	const cases: Array<[number, Record<string, unknown>, boolean]> = [
		[1, {}, false],
		[2, {}, false],
		[3, {}, true],
		[2, { reportRestoredRegistrations: true }, true],
		[3, { reportRestoredRegistrations: false }, false],
		[3, { reportRestoredRegistrations: 'yes' }, true],
	];
	it.each(cases)('typeVersion %s, options %j -> %s', (version, options, expected) => {
		expect(reportsRestorations(version, options as never)).toBe(expected);
	});
});

describe('noteCheck: checks over time', () => {
	const events = ['order/create', 'product/update'];
	const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 6, minute));
	const all = { 'order/create': '1', 'product/update': '2' };

	it('quiet checks report nothing; a restoration is reported once, from the last check that saw it', () => {
		const memory = new ProcessSightings();
		const data: RestorationStaticData = {};
		expect(
			noteCheck(memory, 's', data, { created: [], registered: all, events }, at(0)),
		).toBeUndefined();
		expect(
			noteCheck(memory, 's', data, { before: all, created: [], registered: all, events }, at(1)),
		).toBeUndefined();
		// removed at the shop between minute 1 and 2; the check at minute 2 re-creates both
		const report = noteCheck(
			memory,
			's',
			data,
			{
				before: all,
				created: events,
				registered: { 'order/create': '3', 'product/update': '4' },
				events,
			},
			at(2),
		);
		expect(report).toMatchObject({
			events,
			missingSince: at(1).toISOString(),
			missingSinceKnown: true,
			restoredAt: at(2).toISOString(),
		});
		// the next check finds them
		expect(
			noteCheck(memory, 's', data, { before: all, created: [], registered: all, events }, at(3)),
		).toBeUndefined();
		expect(data.lastSeen).toEqual({
			'order/create': at(3).toISOString(),
			'product/update': at(3).toISOString(),
		});
	});

	it('after a restart (a new process, saved sightings only) the report says when is unknown', () => {
		const data: RestorationStaticData = {
			webhookIds: all,
			lastSeen: { 'order/create': T0, 'product/update': T0 },
		};
		const report = noteCheck(
			new ProcessSightings(),
			's',
			data,
			{ before: all, created: ['order/create'], registered: all, events },
			NOW,
		);
		expect(report).toMatchObject({
			events: ['order/create'],
			missingSince: null,
			missingSinceKnown: false,
			reconcileFrom: T0,
		});
		expect(report?.note).toMatch(/restarted/);
	});

	it('never turns a saved sighting into an exact one', () => {
		const memory = new ProcessSightings();
		const data: RestorationStaticData = { lastSeen: { 'order/create': T0 } };
		// a failing check (nothing listed) in the new process
		noteCheck(memory, 's', data, { before: all, created: [], registered: {}, events }, at(0));
		const report = noteCheck(
			memory,
			's',
			data,
			{ before: all, created: ['order/create'], registered: all, events },
			at(1),
		);
		expect(report).toMatchObject({ missingSinceKnown: false, reconcileFrom: T0 });
	});

	it('keeps triggers apart, and forgets one on deactivation', () => {
		const memory = new ProcessSightings();
		noteCheck(memory, 'a', {}, { created: [], registered: all, events }, at(0));
		expect(memory.get('b')).toBeUndefined();
		memory.forget('a');
		expect(memory.get('a')).toBeUndefined();
	});

	it('has an n8n execution key naming the report', () => {
		const report = restorationReport({
			...base,
			created: ['order/create'],
			seen: { 'order/create': T1 },
		});
		expect(report && reportExecutionKey(report)).toBe(
			`storePlatformTrigger:restored:${report?.deliveryKey}`,
		);
	});
});

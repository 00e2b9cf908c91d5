import {
	restorationReport,
	type RestorationInput,
} from '../../../nodes/StorePlatform/trigger/restoration';

/**
 * A registration deferred at the activation (the shop could not answer, issue 42) and created by a later check is
 * a restoration: events may have been missed between the activation and the check.
 */
const NOW = new Date('2026-11-25T06:00:00.000Z');
const DEFERRED = '2026-11-25T05:58:30.000Z';
const SAVED = '2026-11-25T05:40:00.000Z';
const base: RestorationInput = { created: [], now: NOW, scope: 'wf1:node1' };

describe('restorationReport after a deferred activation', () => {
	it('a first activation deferred: every created event counts, missing since the activation (known)', () => {
		const report = restorationReport({
			...base,
			created: ['product/update', 'order/create'],
			deferredSince: DEFERRED,
		});
		expect(report).toMatchObject({
			events: ['order/create', 'product/update'],
			missingSince: DEFERRED,
			missingSinceKnown: true,
			reconcileFrom: DEFERRED,
		});
	});

	it('n8n restarted into the outage: the saved sightings bound it, not the deferral (not known exactly)', () => {
		const report = restorationReport({
			...base,
			created: ['order/create'],
			saved: { 'order/create': SAVED },
			deferredSince: DEFERRED,
		});
		expect(report).toMatchObject({
			events: ['order/create'],
			missingSince: null,
			missingSinceKnown: false,
			reconcileFrom: SAVED,
		});
	});

	it('a registration known by id only (no sighting saved) is not dated by the deferral', () => {
		const report = restorationReport({
			...base,
			created: ['order/create'],
			before: { 'order/create': '17' },
			deferredSince: DEFERRED,
		});
		// it may have gone missing long before n8n's start: as without a deferral, no time is given
		expect(report).toMatchObject({ missingSinceKnown: false, reconcileFrom: null });
	});

	it('nothing created: nothing reported, deferral or not', () => {
		expect(restorationReport({ ...base, deferredSince: DEFERRED })).toBeUndefined();
	});

	it('without a deferral a first activation is no restoration (as before)', () => {
		expect(restorationReport({ ...base, created: ['order/create'] })).toBeUndefined();
	});
});

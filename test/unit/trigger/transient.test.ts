import {
	isRefusedCredential,
	isTransientFailure,
} from '../../../nodes/StorePlatform/api/transient';

/** Which failed requests pass by themselves (the triggers wait for them) and which need a person (issue 42). */
describe('isTransientFailure', () => {
	it.each([
		// no answer at all
		[{ status: 0, kind: 'unreachable' as const }, true],
		[{ status: 0, kind: 'timeout' as const }, true],
		[{ status: 0 }, true],
		// the shop or a proxy in front of it, for now
		[{ status: 408 }, true],
		[{ status: 425 }, true],
		[{ status: 429 }, true],
		[{ status: 500 }, true],
		[{ status: 502 }, true],
		[{ status: 503 }, true],
		[{ status: 504 }, true],
		[{ status: 599 }, true],
		// refused: the credential, the request, the address
		[{ status: 400 }, false],
		[{ status: 401 }, false],
		[{ status: 403 }, false],
		[{ status: 404 }, false],
		[{ status: 422 }, false],
		// answered, but not as the API does: a wrong Shop Base URL, or the shop said status err
		[{ status: 200, kind: 'notJson' as const }, false],
		[{ status: 200, kind: 'inBand' as const }, false],
		[{ status: 503, kind: 'notJson' as const }, false],
	])('%j → %s', (failure, transient) => {
		expect(isTransientFailure(failure)).toBe(transient);
	});
});

describe('isRefusedCredential', () => {
	it.each([
		[{ status: 401 }, true],
		[{ status: 403 }, true],
		[{ status: 401, kind: 'inBand' as const }, false],
		[{ status: 404 }, false],
		[{ status: 503 }, false],
		[{ status: 0, kind: 'unreachable' as const }, false],
	])('%j → %s', (failure, refused) => {
		expect(isRefusedCredential(failure)).toBe(refused);
	});
});

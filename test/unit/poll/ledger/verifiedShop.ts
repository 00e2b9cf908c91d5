/**
 * The fake shop (../fakeShop.ts) polled through the ledger's checks (ledger/verify.ts), as the trigger polls: the
 * plans, the set-up and the settle the ledger's tests share.
 */
import type { Change } from '../../../../nodes/StorePlatform/poll/watch/poller';
import { AUDIT_EVERY_MS } from '../../../../nodes/StorePlatform/poll/ledger/decide';
import { FakeShop, FakeTrigger, fakePlan, type FakeOptions } from '../fakeShop';

/** Like pages: `since_id`, update time and a count. */
export const pages = (pageSize = 250) => fakePlan({ pageSize });
/** Like vouchers: `since_id` and a count, no update time. */
export const vouchers = (pageSize = 250) =>
	fakePlan({ stamp: undefined, events: ['created', 'deleted'], pageSize });

export const kinds = (changes: Change[]) => changes.map((c) => `${c.kind} ${c.id}`).sort();

export function setUp(opts: FakeOptions, n: number, plan = pages()) {
	const shop = new FakeShop({ filters: 'strict', ...opts });
	shop.seed(n, true);
	const trigger = new FakeTrigger(shop, plan);
	trigger.verified = true;
	return { shop, trigger };
}

/** Polls until one emits nothing (at most `most`), the audit's hour passed first where `audit`. */
export async function settle(trigger: FakeTrigger, audit = false, most = 6): Promise<Change[]> {
	if (audit) trigger.now += AUDIT_EVERY_MS;
	const out: Change[] = [];
	for (let i = 0; i < most; i++) {
		const got = await trigger.poll();
		if (got.length === 0) break;
		out.push(...got);
	}
	return out;
}

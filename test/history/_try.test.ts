import { useSandbox } from '../workflow/setup';
import { verdict } from './verdict';
const env = useSandbox();
test.each(['page','voucher','abandonedCart','user','promotion','themeScript','variant'])('%s', async (resource) => {
	const t = Date.now();
	const v = await verdict(env.sandbox, { resource, preload: 0, steps: [
		{ op: 'create', v: 0 }, { op: 'poll' }, { op: 'update', pick: 0, v: 1 }, { op: 'tick', s: 1 }, { op: 'poll' },
		{ op: 'delete', pick: 1 }, { op: 'poll' }, { op: 'create', v: 2 }, { op: 'repeat' } ] });
	console.log(Date.now() - t, 'ms\n', v.report);
});

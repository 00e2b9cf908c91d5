/** Every endpoint of the spec, in one router. */
import { Router } from '../router';
import { registerCatalog } from './catalog';
import { registerCharges } from './charges';
import { registerContent } from './content';
import { registerDiscounts } from './discounts';
import { registerShop } from './shop';
import { registerThemes } from './themes';
import { registerWebhooks } from './webhooks';

export function apiRouter(): Router {
	const r = new Router();
	for (const register of [
		registerDiscounts,
		registerCharges,
		registerContent,
		registerCatalog,
		registerShop,
		registerThemes,
		registerWebhooks,
	])
		register(r);
	return r;
}

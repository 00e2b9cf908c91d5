import type { ResourceTable } from '../endpoint';
import { abandonedCart } from './abandonedCart';
import { applicationCharge } from './applicationCharge';
import { blog } from './blog';
import { category } from './category';
import { collection } from './collection';
import { orderStatus } from './orderStatus';
import { page } from './page';
import { paymentMethod } from './paymentMethod';
import { promotion } from './promotion';
import { theme } from './theme';
import { themeAsset } from './themeAsset';
import { themeScript } from './themeScript';
import { user } from './user';
import { variant } from './variant';
import { vendor } from './vendor';
import { voucher } from './voucher';
import { webhook } from './webhook';

/** Every resource of the spec; each file holds its endpoints. */
export const TABLES: ResourceTable[] = [
	promotion,
	voucher,
	applicationCharge,
	abandonedCart,
	page,
	category,
	vendor,
	collection,
	paymentMethod,
	variant,
	blog,
	themeAsset,
	orderStatus,
	theme,
	user,
	webhook,
	themeScript,
];

import type { ShapeTable } from '../api/output';
import { abandonedCart } from '../resources/abandonedCart';
import { category } from '../resources/category';
import { collection } from '../resources/collection';
import { orderStatus } from '../resources/orderStatus';
import { vendor } from '../resources/vendor';

/**
 * The resource table of an event's object (`orderStatus/paid` → Order Status), for the words of its coded fields
 * in a delivery (typeVersion 4). Orders, products, customers, the shop and the app have no table: the spec shows
 * no endpoint for them, and the body of a delivery is not shown either, so their fields get no words.
 */
const TABLES: Record<string, ShapeTable> = {
	category,
	checkout: abandonedCart,
	collection,
	orderStatus,
	vendor,
};

/** The table of an event kind (`section`, e.g. `vendor/update`), if its object has one. */
export function eventTable(event: unknown): ShapeTable | undefined {
	if (typeof event !== 'string') return undefined;
	const object = event.split('/')[0];
	return Object.prototype.hasOwnProperty.call(TABLES, object) ? TABLES[object] : undefined;
}

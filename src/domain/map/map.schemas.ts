import { z } from 'zod';
import { ZDay } from '../calendar';

/** The mobile-service map's inputs from outside the screen: the custom view's query and the browser's coordinate cache. */

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** A decimal number as a query string writes it ('56.15', '-0.5'); nothing else. */
const queryNumber = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d{1,12})?$/)
  .transform(Number);

/**
 * The custom view (document 2: the worksheet's map link; document 3: the calendar's booking dialog):
 * /mobile-service-map?lat&lng&deptId&addr&isCustomMapView=true. A value that cannot be read is left out: the view
 * then finds the address itself (addr) or shows the van's jobs without it.
 */
export const ZCustomMapView = z.object({
  isCustomMapView: z.literal('true'),
  lat: queryNumber.pipe(latitude).optional().catch(undefined),
  lng: queryNumber.pipe(longitude).optional().catch(undefined),
  deptId: z.uuid().optional().catch(undefined),
  addr: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type TCustomMapView = z.infer<typeof ZCustomMapView>;

/** The custom view of a page's query values (first of each name); null when the page is the ordinary map. */
export function readCustomMapView(query: Readonly<Record<string, string>>): TCustomMapView | null {
  const parsed = ZCustomMapView.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/** GET /api/departments/coordinates?input: where an address is; exact only with GEOCODING_URL. */
export const ZCoordinates = z.object({ lat: latitude, lng: longitude, exact: z.boolean().default(false) });
export type TCoordinates = z.infer<typeof ZCoordinates>;

/** The coordinate cache entry kept in local storage (document 3 section 3: address, lat, lng; exact is ours). */
export const ZCoordinateCacheEntry = z.object({
  address: z.string().max(500),
  lat: latitude,
  lng: longitude,
  exact: z.boolean().optional(),
});
export type TCoordinateCacheEntry = z.infer<typeof ZCoordinateCacheEntry>;

/** POST /api/order/mobileserviceorders: the mobile-service jobs of up to 4 vans on up to 7 days. */
export const ZMobileServiceOrdersQuery = z.object({
  departmentIds: z.array(z.uuid()).min(1).max(4, { error: 'Vælg højst 4 afdelinger' }),
  days: z.array(ZDay).min(1).max(7),
});

export const ZMobileServiceOrder = z.object({
  orderId: z.string(),
  orderNr: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  date: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  address: z.string(),
  covered: z.boolean(),
  customerName: z.string(),
  orderType: z.string(),
  orderStatus: z.string(),
  worker: z.string(),
  workerName: z.string(),
  registrationNumber: z.string(),
});
export type TMobileServiceOrder = z.infer<typeof ZMobileServiceOrder>;

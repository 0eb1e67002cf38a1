import { expect, type Locator, type Page } from '@playwright/test';
import type { TDepartment } from '@/domain/departments';
import type { TDayAvailability } from '@/domain/booking';
import type { TOrder } from '@/domain/orders';
import { moveOrderToToday } from './helpers';

/** The fitter's journeys on a phone (issue 38: fitter-journey.spec.ts, offline.spec.ts): today's job, photos, signature. */

/** A small real PNG (8 x 8, red), as a phone camera would hand over a photo. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4z8CAFWEXHbQSACj/P8FTKqelAAAAAElFTkSuQmCC',
  'base64',
);

/** A windscreen job paid by insurance at OP's workshop (Aarhus), booked beforehand and (a fixture) moved to today. */
export async function createTodaysJob(page: Page): Promise<TOrder> {
  const departments = (await (await page.request.get('/api/departments/departments')).json()) as TDepartment[];
  const aarhus = departments.find((d) => d.name === 'Aarhus');
  expect(aarhus, 'the Aarhus workshop').toBeDefined();
  const car = (await (await page.request.get('/api/car/search/AB12345')).json()) as TOrder['car'];
  const [debitor] = (await (await page.request.get('/api/debitor/search/NAME?query=Tryg')).json()) as Array<TOrder['debitor']>;
  const ahead = new Date(Date.now() + 45 * 86_400_000);
  let slot: TDayAvailability['windowReplaceSlots'][number] | undefined;
  for (const n of [0, 1]) {
    const y = ahead.getFullYear() + Math.floor((ahead.getMonth() + n) / 12);
    const m = ((ahead.getMonth() + n) % 12) + 1;
    const days = (await (await page.request.post(`/api/timeslot/${aarhus!.id}/${y}/${m}`, { data: {} })).json()) as TDayAvailability[];
    slot ??= days.find((d) => d.windowReplaceSlots.length > 0)?.windowReplaceSlots[0];
  }
  expect(slot, 'a free slot at Aarhus').toBeDefined();
  const created = await page.request.post('/api/order/order', {
    data: {
      additionalData: {
        orderType: 'REPLACE_FRONT',
        orderStatus: 'PROCESSING',
        whoIsPaying: 'INSURANCE',
        externalOrderComment: 'Kunden venter i butikken.',
      },
      timeAndPlace: { department: { id: aarhus!.id }, date: `${slot!.from.slice(0, 10)}T00:00:00`, from: slot!.from, to: slot!.to },
      customer: {
        name: 'Frida Mølgaard',
        address: 'Vestergade 12',
        zipCode: '8000',
        city: 'Aarhus C',
        phone: '61234567',
        email: 'frida@example.dk',
      },
      debitor,
      car,
      items: [{ itemNo: 'F10001', amount: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()) as TOrder;
  await moveOrderToToday(order.additionalData.orderId, '07:30', '08:30');
  return order;
}

export async function addPhoto(page: Page, label: string) {
  const photos = page.getByRole('region', { name: 'Billeder', exact: true });
  const chooser = page.waitForEvent('filechooser');
  await photos.getByRole('button', { name: new RegExp(`^(Tilføj|Erstat) billede: ${label}$`) }).click();
  await (await chooser).setFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: PHOTO });
  await expect(photos.getByRole('group', { name: `Billeder: ${label}` }).getByRole('button', { name: /^Vis / })).toHaveCount(1);
}

/** The customer's signature: one stroke with the finger (one press). */
export async function sign(page: Page, dialog: Locator) {
  const pad = dialog.getByRole('img', { name: 'Kundens underskrift' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * (box.width / 14), box.y + box.height / 2 + (i % 2 ? -12 : 12));
  await page.mouse.up();
}

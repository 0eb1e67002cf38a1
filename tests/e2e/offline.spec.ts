import { expect, type Page } from '@playwright/test';
import type { TOrderImage } from '@/domain/media';
import type { TOrder } from '@/domain/orders';
import { addPhoto, createTodaysJob, sign } from './fitter-jobs';
import { expectAccessible, signIn, test } from './helpers';

/**
 * Issue 38, 'Working without a network': the fitter's phone keeps today's jobs, takes the job's changes without a
 * network, and sends them when the network returns, each exactly once; the server decides and may refuse.
 */

const PHONE = { width: 390, height: 844 };
// The service worker serves the app offline (the suite blocks workers elsewhere: playwright.config.ts).
test.use({ viewport: PHONE, serviceWorkers: 'allow' });

async function getOrder(page: Page, orderId: string): Promise<TOrder> {
  const answer = await page.request.get(`/api/order/order/${orderId}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as TOrder;
}

async function photosOf(page: Page, order: TOrder): Promise<TOrderImage[]> {
  const answer = await page.request.get(`/api/media/${order.additionalData.orderId}/${order.debitor.no || '0'}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as TOrderImage[]).filter((image) => image.imageType === 'BEFORE' || image.imageType === 'AFTER');
}

/** The device's copy holds the job (the IndexedDB the app keeps; read without creating it). */
async function expectJobOnDevice(page: Page, orderId: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          if (!(await indexedDB.databases()).some((d) => d.name === 'rudeplan-device')) return false;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('rudeplan-device');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error as Error);
          });
          try {
            if (!db.objectStoreNames.contains('orders')) return false;
            return await new Promise<boolean>((resolve) => {
              const read = db.transaction('orders').objectStore('orders').get(id);
              read.onsuccess = () => resolve(read.result !== undefined);
              read.onerror = () => resolve(false);
            });
          } finally {
            db.close();
          }
        }, orderId),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** OP signed in with a job of its own booked today, on the landing screen, the job kept on the device. */
async function todaysJobOnDevice(page: Page, { worker }: { worker: boolean }): Promise<TOrder> {
  await signIn(page, 'OP');
  const job = await createTodaysJob(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Dagens opgaver' })).toContainText(job.additionalData.orderNr);
  if (worker) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expectJobOnDevice(page, job.additionalData.orderId);
  return job;
}

async function openWorksheet(page: Page, order: TOrder) {
  await page.goto(`/worksheet/${order.additionalData.orderId}`);
  await expect(page.getByRole('heading', { name: `Arbejdskort ${order.additionalData.orderNr}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Afslutning af ordre' }).getByRole('combobox', { name: 'Rudefabrikat' })).toBeVisible({
    timeout: 15_000,
  });
}

/** Pane make and time spent, two photos, the signed disclaimer and 'Afslut/Fakturer' (into review: insurance pays). */
async function finishJob(page: Page) {
  const completion = page.getByRole('region', { name: 'Afslutning af ordre' });
  await completion.getByRole('combobox', { name: 'Rudefabrikat' }).click();
  await page.getByRole('option', { name: 'AGC', exact: true }).click();
  await completion.getByRole('combobox', { name: 'Tidsforbrug' }).click();
  await page.getByRole('option', { name: '60 min', exact: true }).click();
  await addPhoto(page, 'Før');
  await addPhoto(page, 'Efter');
  await page.getByRole('button', { name: 'Underskriv ansvarsfraskrivelse', exact: true }).click();
  const disclaimer = page.getByRole('dialog', { name: /Ansvarsfraskrivelse/ });
  await sign(page, disclaimer);
  await disclaimer.getByRole('button', { name: 'Underskriv' }).click();
  await expect(disclaimer).toBeHidden();
  await page.getByRole('button', { name: 'Afslut/Fakturer', exact: true }).click();
  const finish = page.getByRole('dialog', { name: 'Afslut/Fakturer' });
  await expect(finish).toContainText('Gennemsyn');
  await finish.getByRole('button', { name: 'Afslut/Fakturer' }).click();
  await expect(finish).toBeHidden();
}

test('without a network the fitter finishes today’s job after a reload; back online the server has two photos, one signed PDF and one finish', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const job = await todaysJobOnDevice(page, { worker: true });
  const { orderId } = job.additionalData;

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await openWorksheet(page, job);
  await finishJob(page);
  // Kept on the phone, and said so: not the spec's 'Order saved', which would claim the server has it.
  await expect(page.getByText('Gemt på telefonen – sendes, når der er forbindelse')).toBeVisible();
  await expect(page.getByText('Order saved')).toHaveCount(0);
  await expect(page.getByText(/^Offline – \d+ ændringer venter$/)).toBeVisible();
  await expectAccessible(page, 'the worksheet offline with changes waiting');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/shots/e2e/offline-waiting-phone.png', fullPage: false });

  await context.setOffline(false);
  await expect.poll(async () => (await getOrder(page, orderId)).additionalData.orderStatus, { timeout: 45_000 }).toBe('PENDING_REVIEW');
  const saved = await getOrder(page, orderId);
  expect(saved.additionalData.windowManufacturer).toBe('AGC');
  expect(saved.orderProperties.signCalibrationChallenges).not.toBe('');
  expect((await photosOf(page, saved)).map((p) => p.imageType).sort()).toEqual(['AFTER', 'BEFORE']);
  await expect(page.getByText(/ændring(er)? venter/)).toHaveCount(0, { timeout: 20_000 });
});

test('a photo whose answer is lost on the way is sent again with its key: the server still has one photo of each', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const job = await todaysJobOnDevice(page, { worker: false });
  await openWorksheet(page, job);

  // The first upload reaches the server, and its answer is lost (the page sees a broken connection).
  let dropped = 0;
  await page.route('**/api/media', async (route) => {
    if (route.request().method() !== 'PUT' || dropped > 0) return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await addPhoto(page, 'Før');
  expect(dropped).toBe(1);
  await expect.poll(async () => (await photosOf(page, job)).length).toBe(1);
  await addPhoto(page, 'Efter');
  // The network 'returns': the device sends what waits, the lost photo's key again.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByText(/ændring(er)? venter/)).toHaveCount(0, { timeout: 45_000 });
  expect((await photosOf(page, job)).map((p) => p.imageType).sort()).toEqual(['AFTER', 'BEFORE']);
});

test('the office cancels the job while the fitter is offline: the fitter’s finish is refused and shown with the reason', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  const job = await todaysJobOnDevice(page, { worker: true });
  const { orderId } = job.additionalData;
  await openWorksheet(page, job);

  await context.setOffline(true);
  await finishJob(page);

  const office = await browser.newContext();
  await signIn(office, 'KS');
  const cancelled = await office.request.delete('/api/order/order', { data: { orderId } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await office.close();

  await context.setOffline(false);
  const refused = page.locator('[data-change-state="refused"]').first();
  await expect(refused).toBeVisible({ timeout: 45_000 });
  // The server's own reason: a cancelled order is closed.
  await expect(refused).toContainText('Ordren er afsluttet og kan ikke ændres');
  await expect(refused.getByRole('button', { name: 'Kassér ændringen' })).toBeVisible();
  await expectAccessible(page, 'a refused offline change on its worksheet');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/shots/e2e/offline-refused-phone.png', fullPage: false });
  expect((await getOrder(page, orderId)).additionalData.orderStatus).toBe('CANCELLED');
});

test('a second visit draws the fitter’s jobs and a job’s worksheet from the device before the server answers, then the server’s', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const job = await todaysJobOnDevice(page, { worker: false });
  const { orderId, orderNr } = job.additionalData;

  // The server's answers for the user, his jobs and the order are held until the page has been looked at.
  const held: Array<() => Promise<void>> = [];
  const hold = (pattern: string) =>
    context.route(pattern, (route) => {
      held.push(() => route.continue());
    });
  await hold('**/api/user/userinfo');
  await hold('**/api/order/myjobs');
  await hold(`**/api/order/order/${orderId}`);

  await page.goto(`/worksheet/${orderId}`);
  await expect(page.getByRole('heading', { name: `Arbejdskort ${orderNr}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(job.customer.name);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Dagens opgaver' })).toContainText(orderNr);
  // Those were the device's: the server had not answered any of them.
  expect(held.length, 'requests held').toBeGreaterThanOrEqual(3);

  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const release of held.splice(0)) await release().catch(() => undefined);
  // The server's answers then come in and confirm the user: the page stays signed in on his jobs.
  await expect(page.getByRole('region', { name: 'Dagens opgaver' })).toContainText(orderNr);
  await expect(page.getByRole('button', { name: 'Log ud' })).toBeVisible();
});

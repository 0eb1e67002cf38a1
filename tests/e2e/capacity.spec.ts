import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TDepartment } from '@/domain/departments';
import { parseCsv } from '../helpers/csv';
import { expectAccessible, login, signIn, test } from './helpers';

/**
 * Issue 16, Kapacitetsoptimering in Chromium on a desktop and a phone: a planner searches with 'Min leverings tid',
 * reads the departments with their delivery times and trend arrows, opens a department's suggestions, finds the
 * MOVE_WORKER with its Danish reason and saves it as training data; an administrator's CSV export then holds it with
 * the planner as createdBy. The imbalance is built through the API, as tests/api/capacity.test.ts builds it: a
 * workshop without a single window-replace place beside one with free places every weekday.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots/capacity';
const PHONE = { width: 390, height: 844 };

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= PHONE.width;

let counter = 0;
/** A new Jylland workshop open Monday to Friday with the given window-replace places every weekday (0: none at all). */
async function newWorkshop(
  request: APIRequestContext,
  name: string,
  position: { lat: number; lng: number },
  windowPlaces: number,
): Promise<TDepartment> {
  const code = `E2ECAP${Date.now().toString(36).slice(-6)}${++counter}`;
  const created = await request.put('/api/departments/departments', {
    data: {
      name,
      address: 'Testvej 1',
      zipCode: '8000',
      city: 'Aarhus C',
      navResponsibilityCenter: code,
      // Its own location code: the code is unique, and another test's workshop may exist meanwhile.
      navLocationCode: code,
      region: 'Jylland',
      ...position,
      openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: 7.5, to: 16 })),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const department = (await created.json()) as TDepartment;
  for (const day of windowPlaces > 0 ? [1, 2, 3, 4, 5] : []) {
    const slot = await request.post(`/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`, {
      data: { day, from: 12, to: 14, maxBookings: windowPlaces },
    });
    expect(slot.ok(), await slot.text()).toBe(true);
  }
  return department;
}

/** The training data as the administrator downloads it. */
async function trainingDataRows(request: APIRequestContext): Promise<string[][]> {
  const csv = await request.get('/api/CapacityOptimization/trainingData.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const { rows } = parseCsv(await csv.text());
  expect(rows[0]!.slice(0, 3)).toEqual(['Oprettet', 'Oprettet af', 'Type']);
  return rows;
}

/**
 * The journey on the screen: search with Min leverings tid 5, the full workshop's row with its trends, its
 * suggestions, the MOVE_WORKER from the free workshop with its reason, saved. Returns the reason shown.
 */
async function findAndSaveMove(page: Page, full: string, free: string, shot: string): Promise<string> {
  await expect(page).toHaveTitle('Kapacitetsoptimering – Rudeplan');
  const min = page.getByLabel('Min leverings tid');
  await expect(min).toHaveValue('3');
  await min.fill('5');
  await page.getByRole('button', { name: 'Søg efter optimeringsmuligheder' }).click();

  // A table on a desktop; on a phone a card per department, its action in view.
  const name = 'Afdelinger med optimeringsmuligheder';
  const row = isPhone(page)
    ? page.getByRole('list', { name }).getByRole('listitem', { name: full, exact: true })
    : page
        .getByRole('table', { name })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: full, exact: true }) });
  await expect(row).toHaveCount(1);
  // A trend arrow on each kind of delivery time.
  await expect(row.getByRole('img', { name: /regionens gennemsnit \([+-]?\d+ %\)$/ })).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true, animations: 'disabled' });
  await expectAccessible(page, 'Kapacitetsoptimering');

  // The action lies within the screen's width, not scrolled off to the side.
  const open = row.getByRole('button', { name: `Se løsningsforslag for ${full}` });
  const box = (await open.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await open.click();
  const dialog = page.getByRole('dialog', { name: `Løsningsforslag for ${full}` });
  await expect(dialog).toBeVisible();
  const move = dialog.getByRole('article', { name: `Flyt montør: ${free} → ${full}` });
  await expect(move).toBeVisible();
  const reason = move.getByText(new RegExp(`^${full} har ingen ledig tid inden for 8 uger, ${free} \\d+ dage?, \\d+ km væk\\.$`));
  await expect(reason).toBeVisible();
  await expect(move.getByText(/^Score \d+$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${shot}-suggestions.png`, animations: 'disabled' });
  await expectAccessible(page, 'Løsningsforslag');

  await move.getByRole('button', { name: 'Gem som træningsdata' }).click();
  await expect(page.getByText('Api: "Training data saved"')).toBeVisible();
  await expect(move.getByRole('button', { name: 'Gemt som træningsdata' })).toBeDisabled();
  return (await reason.textContent())!;
}

test('an administrator finds a MOVE_WORKER to a full workshop, saves it and finds it in the CSV export', async ({ page }) => {
  await login(page, 'ADM');
  const full = await newWorkshop(page.request, 'Kapacitet Skejby', { lat: 56.1972, lng: 10.1706 }, 0);
  const free = await newWorkshop(page.request, 'Kapacitet Hinnerup', { lat: 56.2669, lng: 10.0653 }, 3);

  await page.getByRole('link', { name: 'Kapacitetsoptimering' }).first().click();
  await expect(page).toHaveURL(/\/capacity-optimization$/);
  const reason = await findAndSaveMove(page, full.name, free.name, 'capacity-desktop');

  const rows = await trainingDataRows(page.request);
  const saved = rows.filter((r) => r[1] === 'Anette Dahl Madsen' && r[2] === 'MOVE_WORKER' && r[9] === reason);
  expect(saved).toHaveLength(1);
});

test('Operation finds and saves the suggestion on a phone; the export names the planner', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await signIn(request, 'ADM');
  const full = await newWorkshop(request, 'Kapacitet Vejle Nord', { lat: 55.7335, lng: 9.5364 }, 0);
  const free = await newWorkshop(request, 'Kapacitet Fredericia Vest', { lat: 55.5657, lng: 9.7126 }, 3);

  await signIn(page, 'OP');
  await page.goto('/capacity-optimization');
  const reason = await findAndSaveMove(page, full.name, free.name, 'capacity-phone');
  // Only an administrator downloads the training data.
  await expect(page.getByRole('link', { name: /Hent træningsdata/ })).toHaveCount(0);
  expect((await page.request.get('/api/CapacityOptimization/trainingData.csv')).status()).toBe(403);

  const rows = await trainingDataRows(request);
  expect(rows.filter((r) => r[1] === 'Ole Pedersen' && r[2] === 'MOVE_WORKER' && r[9] === reason)).toHaveLength(1);
});

test('customer service is refused Kapacitetsoptimering', async ({ page }) => {
  await login(page, 'KS');
  await expect(page.getByRole('link', { name: 'Kapacitetsoptimering' })).toHaveCount(0);
  await page.goto('/capacity-optimization');
  await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Søg efter optimeringsmuligheder' })).toHaveCount(0);
  expect((await page.request.post('/api/CapacityOptimization/tryFind', { data: { minDeliveryTime: 3 } })).status()).toBe(403);
});

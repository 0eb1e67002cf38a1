import { expect, type APIRequestContext } from '@playwright/test';
import type { TDepartment } from '@/domain/departments';
import { fromCopenhagen } from '@/domain/lib/dates';
import { expectAccessible, login, signIn, test } from './helpers';

/**
 * Issue 39: Ledige slots in the evening. The browser's clock is set after closing time (23:30 today), and the
 * spec's own workshop closed today at 00:30 (its only slot at 00:00 has passed): the table still lists it, today
 * blank ('tiderne er passeret', not a red 0), the next days with their places; no region falls back to
 * 'Ingen afdelinger blev fundet'. The server's clock in the API tests (tests/api/planning-clock.test.ts).
 */

/** The placeholder row of a region without departments (document 3 section 5). */
const NO_DEPARTMENTS = 'Ingen afdelinger blev fundet';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h39';
const PHONE = { width: 390, height: 844 };
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
const [y, m, d] = today.split('-').map(Number) as [number, number, number];
const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
const EVENING = fromCopenhagen(y, m, d, 23, 30);

/** A Fyn workshop open every day 7:30-16 with four window places 8-10; today it opened 00:00-00:30 only, its slot at 00:00. */
async function workshopClosedTonight(request: APIRequestContext): Promise<TDepartment> {
  const code = `E2EAFT${Date.now().toString(36).slice(-6)}`;
  const created = await request.put('/api/departments/departments', {
    data: {
      name: `Aften ${code.slice(-4)}`,
      address: 'Testvej 1',
      zipCode: '5000',
      city: 'Odense C',
      navResponsibilityCenter: code,
      region: 'Fyn',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ day: weekday, from: 7.5, to: 16 })),
      specificOpeningHours: [{ date: today, from: 0, to: 0.5, closed: false }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const department = (await created.json()) as TDepartment;
  const slots = [
    ...[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ day: weekday, from: 8, to: 10, maxBookings: 4 })),
    { date: today, from: 0, to: 0.25, maxBookings: 3 },
  ];
  for (const data of slots) {
    const slot = await request.post(`/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`, { data });
    expect(slot.ok(), await slot.text()).toBe(true);
  }
  return department;
}

for (const device of ['desktop', 'phone'] as const) {
  test(`in the evening Ledige slots lists the departments with today blank and the next days (${device})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await signIn(request, 'ADM');
    const workshop = await workshopClosedTonight(request);
    if (device === 'phone') await page.setViewportSize(PHONE);
    await page.clock.setFixedTime(EVENING);
    await login(page, 'KS');
    await page.goto('/available-slots');
    await expect(page).toHaveTitle('Ledige slots – Rudeplan');
    const fyn = page.getByRole('table', { name: 'Ledige slots Fyn' });
    const row = fyn.getByRole('row').filter({ has: page.getByRole('rowheader', { name: workshop.name }) });
    await expect(row).toBeVisible();
    const cells = row.getByRole('cell');
    // Today: blank, said as over, not a highlighted 0; tomorrow: its four window places.
    await expect(cells.nth(0)).toHaveText('');
    await expect(cells.nth(0)).toHaveAccessibleName(`Montering ${d}.: tiderne er passeret`);
    await expect(cells.nth(0)).not.toHaveAttribute('data-zero');
    await expect(cells.nth(2)).toHaveText('4');
    await expect(cells.nth(3)).toHaveAccessibleName(`Reparationer ${Number(tomorrow.slice(8, 10))}.: ingen tider`);
    for (const region of ['Jylland', 'Fyn', 'Sjælland']) {
      const table = page.getByRole('table', { name: `Ledige slots ${region}` });
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      await expect(table.getByText(NO_DEPARTMENTS)).toHaveCount(0);
    }
    await page.screenshot({ path: `${SHOTS}/available-slots-evening-${device}.png`, fullPage: true });
    await expectAccessible(page, `Ledige slots om aftenen (${device})`);

    // The wall view shows the week at any hour, the workshop with it.
    await page.goto('/available-slots-fyn-sjaelland');
    const wall = page.getByRole('table', { name: 'Ledige slots Fyn' });
    await expect(wall.getByRole('rowheader', { name: workshop.name })).toBeVisible();
    await expect(page.getByText(NO_DEPARTMENTS)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/fyn-sjaelland-evening-${device}.png`, fullPage: true });
    await expectAccessible(page, `Fyn og Sjælland om aftenen (${device})`);
  });
}

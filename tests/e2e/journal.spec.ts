import { expect } from '@playwright/test';
import type { TReason } from '@/domain/orders';
import { login, test } from './helpers';

test('an administrator renames a reason in the Flyttet list and the log reasons answer with the new text', async ({ page }) => {
  await login(page, 'ADM');
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Årsagslister' }).click();
  await expect(page.getByRole('heading', { name: 'Årsagslister', level: 1 })).toBeVisible();

  await page.getByRole('tab', { name: 'Flyttet', exact: true }).click();
  const list = page.getByRole('region', { name: 'Flyttet', exact: true });
  const second = list.getByRole('textbox', { name: 'Årsag 2', exact: true });
  const before = await second.inputValue();
  const renamed = `${before} (rettet)`;
  await second.fill(renamed);
  await expect(list.getByText('Ikke gemt')).toBeVisible();
  await list.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Årsagerne til Flyttet er gemt')).toBeVisible();
  await expect(list.getByText('Ikke gemt')).toHaveCount(0);

  const reasons = (await (await page.request.get('/api/log/reasons/MOVED')).json()) as TReason[];
  expect(reasons[1]!.text).toBe(renamed);
  expect(reasons.at(-1)!.text).toBe('Andet');
});

test('Kundeservice cannot open Årsagslister', async ({ page }) => {
  await login(page, 'KS');
  await expect(page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Årsagslister' })).toHaveCount(0);
  await page.goto('/reasons');
  await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
  await expect(page.getByText('Du har ikke adgang til denne side.')).toBeVisible();
});

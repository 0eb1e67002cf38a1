import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

test('the outbox lists messages, filters them and shows one in full', async ({ page }) => {
  // A new user with a generated password queues an e-mail, so the outbox has something to show.
  const tag = Date.now()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(-4)
    .toUpperCase()
    .padEnd(4, 'Q');
  const initials = `U${tag}`;
  await signIn(page, 'ADM');
  await page.goto('/users/create');
  await page.getByLabel('Navn').fill(`Udbakke ${tag.charAt(0)}${tag.slice(1).toLowerCase()}`);
  await page.getByLabel('Initialer').fill(initials);
  await page.getByLabel('E-mail', { exact: true }).fill(`${initials.toLowerCase()}@example.dk`);
  await page.getByRole('checkbox', { name: 'Lager' }).check();
  await page.getByRole('checkbox', { name: 'Tillad e-mail' }).check();
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('User successfully created')).toBeVisible();

  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Udbakke' }).click();
  await expect(page.getByRole('heading', { name: 'Udbakke' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Beskeder' });
  for (const column of ['Oprettet', 'Kanal', 'Type', 'Modtager', 'Emne/tekst', 'Status', 'Forsøg', 'Fejl']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: `${initials.toLowerCase()}@example.dk` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('E-mail');
  await expect(row).toContainText(/\d{2}\/\d{2}-\d{4} \d{2}:\d{2}/);

  await page.getByRole('combobox', { name: 'Kanal' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Kanal' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await expect(row).toHaveCount(1);

  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${initials.toLowerCase()}@example.dk`);
  await expect(dialog).toContainText('Tekst');
  // The generated password never shows: only the mask.
  await expect(dialog).toContainText(`og adgangskoden ••••••`);
  await expect(dialog).toContainText('Adgangskoder, links og koder vises aldrig her');
  await dialog.getByRole('button', { name: 'Luk', exact: true }).click();
  await expect(dialog).toBeHidden();
});

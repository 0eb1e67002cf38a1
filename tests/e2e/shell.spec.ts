import { expect } from '@playwright/test';
import { menuFor } from '@/domain/access';
import { demoRoles } from './demo-users';
import { login, signIn, test } from './helpers';

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger opens the side panel with the menu; calendar and sign-out icons in the header', async ({ page }) => {
    await login(page, 'KS');
    const header = page.getByRole('banner');

    // No side navigation until the burger is pressed.
    await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Åbn menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(menuFor(demoRoles('KS')).map((item) => item.label));

    // Choosing an item closes the panel.
    await panel.getByRole('link', { name: 'Leveringstid' }).click();
    await expect(page).toHaveURL(/\/delivery-time$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Leveringstid' })).toBeVisible();

    await header.getByRole('link', { name: 'Kalender' }).click();
    await expect(page).toHaveURL(/\/calender$/);
    await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();

    await header.getByRole('button', { name: 'Log ud' }).click();
    await expect(page.getByText('User successfully logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(header.getByRole('button', { name: 'Åbn menu' })).toHaveCount(0);
  });

  test('the calendar icon is shown only to users who may open the calendar', async ({ page }) => {
    await login(page, 'REV');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Log ud' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Kalender' })).toHaveCount(0);
  });

  test('the user list becomes compact cards', async ({ page }) => {
    await signIn(page, 'ADM');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Brugeradministration' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Brugere' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: 'KS' }).first()).toBeVisible();
  });
});

test('an unknown path goes to the dashboard', async ({ page }) => {
  await signIn(page, 'KS');
  await page.goto('/findes-ikke');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Forside' })).toBeVisible();
});

test('every tab says which screen it shows', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Log ind – Rudeplan');
  await login(page, 'KS');
  await expect(page).toHaveTitle('Forside – Rudeplan');
  const menu = page.getByRole('navigation', { name: 'Hovedmenu' });
  await menu.getByRole('link', { name: 'Opgaver' }).click();
  await expect(page).toHaveTitle('Opgaver – Rudeplan');
  await menu.getByRole('link', { name: 'Kalender' }).click();
  await expect(page).toHaveTitle('Kalender – Rudeplan');
  // The worksheet is named after its order.
  await page.goBack();
  const link = page.getByRole('table', { name: 'Opgaver' }).locator('a[href^="/worksheet/"]').first();
  const nr = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Arbejdskort ${nr}` })).toBeVisible();
  await expect(page).toHaveTitle(`Arbejdskort ${nr} – Rudeplan`);
  await page.goto('/users');
  await expect(page).toHaveTitle('Ingen adgang – Rudeplan');
});

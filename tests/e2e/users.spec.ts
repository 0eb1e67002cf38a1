import { expect } from '@playwright/test';
import { landingPath, menuFor } from '@/domain/access';
import { OUTBOX_SECRET_MASK } from '@/domain/outbox';
import { RESET_MESSAGES } from '@/domain/users';
import { DEMO_INITIALS, demoRoles } from './demo-users';
import { login, signIn, test } from './helpers';

test.describe('login and menus', () => {
  for (const initials of DEMO_INITIALS) {
    test(`${initials} lands on their page and sees exactly their menu`, async ({ page }) => {
      const roles = demoRoles(initials);
      await login(page, initials);
      await expect(page).toHaveURL((url) => url.pathname === landingPath(roles));

      const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
      await expect(nav.getByRole('link')).toHaveText(menuFor(roles).map((item) => item.label));
      await expect(page.getByRole('banner')).toContainText(initials);
      await expect(page.getByRole('button', { name: 'Log ud' })).toBeVisible();
    });
  }

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Initialer').fill('KS');
    await page.getByLabel('Adgangskode').fill('forkert-kode');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('Invalid credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toHaveCount(0);
  });

  test('a forbidden path shows the unauthorised page with a login form', async ({ page }) => {
    await signIn(page, 'KS');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
    await expect(page.getByText('Du har ikke adgang til denne side.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Brugeradministration' })).toHaveCount(0);

    // Signing in there as someone who may open the page shows it in place.
    await page.getByLabel('Initialer').fill('ADM');
    await page.getByLabel('Adgangskode').fill('demo1234');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByRole('heading', { name: 'Brugeradministration' })).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
  });

  test('signed out, a protected page shows the login form and then the page', async ({ page }) => {
    await page.goto('/outbox');
    await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
    await page.getByLabel('Initialer').fill('ADM');
    await page.getByLabel('Adgangskode').fill('demo1234');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByRole('heading', { name: 'Udbakke' })).toBeVisible();
  });

  test('/login sends a signed-in user on to their landing page', async ({ page }) => {
    await login(page, 'KS');
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Forside' })).toBeVisible();
  });

  test('the forgot screen never tells whether the user exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await page.getByLabel('E-mail eller telefon').fill('findes.ikke@example.dk');
    await page.getByRole('button', { name: 'Nulstil' }).click();
    await expect(page.getByRole('status')).toHaveText(RESET_MESSAGES.sent);
    await expect(page.getByText('Password successfully reset, check your registered device')).toBeVisible();
    await page.getByRole('link', { name: 'Tilbage til log ind' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reset sends a code that Udbakke never shows, and the password works until a new one is set', async ({ page }) => {
    await page.goto('/forgot');
    await page.getByLabel('E-mail eller telefon').fill('20 22 66 77');
    await page.getByRole('button', { name: 'Nulstil' }).click();
    await expect(page.getByRole('status')).toHaveText(RESET_MESSAGES.sent);

    // The code page takes the phone along; a wrong code is refused in Danish.
    await page.getByRole('link', { name: 'Jeg har fået en kode' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Vælg ny adgangskode' })).toBeVisible();
    await expect(page).toHaveTitle('Vælg ny adgangskode – Rudeplan');
    await expect(page.getByLabel('E-mail eller telefon')).toHaveValue('20 22 66 77');
    await page.getByLabel(/^Kode/).fill('000000');
    await page.getByLabel(/^Ny adgangskode/).fill('ikke-sat1');
    await page.getByLabel('Bekræft ny adgangskode').fill('ikke-sat1');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await expect(page.getByRole('alert').filter({ hasText: RESET_MESSAGES.codeInvalid })).toBeVisible();

    // Udbakke shows the SMS with the code masked.
    await signIn(page, 'ADM');
    await page.goto('/outbox');
    const row = page.getByRole('table', { name: 'Beskeder' }).getByRole('row', { name: 'Nulstilling af adgangskode til +4520226677' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`(KS): ${OUTBOX_SECRET_MASK}.`);
    await row.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`(KS): ${OUTBOX_SECRET_MASK}. Den gælder i 30 min.`);
    await expect(dialog).not.toContainText(/\(KS\): \d{6}/);
    await expect(dialog).toContainText('Adgangskoder, links og koder vises aldrig her');
    await dialog.getByRole('button', { name: 'Luk', exact: true }).click();

    // Nothing changed for the user: the old password still works (signed out first: /login sends a signed-in user on).
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page, 'KS');
    await expect(page.getByRole('heading', { name: 'Forside' })).toBeVisible();
  });

  test('logout ends the session', async ({ page }) => {
    await login(page, 'KS');
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page.getByText('User successfully logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ingen adgang' })).toBeVisible();
  });
});

/** Five capital letters that differ per run, so parallel and repeated runs never collide. */
function uniqueTag(): string {
  const source = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase();
  return Array.from(source.replace(/[^A-Z]/g, '').padEnd(5, 'X'))
    .slice(-5)
    .join('');
}

test('an administrator creates, edits and deletes a user', async ({ page }) => {
  const tag = uniqueTag();
  const initials = `T${tag}`;
  const name = `Test ${tag.charAt(0)}${tag.slice(1).toLowerCase()}`;
  const email = `${initials.toLowerCase()}@example.dk`;

  await login(page, 'ADM');
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Brugeradministration' }).click();
  await expect(page.getByRole('heading', { name: 'Brugeradministration' })).toBeVisible();

  // Create
  await page.getByRole('link', { name: 'Opret bruger' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByRole('switch', { name: 'Autogenerer adgangskode' })).toBeChecked();
  await page.getByLabel('Navn').fill(name);
  await page.getByLabel('Initialer').fill(initials);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('checkbox', { name: 'Kundeservice' }).check();
  await page.getByRole('checkbox', { name: 'Tillad e-mail' }).check();
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('User successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('searchbox', { name: 'Søg', exact: true }).fill(initials);
  const row = page.getByRole('row').filter({ hasText: initials });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Kundeservice');

  // Edit
  await row.getByRole('link', { name: `Rediger ${name}` }).click();
  await expect(page).toHaveURL(/\/users\/edit\//);
  await expect(page.getByLabel('Navn')).toHaveValue(name);
  await expect(page.getByLabel('Bekræft adgangskode')).toHaveCount(0);
  await page.getByLabel('Telefon').fill('12345678');
  await page.getByRole('checkbox', { name: 'Tillad SMS' }).check();
  await page.getByRole('checkbox', { name: 'Lager' }).check();
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('User succesfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('searchbox', { name: 'Søg', exact: true }).fill(initials);
  await expect(row).toContainText('12 34 56 78');
  await expect(row).toContainText('Lager');

  // Delete
  await row.getByRole('button', { name: `Slet ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Du er ved at slette brugeren ${name} (${initials}). Er du sikker?`);
  await dialog.getByRole('button', { name: 'Slet', exact: true }).click();
  await expect(page.getByText('User succesfully deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the create form shows the Danish messages before anything is sent', async ({ page }) => {
  await signIn(page, 'ADM');
  await page.goto('/users/create');
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('Feltet er påkrævet')).toHaveCount(3); // Navn, Initialer, Roller

  await page.getByRole('switch', { name: 'Autogenerer adgangskode' }).uncheck();
  await page.getByLabel(/^Adgangskode/).fill('hemmelig1');
  await page.getByLabel('Bekræft adgangskode').fill('hemmelig2');
  await page.getByLabel('Navn').fill('Mette Hansen');
  await page.getByLabel('Initialer').fill('MHX');
  await page.getByRole('checkbox', { name: 'Kundeservice' }).check();
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('Felterne stemmer ikke overens')).toBeVisible();
  await expect(page.getByText('Pick one of the options')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/create$/);
});

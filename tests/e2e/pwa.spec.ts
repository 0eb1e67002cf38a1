import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signIn, test } from './helpers';

/**
 * Issue 38, 'Working without a network': Rudeplan is an installable app (a manifest with the Danish name and icons)
 * whose service worker keeps the whole build, so a reload without a network shows the app, and a new version waits
 * for the user's 'Opdater nu' instead of being swapped in under a fitter mid-job.
 */
test.use({ serviceWorkers: 'allow' });

const WEB_ROOT = path.resolve(process.env.WEB_ROOT ?? 'dist/web');
/** Where the prompt's screenshots go when asked for (SHOTS_DIR=/tmp/shots/…). */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** Waits until the app's service worker (registered by the app once its first page has loaded) controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** Every URL the page's caches hold (the service worker's precache), as paths. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG').toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('the installable app', () => {
  test('the page links a Danish manifest with the app name, standalone display and 192, 512 and maskable icons', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Rudeplan',
      short_name: 'Rudeplan',
      lang: 'da',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1768b2',
      background_color: '#f8f9fa',
    });
    expect(String(manifest.description)).toMatch(/bilrude/);
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(touchIcon!)).body())).toBe('180x180');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1768b2');
  });

  test('the service worker installs, controls the page and keeps every file of the build, but never an API answer', async ({ page }) => {
    await signIn(page.context(), 'KS');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Forside' })).toBeVisible();
    await controlledByServiceWorker(page);
    // A page under the worker still reads its data from the server (the dashboard asks again on a reload).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Forside' })).toBeVisible();
    const cached = await cachedPaths(page);
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_ROOT, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const built = new Set(
      Object.values(manifest)
        .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
        .map((file) => `/${file}`),
    );
    expect(
      [...built].filter((file) => !cached.includes(file)),
      'built files the worker does not keep',
    ).toEqual([]);
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(
      cached.filter((file) => /\.(br|gz)$/.test(file)),
      'compressed copies',
    ).toEqual([]);
    expect(
      cached.filter((file) => file.startsWith('/api')),
      'API answers',
    ).toEqual([]);
  });

  test('without a network a reload of the dashboard and a worksheet opened by its address show the app, never under /api', async ({
    page,
    context,
  }) => {
    await signIn(context, 'KS');
    const answer = await page.request.post('/api/order/orders', {
      data: { page: 0, status: 'PROCESSING', type: '', fromDate: '2020-01-01T00:00:00', toDate: '2030-12-31T00:00:00' },
    });
    const { orders } = (await answer.json()) as { orders: Array<{ additionalData: { orderId: string } }> };
    const orderId = orders[0]!.additionalData.orderId;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Forside' })).toBeVisible();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page came from the worker').toBe(true);
    // The app itself is drawn (its header with the menu), not the browser's error page.
    await expect(page.getByRole('banner')).toContainText('Rudeplan');
    await page.goto(`/worksheet/${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/worksheet/${orderId}$`));
    await expect(page.getByRole('banner')).toContainText('Rudeplan');
    // /api is never answered with the app's page: without a network it fails as the network does.
    await expect(page.goto('/api/docs/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
  });
});

test.describe('a new version', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    test(`is offered with 'Opdater nu' and loads only when tapped (${viewport.width}x${viewport.height})`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await signIn(context, 'OP');
      await page.goto('/');
      await expect(page.getByRole('banner')).toContainText('Rudeplan');
      await controlledByServiceWorker(page);

      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      // The next version, as the browser finds it after a deploy: a worker script it has not installed. Changing the
      // built sw.js would race every other spec whose browser fetches it meanwhile (and the two sizes of this test
      // did collide on it), so the registration is updated to the same script under another address, which the
      // browser installs as a new worker just as it installs changed bytes (Service Workers, Update algorithm).
      await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-version', { scope: '/' }).then(() => undefined));

      const prompt = page.getByRole('alert').filter({ hasText: 'En ny version af Rudeplan er klar' });
      await expect(prompt).toBeVisible();
      // The new version waits; the page the user works on is the same one, not loaded anew.
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting?.state ?? null))).toBe('installed');
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
      if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `update-prompt-${viewport.width}x${viewport.height}.png`) });

      const loaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Opdater nu' }).click();
      await loaded;
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      // Loaded anew under the worker that took over (the server's build is the old one again by now: what the
      // browser finds next is not this test's matter).
      await expect(page.getByRole('banner')).toContainText('Rudeplan');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    });
  }
});

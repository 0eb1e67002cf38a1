import { defineConfig } from '@playwright/test';

/** Debian's chromium from PATH; Playwright never downloads a browser here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test may walk a whole order flow (four screens and a booking): over 30 s on a slow 2-core machine running two
  // workers. A passing test takes no longer for it.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    // baseURL is each worker's own server (the server fixture in tests/e2e/helpers.ts).
    viewport: { width: 1366, height: 768 },
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    // Recording a trace of every test doubled the suite's time on a 2-core machine, and CI keeps no files: a failure
    // prints its page instead (helpers.ts). E2E_TRACE=1 records them for a local look (npx playwright show-trace).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The app's service worker (issue 38) keeps the whole build once a page has loaded; the specs of the installable
    // and offline app turn it on (test.use({ serviceWorkers: 'allow' })), the others test what the network serves.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

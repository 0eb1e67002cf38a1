import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineUseId, themeVariables } from './vite.config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on CI's two.
          maxWorkers: 2,
        },
      },
      {
        plugins: [react(), themeVariables(), mantineUseId()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-setup.ts'],
          // A worksheet test types into the whole worksheet: over 15 s on a slow 2-core machine.
          testTimeout: 30_000,
          maxWorkers: 2,
          // Mantine goes through Vite, as in the build, so its useId is the app's (mantineUseId in vite.config.ts).
          server: { deps: { inline: [/[\\/]@mantine[\\/]/] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Measured alone, in the 'load' project below: another file's work beside it would be timed too.
          exclude: ['tests/api/responsiveness.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two files at a time, each on its own database.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: ['tests/api/responsiveness.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // Health's latency under load is the one thing measured: nothing else runs beside it.
          maxWorkers: 1,
        },
      },
    ],
  },
});

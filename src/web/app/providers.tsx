import './mantine-styles';
import './global.css';

import type { MantineColorSchemeManager } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ServiceWorkerUpdates } from '../areas/offline';
import { createQueryClient } from '../lib/query-client';
import { OverlayHosts } from './overlay-hosts';
import { theme } from './theme';

/**
 * The app is light only. Mantine's default manager reads the scheme from localStorage while the first render runs,
 * and a fresh browser profile opens its storage right then (tens of milliseconds on a phone, issue 17: blocking
 * time); this one keeps nothing.
 */
const LIGHT_ONLY: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {/* withCssVariables off: the theme's variables come with the app's stylesheet (mantine-styles.ts). */}
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        forceColorScheme="light"
        colorSchemeManager={LIGHT_ONLY}
        withCssVariables={false}
      >
        <DatesProvider settings={{ locale: 'da', firstDayOfWeek: 1 }}>
          {/* The toasts and the dialogs (Mantine's notifications and modals), loaded when first needed. */}
          <OverlayHosts />
          <ServiceWorkerUpdates />
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

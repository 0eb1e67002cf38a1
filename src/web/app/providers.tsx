import './mantine-styles';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { OverlayHosts } from './overlay-hosts';
import { theme } from './theme';

dayjs.locale('da');

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'da', firstDayOfWeek: 1 }}>
          {/* The toasts and the dialogs (Mantine's notifications and modals), loaded when first needed. */}
          <OverlayHosts />
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

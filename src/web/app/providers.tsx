import './mantine-styles';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
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
          <ModalsProvider labels={{ confirm: 'OK', cancel: 'Annuller' }} modalProps={{ closeButtonProps: { 'aria-label': 'Luk dialogen' } }}>
            <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" classNames={{ root: 'app-notifications' }} />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

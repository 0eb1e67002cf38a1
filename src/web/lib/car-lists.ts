import { queryOptions } from '@tanstack/react-query';
import type { TManufacturer } from '@/domain/catalogue/catalogue.schemas';
import type { TInsurer, TLeaser } from '@/domain/parties/party.schemas';
import { api } from './api-client';

/*
 * The lists the order's car fields pick from and look up in: makes, insurers and leasers, one query each, kept an
 * hour, for the order flow, the worksheet and the rule sets. Each adds its own failure toast (`meta`). (Asked for by
 * the router while a screen's files load, they made the worksheet and the dashboard slower on Lighthouse's phone: the
 * screens ask for them themselves.)
 */
const HOUR_MS = 60 * 60_000;

export const manufacturersQuery = () =>
  queryOptions({
    queryKey: ['car', 'manufacturers'] as const,
    queryFn: ({ signal }) => api.get<TManufacturer[]>('/api/car/manufacturers', signal),
    staleTime: HOUR_MS,
  });

export const insurersQuery = () =>
  queryOptions({
    queryKey: ['insurers'] as const,
    queryFn: ({ signal }) => api.get<TInsurer[]>('/api/insurers', signal),
    staleTime: HOUR_MS,
  });

export const leasersQuery = () =>
  queryOptions({ queryKey: ['leasers'] as const, queryFn: ({ signal }) => api.get<TLeaser[]>('/api/leasers', signal), staleTime: HOUR_MS });

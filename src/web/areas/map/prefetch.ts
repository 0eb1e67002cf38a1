import type { QueryClient } from '@tanstack/react-query';
import { todayInCopenhagen } from '@/domain/map/map';
import { readCustomMapView } from '@/domain/map/map.schemas';
import { sessionUser } from '../../lib/query-client';
import { departmentSummariesQuery } from '../departments';
import { mobileJobsQuery } from './api';
import { openingView } from './map-view-state';

/**
 * Asks for the jobs the map opens with while its files load (the router loads this file then), so the screen is
 * drawn once with them: their arrival after the first draw redrew the whole screen in one task (issue 17: 135 ms on
 * a phone's CPU). The custom view (from a worksheet or a booking) names its own van: the screen asks for that.
 */
export async function prefetchOpeningJobs(client: QueryClient): Promise<void> {
  if (readCustomMapView(Object.fromEntries(new URLSearchParams(window.location.search).entries()))) return;
  const departments = await client.fetchQuery(departmentSummariesQuery());
  const user = sessionUser(client);
  const { vanIds, days } = openingView(departments, user?.departmentGuid, todayInCopenhagen());
  if (vanIds.length > 0 && days.length > 0) await client.prefetchQuery(mobileJobsQuery(vanIds, days));
}

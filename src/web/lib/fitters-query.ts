import { queryOptions } from '@tanstack/react-query';
import type { TRoleMember } from '@/domain/users/user.schemas';
import { api } from './api-client';

/**
 * The fitters (users in role Operation), as every screen that names or picks them asks for them: one query, kept five
 * minutes. Each screen adds its own failure toast (`meta`). Here, not in an area, because the router asks for it while
 * a worksheet's files load (prefetchWorksheetOrder).
 */
export function fittersQuery() {
  return queryOptions({
    queryKey: ['user', 'usersinrole', 'Operation'] as const,
    queryFn: ({ signal }) => api.get<TRoleMember[]>('/api/user/usersinrole/Operation', signal),
    staleTime: 5 * 60_000,
  });
}

import { Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ScreenAccess } from '@/domain/access/screens';
import { canOpen, landingPath } from '@/domain/access/screens';
import { UnauthorisedScreen, useSession } from '../areas/users';
import { LoadingStatus } from '../components/query-state';

interface RouteGuardProps {
  access: ScreenAccess;
  children: ReactNode;
}

/**
 * Shows the screen when the session's roles may open it (access from SCREENS); otherwise the
 * unauthorised page with the login form. After signing in there, the user stays on the page
 * when the new roles allow it, else goes to their landing page.
 */
export function RouteGuard({ access, children }: RouteGuardProps) {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();

  if (access === 'public') return children;
  if (isLoading) {
    return (
      <Center py="xl">
        <LoadingStatus label="Indlæser" />
      </Center>
    );
  }
  if (canOpen(access, user?.roles ?? null)) return children;

  return (
    <UnauthorisedScreen
      onSignedIn={(signedIn) => {
        if (!canOpen(access, signedIn.roles)) navigate(landingPath(signedIn.roles), { replace: true });
      }}
    />
  );
}

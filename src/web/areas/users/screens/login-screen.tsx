import { Anchor, Text } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LOGIN_REDIRECT_ROLES, landingPath } from '@/domain/access/screens';
import { hasAnyRole } from '@/domain/users/roles';
import { AuthCard } from '../components/auth-card';
import { ForgotForm } from '../components/forgot-form';
import { LoginForm } from '../components/login-form';
import { useSession } from '../session';

/** LOGIN and FORGOT share one screen (document 3 section 2). */
export function LoginScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const forgot = pathname === '/forgot';

  if (!forgot && user && hasAnyRole(user.roles, LOGIN_REDIRECT_ROLES)) {
    return <Navigate to={landingPath(user.roles)} replace />;
  }

  if (forgot) {
    return (
      <AuthCard
        title="Glemt adgangskode"
        description="Skriv din e-mail eller dit telefonnummer, så sender vi et link eller en kode, som du vælger en ny adgangskode med."
      >
        <ForgotForm />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Log ind" description="Log ind med dine initialer og din adgangskode.">
      <LoginForm onSignedIn={(signedIn) => navigate(landingPath(signedIn.roles), { replace: true })} />
      {/* Customers book themselves on the public booking page (issue 41), a page of its own. */}
      <Text ta="center" size="sm" mt="md">
        Er du kunde? <Anchor href="/book">Book tid</Anchor>
      </Text>
    </AuthCard>
  );
}

import type { TUserInfo } from '@/domain/users/user.schemas';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

interface UnauthorisedScreenProps {
  onSignedIn: (user: TUserInfo) => void;
}

/** Says there is no access and offers the login form, so the user can sign in as someone else. */
export function UnauthorisedScreen({ onSignedIn }: UnauthorisedScreenProps) {
  return (
    <AuthCard title="Ingen adgang" description="Du har ikke adgang til denne side.">
      <LoginForm onSignedIn={onSignedIn} />
    </AuthCard>
  );
}

/** The texts that carry a password to a user (new user with auto password, or a reset). */
export interface PasswordMessage {
  subject: string;
  text: string;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function newUserPasswordMessage(user: { name: string; initials: string }, password: string): PasswordMessage {
  return {
    subject: 'Din bruger i Rudeplan',
    text:
      `Hej ${firstName(user.name)}. Du er oprettet som bruger i Rudeplan. ` +
      `Log ind med initialerne ${user.initials} og adgangskoden ${password}`,
  };
}

export function resetPasswordMessage(user: { name: string; initials: string }, password: string): PasswordMessage {
  return {
    subject: 'Ny adgangskode til Rudeplan',
    text: `Hej ${firstName(user.name)}. Din nye adgangskode til Rudeplan (${user.initials}) er ${password}`,
  };
}

/** SMS when the user allows it and has a phone, otherwise e-mail when allowed; null when neither reaches the user. */
export function passwordChannel(user: { allowSms: boolean; phone: string; allowEmail: boolean; email: string }): 'SMS' | 'EMAIL' | null {
  if (user.allowSms && user.phone) return 'SMS';
  if (user.allowEmail && user.email) return 'EMAIL';
  return null;
}

import { OUTBOX_SECRET_PLACEHOLDER } from '../outbox';

/**
 * The texts that carry a secret to a user (a new user's password, a reset link or code). The secret itself
 * is never in them: they hold the outbox's placeholder, and the outbox puts the secret in when it sends.
 */
export interface PasswordMessage {
  subject: string;
  text: string;
}

/** How long a reset link or code works. */
export const RESET_VALID_MINUTES = 30;

/** The web page where a reset link leads, and where an SMS code is typed. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** What the reset page and its API say. */
export const RESET_MESSAGES = {
  linkInvalid: 'Linket er ugyldigt. Bed om et nyt under Glemt adgangskode.',
  linkExpired: `Linket er udløbet (det gælder i ${RESET_VALID_MINUTES} minutter). Bed om et nyt under Glemt adgangskode.`,
  linkUsed: 'Linket er allerede brugt eller afløst af et nyere. Bed om et nyt under Glemt adgangskode.',
  codeInvalid: 'Koden er forkert eller udløbet. Tjek koden, eller bed om en ny under Glemt adgangskode.',
  done: 'Din nye adgangskode er gemt. Du kan nu logge ind med den.',
  /** The /forgot page's notice, the same whether or not the user exists. */
  sent:
    'Hvis brugeren findes, har vi sendt et link (e-mail) eller en kode (SMS) til at vælge en ny adgangskode. ' +
    `Det gælder i ${RESET_VALID_MINUTES} minutter. Din nuværende adgangskode virker, indtil du har valgt en ny.`,
} as const;

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function newUserPasswordMessage(user: { name: string; initials: string }): PasswordMessage {
  return {
    subject: 'Din bruger i Rudeplan',
    text:
      `Hej ${firstName(user.name)}. Du er oprettet som bruger i Rudeplan. ` +
      `Log ind med initialerne ${user.initials} og adgangskoden ${OUTBOX_SECRET_PLACEHOLDER}`,
  };
}

/** The reset page's address with the link's token in place of the placeholder; `baseUrl` is the app's public address. */
export function resetPasswordLink(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}?token=${OUTBOX_SECRET_PLACEHOLDER}`;
}

/** The e-mail with a one-time link; `link` from resetPasswordLink. */
export function resetLinkMessage(user: { name: string; initials: string }, link: string): PasswordMessage {
  return {
    subject: 'Vælg en ny adgangskode til Rudeplan',
    text:
      `Hej ${firstName(user.name)}. Du har bedt om en ny adgangskode til Rudeplan (${user.initials}). ` +
      `Vælg den her inden for ${RESET_VALID_MINUTES} minutter: ${link}\n\n` +
      'Har du ikke bedt om det, kan du se bort fra beskeden; din adgangskode er uændret.',
  };
}

/** The SMS (or, without a configured address for links, the e-mail) with a one-time code. */
export function resetCodeMessage(user: { name: string; initials: string }): PasswordMessage {
  return {
    subject: 'Kode til ny adgangskode i Rudeplan',
    text:
      `Hej ${firstName(user.name)}. Din kode til ny adgangskode i Rudeplan (${user.initials}): ${OUTBOX_SECRET_PLACEHOLDER}. ` +
      `Den gælder i ${RESET_VALID_MINUTES} min. Har du ikke bedt om den, så se bort fra beskeden.`,
  };
}

/** SMS when the user allows it and has a phone, otherwise e-mail when allowed; null when neither reaches the user. */
export function passwordChannel(user: { allowSms: boolean; phone: string; allowEmail: boolean; email: string }): 'SMS' | 'EMAIL' | null {
  if (user.allowSms && user.phone) return 'SMS';
  if (user.allowEmail && user.email) return 'EMAIL';
  return null;
}

/**
 * A reset goes where the user asked from: to the e-mail address when that was typed, to the phone when
 * the number was, if the user allows that channel; otherwise through the other allowed channel.
 */
export function resetChannel(
  user: { allowSms: boolean; phone: string; allowEmail: boolean; email: string },
  typed: string,
): 'SMS' | 'EMAIL' | null {
  const sms = user.allowSms && user.phone !== '';
  const email = user.allowEmail && user.email !== '';
  const typedEmail = typed.includes('@');
  if (typedEmail && email) return 'EMAIL';
  if (!typedEmail && sms) return 'SMS';
  return sms ? 'SMS' : email ? 'EMAIL' : null;
}

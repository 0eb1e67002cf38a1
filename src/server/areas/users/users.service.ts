import { randomUUID, timingSafeEqual } from 'node:crypto';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { guidOrNull } from '@/domain/lib/guid';
import { toFieldErrors } from '@/domain/lib/validation';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';
import {
  newUserPasswordMessage,
  passwordChannel,
  RESET_MESSAGES,
  RESET_VALID_MINUTES,
  resetChannel,
  resetCodeMessage,
  resetLinkMessage,
  resetPasswordLink,
  type PasswordMessage,
} from '@/domain/users';
import {
  mayListRole,
  RESET_CODE_LENGTH,
  USER_MESSAGES,
  userRoleIssues,
  type TLogin,
  type TPasswordResetConfirm,
  type TRoleMember,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@/domain/users';
import {
  dummyPasswordHash,
  generatePassword,
  generateResetCode,
  generateResetToken,
  hashPassword,
  hashResetSecret,
  needsRehash,
  verifyPassword,
} from '@/server/auth/passwords';
import { createSession, destroySession, destroyUserSessions, type SessionUser } from '@/server/auth/sessions';
import {
  accountAddressKey,
  accountKey,
  addressKey,
  clearAccountAttempts,
  clearAttempts,
  knownAddressKey,
  markKnown,
  releaseAttempt,
  takeAttempt,
  type ThrottleRule,
} from '@/server/auth/throttle';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError, assertSaved, requireVersion } from '@/server/errors';
import { enqueueMessage } from '@/server/integrations/outbox/outbox.repo';
import { toInternationalPhone } from '@/server/integrations/sms/sms-gateway';
import * as repo from './users.repo';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** Failed logins of one account (from one address, or from any address it has not signed in from) before the waits begin. */
const LOGIN_FREE_FAILURES = 5;
const LOGIN_LIMIT_PER_ADDRESS = 30;
/** Reset requests for one account from one address, and from all the addresses it does not sign in from together. */
const RESET_LIMIT_PER_ACCOUNT = 3;
/** Reset requests for one account from anywhere: what its inbox or phone gets at most in 15 minutes. */
const RESET_LIMIT_PER_ACCOUNT_ANYWHERE = 6;
const RESET_LIMIT_PER_ADDRESS = 10;
const CODE_LIMIT_PER_ACCOUNT = 5;
const CODE_LIMIT_PER_ADDRESS = 20;
/** Wrong codes after which a reset code stops working. */
const CODE_MAX_WRONG = 5;
const LINK_LIMIT_PER_ADDRESS = 20;

/**
 * Each try is counted before its password is checked (docs/decisions.md, 'Login throttle'): against the account
 * from this address, and against the account from any address it has not signed in from, each with a wait that
 * grows with the failures (30 s, 1 min, … 15 min); and against the address across accounts (30 in 15 minutes).
 * So an outsider's failures cannot keep a user from signing in from where they usually do. Initials and e-mail in
 * any case reach the same account; a name that reaches no account counts against itself, so nothing tells whether
 * it exists. The right password takes its try back, forgets the failures and remembers the address.
 */
export async function login(db: Db, input: TLogin, meta: RequestMeta, ttlHours: number): Promise<{ token: string; user: TUser }> {
  const found = await repo.findByLogin(db, input.Email);
  const account = accountKey('login', found?.id ?? null, input.Email);
  const fromHere = accountAddressKey(account, meta.ip);
  const attempt = await takeAttempt(db, [
    { key: fromHere, limit: LOGIN_FREE_FAILURES, progressive: true },
    { key: account, limit: LOGIN_FREE_FAILURES, progressive: true, unlessKnown: knownAddressKey(fromHere) },
    { key: addressKey('login', meta.ip), limit: LOGIN_LIMIT_PER_ADDRESS },
  ]);
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.Password);
  if (!found || !valid) throw AppError.unauthorized(API_MESSAGES.invalidCredentials);
  const token = await db.transaction(async (tx) => {
    await releaseAttempt(tx, attempt);
    await clearAttempts(tx, [account, fromHere]);
    await markKnown(tx, knownAddressKey(fromHere));
    await repo.touchLastLogin(tx, found.id);
    if (needsRehash(found.passwordHash)) await repo.setPasswordHash(tx, found.id, await hashPassword(input.Password));
    return createSession(tx, found.id, ttlHours, meta);
  });
  return { token, user: (await repo.findUser(db, found.id))! };
}

/**
 * The marker that the account a name reaches has signed in from this address within 30 days (login's markKnown): where
 * its user usually is. A name that reaches no account has none.
 */
function signsInFrom(accountId: string | null, typed: string, ip: string): string {
  return knownAddressKey(accountAddressKey(accountKey('login', accountId, typed), ip));
}

/**
 * The throttle of an action on one account that an outsider must not be able to use up for its user (resets and reset
 * codes, as logins: docs/decisions.md 'Reset throttle'): counted for the account from this address, and for the account
 * from any address; that second count does not hold back an address the account signs in from, so an outsider who
 * fills it stops only the addresses the user does not use.
 */
function perAccountRules(action: string, accountId: string | null, typed: string, ip: string, limit: number): ThrottleRule[] {
  const account = accountKey(action, accountId, typed);
  return [
    { key: accountAddressKey(account, ip), limit },
    { key: account, limit, unlessKnown: signsInFrom(accountId, typed, ip) },
  ];
}

export async function logout(db: Db, user: SessionUser | null): Promise<void> {
  if (user) await destroySession(db, user.tokenHash);
}

/** Queues a message whose text holds the secret's placeholder; the outbox keeps the secret apart. */
async function queueSecret(
  tx: DbOrTx,
  user: { phone: string; email: string },
  channel: 'SMS' | 'EMAIL',
  kind: string,
  message: PasswordMessage,
  secret: string,
): Promise<void> {
  if (channel === 'SMS') {
    await enqueueMessage(tx, { channel, kind, recipient: toInternationalPhone(user.phone), body: message.text, secret });
  } else {
    await enqueueMessage(tx, { channel, kind, recipient: user.email, subject: message.subject, body: message.text, secret });
  }
}

export interface ResetOptions {
  /** The app's public address for the e-mail's link; without it the e-mail carries a code, like the SMS. */
  publicUrl?: string | undefined;
}

/**
 * /forgot: always answers the same, whether or not the user exists. When it does, and a channel the user
 * allows reaches them, a one-time link (e-mail) or code (SMS) valid for 30 minutes is sent; the password
 * stays as it is until a new one is set with it. Throttled (15 minutes each): 3 for the account from this address,
 * 3 from all the addresses the account does not sign in from together (so an outsider's requests do not stop its user
 * where the user signs in), 6 for the account from anywhere (what its inbox gets at most), and 10 from this address.
 */
export async function requestPasswordReset(db: Db, identifier: string, meta: RequestMeta, options: ResetOptions = {}): Promise<void> {
  const user = await repo.findByContact(db, identifier);
  await takeAttempt(db, [
    ...perAccountRules('reset', user?.id ?? null, identifier, meta.ip, RESET_LIMIT_PER_ACCOUNT),
    { key: accountKey('reset-any', user?.id ?? null, identifier), limit: RESET_LIMIT_PER_ACCOUNT_ANYWHERE },
    { key: addressKey('reset', meta.ip), limit: RESET_LIMIT_PER_ADDRESS },
  ]);
  if (!user) return;
  const channel = resetChannel(user, identifier);
  if (channel === null) return;

  const id = randomUUID();
  const byLink = channel === 'EMAIL' && Boolean(options.publicUrl);
  const secret = byLink ? generateResetToken() : generateResetCode(RESET_CODE_LENGTH);
  const tokenHash = byLink ? hashResetSecret(secret) : hashResetSecret(secret, id);
  const message = byLink ? resetLinkMessage(user, resetPasswordLink(options.publicUrl!)) : resetCodeMessage(user);
  await db.transaction(async (tx) => {
    await repo.insertPasswordReset(tx, {
      id,
      userId: user.id,
      kind: byLink ? 'LINK' : 'CODE',
      tokenHash,
      validMinutes: RESET_VALID_MINUTES,
    });
    await queueSecret(tx, user, channel, 'PASSWORD_RESET', message, secret);
  });
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The reset a link's token or an SMS code with its identifier points at; a refusal says why in Danish. */
async function findResetFor(db: Db, input: TPasswordResetConfirm, meta: RequestMeta): Promise<repo.ResetRow> {
  if (input.token) {
    const linkAttempt = await takeAttempt(db, [{ key: addressKey('reset-link', meta.ip), limit: LINK_LIMIT_PER_ADDRESS }]);
    const reset = await repo.findLinkReset(db, hashResetSecret(input.token));
    const refusal = !reset
      ? RESET_MESSAGES.linkInvalid
      : reset.used
        ? RESET_MESSAGES.linkUsed
        : reset.expired
          ? RESET_MESSAGES.linkExpired
          : null;
    if (refusal) throw AppError.generic(400, refusal);
    await releaseAttempt(db, linkAttempt);
    return reset!;
  }

  // Codes are short: guesses are counted per account (as resets are: an outsider's do not count where the user signs
  // in) and address before the code is compared, and each code takes CODE_MAX_WRONG guesses, each claimed in one
  // statement, however many arrive at once.
  const user = await repo.findByContact(db, input.identifier);
  const attempt = await takeAttempt(db, [
    ...perAccountRules('reset-code', user?.id ?? null, input.identifier, meta.ip, CODE_LIMIT_PER_ACCOUNT),
    { key: addressKey('reset-code', meta.ip), limit: CODE_LIMIT_PER_ADDRESS },
  ]);
  const reset = user ? await repo.findActiveCodeReset(db, user.id) : null;
  const guessed = reset !== null && (await repo.claimCodeGuess(db, reset.id, CODE_MAX_WRONG));
  if (!guessed || !sameHash(reset.tokenHash, hashResetSecret(input.code, reset.id))) {
    if (guessed) await repo.endCodeAfterLastGuess(db, reset.id, CODE_MAX_WRONG);
    throw AppError.generic(400, RESET_MESSAGES.codeInvalid);
  }
  await releaseAttempt(db, attempt);
  return reset;
}

/**
 * Sets the new password with a reset link's token or an SMS code: once only, within 30 minutes. The user's
 * sessions end, and failed logins counted against the account are forgotten.
 */
export async function confirmPasswordReset(db: Db, input: TPasswordResetConfirm, meta: RequestMeta): Promise<void> {
  const reset = await findResetFor(db, input, meta);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await repo.claimPasswordReset(tx, reset.id, reset.userId))) {
      throw AppError.generic(400, input.token ? RESET_MESSAGES.linkUsed : RESET_MESSAGES.codeInvalid);
    }
    await repo.setPasswordHash(tx, reset.userId, passwordHash);
    await destroyUserSessions(tx, reset.userId);
    await clearAccountAttempts(tx, accountKey('login', reset.userId, ''));
  });
}

async function assertRoleRules(
  db: DbOrTx,
  user: { roles: string[]; departmentGuid: string; calendarDepartmentGuid: string },
): Promise<void> {
  const facts = await repo.findDepartmentFacts(db);
  const issues = userRoleIssues(user, (id) => facts.get(id));
  if (issues.length) throw AppError.validation(toFieldErrors(issues), issues[0]!.message);
}

function valuesOf(input: TUserCreate | TUserUpdate): repo.UserValues {
  return {
    name: input.name,
    initials: input.initials,
    email: input.email,
    phone: input.phone,
    roles: [...new Set(input.roles)],
    departmentId: guidOrNull(input.departmentGuid),
    calendarDepartmentId: guidOrNull(input.calendarDepartmentGuid),
    allowSms: input.allowSMS,
    allowEmail: input.allowEmail,
  };
}

/** Unique initials and e-mail are enforced by the database; this turns a clash into a field message. */
async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint =
      (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
      (error as { constraint?: string }).constraint;
    if (constraint === 'users_initials_unique') throw AppError.field('initials', USER_MESSAGES.initialsTaken);
    if (constraint === 'users_email_unique') throw AppError.field('email', USER_MESSAGES.emailTaken);
    throw error;
  }
}

/** A given password is used; only without one (or with autoPassword) is one generated and sent. */
export async function createUser(db: Db, input: TUserCreate): Promise<TUser> {
  await assertRoleRules(db, input);
  const generated = input.autoPassword || input.password === '';
  const password = generated ? generatePassword() : input.password;
  const passwordHash = await hashPassword(password);
  const values = valuesOf(input);
  const id = await withUniqueFields(() =>
    db.transaction(async (tx) => {
      const newId = await repo.insertUser(tx, { ...values, passwordHash });
      const channel = passwordChannel(values);
      if (generated && channel) await queueSecret(tx, values, channel, 'NEW_USER_PASSWORD', newUserPasswordMessage(values), password);
      return newId;
    }),
  );
  return (await repo.findUser(db, id))!;
}

export async function updateUser(db: Db, input: TUserUpdate, actor: SessionUser): Promise<TUser> {
  await assertRoleRules(db, input);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updateId = requireVersion(input.updateId);
  await withUniqueFields(() =>
    db.transaction(async (tx) => {
      const outcome = await repo.updateUser(tx, input.id, updateId, { ...valuesOf(input), ...(passwordHash ? { passwordHash } : {}) });
      assertSaved(outcome, { stale: STALE_COPY_MESSAGES.user, notFound: 'Brugeren findes ikke' });
      // A new password ends the user's other sessions (not the administrator's own current one).
      if (passwordHash && input.id !== actor.id) await destroyUserSessions(tx, input.id);
    }),
  );
  return (await repo.findUser(db, input.id))!;
}

export async function removeUser(db: Db, id: string, actor: SessionUser): Promise<void> {
  if (id === actor.id) throw AppError.generic(400, 'Du kan ikke slette din egen bruger');
  await db.transaction(async (tx) => {
    if (!(await repo.markUserDeleted(tx, id))) throw AppError.notFound('Brugeren findes ikke');
    await destroyUserSessions(tx, id);
  });
}

export async function getUser(db: Db, id: string): Promise<TUser> {
  const user = await repo.findUser(db, id);
  if (!user) throw AppError.notFound('Brugeren findes ikke');
  return user;
}

export const listUsers = repo.listUsers;

/**
 * GET /api/user/usersinrole/{role}: the people holding a role as the screens list them (id, name, initials and
 * department: ZRoleMember), for the roles the user may list (mayListRole; 403 otherwise).
 */
export async function listRoleMembers(db: Db, role: string, user: Pick<SessionUser, 'roles'>): Promise<TRoleMember[]> {
  if (!mayListRole(user.roles, role)) throw AppError.forbidden(USER_MESSAGES.roleListRefused);
  return (await repo.listUsers(db, role)).map(({ id, name, initials, departmentGuid, departmentName }) => ({
    id,
    name,
    initials,
    departmentGuid,
    departmentName,
  }));
}

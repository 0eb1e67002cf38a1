import { API_MESSAGES } from '@/domain/lib/api-error';
import { guidOrNull } from '@/domain/lib/guid';
import { toFieldErrors } from '@/domain/lib/validation';
import { newUserPasswordMessage, passwordChannel, resetPasswordMessage, type PasswordMessage } from '@/domain/users/user-messages';
import {
  USER_MESSAGES,
  userRoleIssues,
  type TLogin,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@/domain/users/user.schemas';
import { dummyPasswordHash, generatePassword, hashPassword, needsRehash, verifyPassword } from '@/server/auth/passwords';
import { createSession, destroySession, destroyUserSessions, type SessionUser } from '@/server/auth/sessions';
import { assertNotThrottled, clearAttempts, recordAttempt } from '@/server/auth/throttle';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { enqueueMessage } from '@/server/integrations/outbox/outbox.repo';
import { toInternationalPhone } from '@/server/integrations/sms/sms-gateway';
import * as repo from './users.repo';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const LOGIN_LIMIT_PER_IDENTIFIER = 5;
const LOGIN_LIMIT_PER_ADDRESS = 30;
const RESET_LIMIT_PER_IDENTIFIER = 3;
const RESET_LIMIT_PER_ADDRESS = 10;

export async function login(db: Db, input: TLogin, meta: RequestMeta, ttlHours: number): Promise<{ token: string; user: TUser }> {
  const idKey = `login:id:${input.Email.trim().toLowerCase()}`;
  const ipKey = `login:ip:${meta.ip}`;
  await assertNotThrottled(db, [
    { key: idKey, limit: LOGIN_LIMIT_PER_IDENTIFIER },
    { key: ipKey, limit: LOGIN_LIMIT_PER_ADDRESS },
  ]);
  const found = await repo.findByLogin(db, input.Email);
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.Password);
  if (!found || !valid) {
    await recordAttempt(db, [idKey, ipKey]);
    throw AppError.unauthorized(API_MESSAGES.invalidCredentials);
  }
  const token = await db.transaction(async (tx) => {
    await clearAttempts(tx, idKey);
    await repo.touchLastLogin(tx, found.id);
    if (needsRehash(found.passwordHash)) await repo.setPasswordHash(tx, found.id, await hashPassword(input.Password));
    return createSession(tx, found.id, ttlHours, meta);
  });
  return { token, user: (await repo.findUser(db, found.id))! };
}

export async function logout(db: Db, user: SessionUser | null): Promise<void> {
  if (user) await destroySession(db, user.tokenHash);
}

async function queuePassword(tx: DbOrTx, user: repo.CredentialRow | (repo.UserValues & { id?: string }), kind: string, message: PasswordMessage) {
  const channel = passwordChannel(user);
  if (channel === 'SMS') {
    await enqueueMessage(tx, { channel, kind, recipient: toInternationalPhone(user.phone), body: message.text });
  } else if (channel === 'EMAIL') {
    await enqueueMessage(tx, { channel, kind, recipient: user.email, subject: message.subject, body: message.text });
  }
  return channel;
}

/**
 * Always answers the same, whether or not the user exists. When it does, and a
 * channel the user allows reaches them, a new password is set and sent; their sessions end.
 */
export async function resetPassword(db: Db, identifier: string, meta: RequestMeta): Promise<void> {
  const idKey = `reset:id:${identifier.trim().toLowerCase()}`;
  const ipKey = `reset:ip:${meta.ip}`;
  await assertNotThrottled(db, [
    { key: idKey, limit: RESET_LIMIT_PER_IDENTIFIER },
    { key: ipKey, limit: RESET_LIMIT_PER_ADDRESS },
  ]);
  await recordAttempt(db, [idKey, ipKey]);
  const user = await repo.findByContact(db, identifier);
  if (!user || passwordChannel(user) === null) return;
  const password = generatePassword();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, hash);
    await destroyUserSessions(tx, user.id);
    await queuePassword(tx, user, 'PASSWORD_RESET', resetPasswordMessage(user, password));
  });
}

async function assertRoleRules(db: DbOrTx, user: { roles: string[]; departmentGuid: string }): Promise<void> {
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
    const constraint = (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ?? (error as { constraint?: string }).constraint;
    if (constraint === 'users_initials_unique') throw AppError.field('initials', USER_MESSAGES.initialsTaken);
    if (constraint === 'users_email_unique') throw AppError.field('email', USER_MESSAGES.emailTaken);
    throw error;
  }
}

export async function createUser(db: Db, input: TUserCreate): Promise<TUser> {
  await assertRoleRules(db, input);
  const password = input.autoPassword ? generatePassword() : input.password;
  const passwordHash = await hashPassword(password);
  const values = valuesOf(input);
  const id = await withUniqueFields(() =>
    db.transaction(async (tx) => {
      const newId = await repo.insertUser(tx, { ...values, passwordHash });
      if (input.autoPassword) await queuePassword(tx, values, 'NEW_USER_PASSWORD', newUserPasswordMessage(values, password));
      return newId;
    }),
  );
  return (await repo.findUser(db, id))!;
}

export async function updateUser(db: Db, input: TUserUpdate, actor: SessionUser): Promise<TUser> {
  await assertRoleRules(db, input);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await withUniqueFields(() =>
    db.transaction(async (tx) => {
      const updated = await repo.updateUser(tx, input.id, { ...valuesOf(input), ...(passwordHash ? { passwordHash } : {}) });
      if (!updated) throw AppError.notFound('Brugeren findes ikke');
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

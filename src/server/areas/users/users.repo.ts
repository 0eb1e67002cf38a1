import { aliasedTable, and, arrayContains, asc, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { guidOrZero } from '@/domain/lib/guid';
import { toWireDateTime } from '@/domain/lib/dates';
import type { TUser } from '@/domain/users';
import type { DbOrTx } from '@/server/db/client';
import { preparedFor } from '@/server/db/prepared';
import { updateIfCurrent, type TSaveOutcome } from '@/server/db/versioned';
import { departments, passwordResets, users } from '@/server/db/schema';

const calendarDepartments = aliasedTable(departments, 'calendar_departments');

const userColumns = {
  id: users.id,
  name: users.name,
  initials: users.initials,
  email: users.email,
  phone: users.phone,
  roles: users.roles,
  departmentGuid: users.departmentId,
  departmentCode: departments.navLocationCode,
  departmentName: departments.name,
  calendarDepartmentGuid: users.calendarDepartmentId,
  calendarDepartmentCode: calendarDepartments.navLocationCode,
  lastLogin: users.lastLogin,
  allowSms: users.allowSms,
  allowEmail: users.allowEmail,
  updateId: users.updateId,
};

type UserRow = {
  id: string;
  name: string;
  initials: string;
  email: string;
  phone: string;
  roles: string[];
  departmentGuid: string | null;
  departmentCode: string | null;
  departmentName: string | null;
  calendarDepartmentGuid: string | null;
  calendarDepartmentCode: string | null;
  lastLogin: Date | null;
  allowSms: boolean;
  allowEmail: boolean;
  updateId: string;
};

function toApi(row: UserRow): TUser {
  return {
    id: row.id,
    name: row.name,
    initials: row.initials,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    departmentId: row.departmentCode ?? '',
    departmentGuid: guidOrZero(row.departmentGuid),
    departmentName: row.departmentName ?? '',
    calendarDepartmentId: row.calendarDepartmentCode ?? '',
    calendarDepartmentGuid: guidOrZero(row.calendarDepartmentGuid),
    lastLogin: row.lastLogin ? toWireDateTime(row.lastLogin) : null,
    allowSMS: row.allowSms,
    allowEmail: row.allowEmail,
    updateId: row.updateId,
  };
}

function selectUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(calendarDepartments, eq(calendarDepartments.id, users.calendarDepartmentId));
}

export async function listUsers(db: DbOrTx, role?: string): Promise<TUser[]> {
  const rows = await selectUsers(db)
    .where(and(isNull(users.deletedAt), role ? arrayContains(users.roles, [role]) : undefined))
    .orderBy(asc(users.name));
  return rows.map(toApi);
}

/** Every page asks for the signed-in user (GET /api/user/userinfo): the statement is built and planned once. */
const userStatements = preparedFor((db) => ({
  byId: selectUsers(db)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('user_by_id'),
}));

export async function findUser(db: DbOrTx, id: string): Promise<TUser | null> {
  const [row] = await userStatements(db).byId.execute({ id });
  return row ? toApi(row) : null;
}

export interface CredentialRow {
  id: string;
  name: string;
  initials: string;
  email: string;
  phone: string;
  allowSms: boolean;
  allowEmail: boolean;
  passwordHash: string;
}

const credentialColumns = {
  id: users.id,
  name: users.name,
  initials: users.initials,
  email: users.email,
  phone: users.phone,
  allowSms: users.allowSms,
  allowEmail: users.allowEmail,
  passwordHash: users.passwordHash,
};

/** Login accepts initials or e-mail, case-insensitively. */
export async function findByLogin(db: DbOrTx, identifier: string): Promise<CredentialRow | null> {
  const key = identifier.trim().toLowerCase();
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(sql`lower(${users.initials}) = ${key}`, and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${key}`)),
      ),
    );
  return row ?? null;
}

/** The /forgot screen takes an e-mail or a phone number (with or without +45 and spaces). */
export async function findByContact(db: DbOrTx, identifier: string): Promise<CredentialRow | null> {
  const key = identifier.trim().toLowerCase();
  const digits = key.replace(/[\s-]/g, '').replace(/^(\+45|0045)(?=\d{8}$)/, '');
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${key}`), and(sql`${users.phone} <> ''`, eq(users.phone, digits))),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface UserValues {
  name: string;
  initials: string;
  email: string;
  phone: string;
  roles: string[];
  departmentId: string | null;
  calendarDepartmentId: string | null;
  allowSms: boolean;
  allowEmail: boolean;
}

export async function insertUser(db: DbOrTx, values: UserValues & { passwordHash: string }): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** Saves the user form over the copy the client read (`updateId`, db/versioned.ts); a deleted user is no row. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  updateId: string,
  values: UserValues & { passwordHash?: string },
): Promise<TSaveOutcome> {
  return updateIfCurrent(db, users, { id, updateId, scope: isNull(users.deletedAt) }, { ...values, updatedAt: sql`now()` });
}

export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function touchLastLogin(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, id));
}

export async function markUserDeleted(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findDepartmentFacts(db: DbOrTx): Promise<Map<string, { id: string; mobileService: boolean }>> {
  const rows = await db.select({ id: departments.id, mobileService: departments.mobileService }).from(departments);
  return new Map(rows.map((r) => [r.id, r]));
}

export type ResetKind = 'LINK' | 'CODE';

/** Stores a new reset and ends the user's older ones: only the newest link or code works. */
export async function insertPasswordReset(
  db: DbOrTx,
  reset: { id: string; userId: string; kind: ResetKind; tokenHash: string; validMinutes: number },
): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({
    id: reset.id,
    userId: reset.userId,
    kind: reset.kind,
    tokenHash: reset.tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${reset.validMinutes})`,
  });
  // Keep the table small: a day after expiry nobody asks about a reset any more.
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`));
}

export interface ResetRow {
  id: string;
  userId: string;
  tokenHash: string;
  used: boolean;
  expired: boolean;
  failedAttempts: number;
}

const resetColumns = {
  id: passwordResets.id,
  userId: passwordResets.userId,
  tokenHash: passwordResets.tokenHash,
  used: sql<boolean>`${passwordResets.usedAt} is not null`,
  expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
  failedAttempts: passwordResets.failedAttempts,
};

/** The reset a link's token belongs to (of a user not deleted), used or not. */
export async function findLinkReset(db: DbOrTx, tokenHash: string): Promise<ResetRow | null> {
  const [row] = await db
    .select(resetColumns)
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, tokenHash), eq(passwordResets.kind, 'LINK'), isNull(users.deletedAt)));
  return row ?? null;
}

/** The user's code reset that still works, if any. */
export async function findActiveCodeReset(db: DbOrTx, userId: string): Promise<ResetRow | null> {
  const [row] = await db
    .select(resetColumns)
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.kind, 'CODE'),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Claims one of a code's `max` guesses, in one statement: true while the code still works and has a guess left.
 * Parallel guesses each claim one, so no more than `max` are ever compared.
 */
export async function claimCodeGuess(db: DbOrTx, id: string, max: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        lt(passwordResets.failedAttempts, max),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/** After a wrong guess: a code whose guesses are all used stops working. */
export async function endCodeAfterLastGuess(db: DbOrTx, id: string, max: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gte(passwordResets.failedAttempts, max)));
}

/**
 * Uses a reset once: true for the one caller that finds it unused and unexpired (two tabs submitting the
 * same link cannot both set a password). The user's other open resets end too.
 */
export async function claimPasswordReset(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ id: passwordResets.id });
  if (rows.length === 0) return false;
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}

import { aliasedTable, and, arrayContains, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { guidOrZero } from '@/domain/lib/guid';
import { toWireDateTime } from '@/domain/lib/dates';
import type { TUser } from '@/domain/users/user.schemas';
import type { DbOrTx } from '@/server/db/client';
import { departments, users } from '@/server/db/schema';

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

export async function findUser(db: DbOrTx, id: string): Promise<TUser | null> {
  const [row] = await selectUsers(db).where(and(eq(users.id, id), isNull(users.deletedAt)));
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
      and(isNull(users.deletedAt), or(sql`lower(${users.initials}) = ${key}`, and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${key}`))),
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
        or(
          and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${key}`),
          and(sql`${users.phone} <> ''`, eq(users.phone, digits)),
        ),
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

export async function updateUser(db: DbOrTx, id: string, values: UserValues & { passwordHash?: string }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function touchLastLogin(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, id));
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

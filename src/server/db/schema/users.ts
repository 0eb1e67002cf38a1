import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updateId, updatedAt } from './columns';
import { departments } from './departments';

/**
 * Staff users. Deleting a user marks it deleted rather than removing the row,
 * since orders, journals and logs keep naming the person who did the work.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    initials: text('initials').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    calendarDepartmentId: uuid('calendar_department_id').references(() => departments.id, { onDelete: 'set null' }),
    allowSms: boolean('allow_sms').notNull().default(false),
    allowEmail: boolean('allow_email').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Changes on every save of the user form, which refuses a copy read before it (version.ts). */
    updateId: updateId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_initials_unique')
      .on(sql`lower(${t.initials})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null and ${t.email} <> ''`),
    index('users_roles').using('gin', t.roles),
  ],
);

/** Server-side sessions, so several instances share them; only a hash of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

/** Failed logins and resets per identifier and per address, for throttling across instances. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_key_at').on(t.key, t.at)],
);

/**
 * Password resets asked for on /forgot: a one-time link (e-mail) or code (SMS), valid for 30 minutes.
 * Only a SHA-256 hash of the token or code is kept; `used_at` is set when it is used, when a newer
 * reset replaces it, or when too many wrong codes were tried.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** LINK (a long token in an e-mail link) or CODE (a short number in an SMS, typed with the identifier). */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes typed against this reset; it stops working after a few. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash').on(t.tokenHash),
    index('password_resets_user').on(t.userId),
    check('password_resets_kind', sql`${t.kind} in ('LINK', 'CODE')`),
  ],
);

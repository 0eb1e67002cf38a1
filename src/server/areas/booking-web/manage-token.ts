import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { appSecrets } from '@/server/db/schema';

/**
 * The booking page's manage link (issue 41): `<order id>.<expiry>.<HMAC-SHA256 of both>`, base64url. It names one
 * order and works until its expiry; nothing is stored, and without the key no other order's link can be made.
 */
export interface ManageKey {
  secret: Buffer;
}

/** The key's row in app_secrets. */
export const MANAGE_KEY_NAME = 'booking-manage-link';
/** Where installations before migration 0031 kept the key; taken over into the database once, so sent links keep working. */
const OLD_KEY_FILE = 'booking-link.key';

/**
 * The key kept in the database (app_secrets), so every app instance on one database signs and reads the same links
 * and a backup carries it. Made once, race-free: the first instance's insert wins, every other reads that row. An
 * older installation's DATA_DIR/booking-link.key becomes the key when the database has none yet.
 */
async function loadManageKey(db: Db, dataDir: string): Promise<ManageKey> {
  const found = await readKey(db);
  if (found) return found;
  const old = await fs.promises.readFile(path.join(dataDir, OLD_KEY_FILE), 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  const value = old || randomBytes(32).toString('base64url');
  await db.insert(appSecrets).values({ name: MANAGE_KEY_NAME, value }).onConflictDoNothing({ target: appSecrets.name });
  const stored = await readKey(db);
  if (!stored) throw new Error('The manage-link key could not be stored');
  return stored;
}

async function readKey(db: Db): Promise<ManageKey | null> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, MANAGE_KEY_NAME));
  return row ? { secret: Buffer.from(row.value, 'base64url') } : null;
}

/** loadManageKey once, when first needed (a failed load is tried again on the next call). */
export function cachedManageKey(db: Db, dataDir: string): () => Promise<ManageKey> {
  let loading: Promise<ManageKey> | null = null;
  return () => {
    loading ??= loadManageKey(db, dataDir).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

const sign = (key: ManageKey, payload: string) => createHmac('sha256', key.secret).update(`manage:${payload}`).digest().subarray(0, 18);

export function createManageToken(key: ManageKey, orderId: string, expiresAt: number): string {
  const id = Buffer.from(orderId.replace(/-/g, ''), 'hex').toString('base64url');
  const payload = `${id}.${Math.floor(expiresAt / 1000).toString(36)}`;
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The order a token names, or null when it is forged, malformed or expired. */
export function readManageToken(key: ManageKey, token: string, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, expiry, mac] = parts as [string, string, string];
  const given = Buffer.from(mac, 'base64url');
  const wanted = sign(key, `${id}.${expiry}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  if (Number.parseInt(expiry, 36) * 1000 < now.getTime()) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

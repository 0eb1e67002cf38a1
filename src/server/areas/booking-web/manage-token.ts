import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The booking page's manage link (issue 41): `<order id>.<expiry>.<HMAC-SHA256 of both>`, base64url. It names one
 * order and works until its expiry; nothing is stored, and without the key no other order's link can be made.
 */
export interface ManageKey {
  secret: Buffer;
}

const KEY_FILE = 'booking-link.key';

/** The key kept in DATA_DIR (made once, readable by the server's user only), so links outlive a restart. */
export function loadManageKey(dataDir: string): ManageKey {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return { secret: Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url') };
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    try {
      fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return { secret };
    } catch {
      // Another instance made it first: use that one.
      return { secret: Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url') };
    }
  }
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

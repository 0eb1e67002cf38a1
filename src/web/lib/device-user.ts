import type { TUserInfo } from '@/domain/users/user.schemas';
import { keepsJobsOnDevice } from '@/domain/offline/device-changes';

/**
 * The signed-in fitter as the device last knew him (issue 38): without a network the app trusts it, so a reload in
 * a dead zone still opens his jobs. Kept only for users who keep jobs on the device, and only until sign-out or
 * until another user signs in on the device. Here in lib, not in an area: the session (users) and the offline area
 * both read it.
 */
const KEY = 'rudeplan:device-user';

export function deviceUser(): TUserInfo | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TUserInfo) : null;
  } catch {
    return null;
  }
}

export function rememberDeviceUser(user: TUserInfo): void {
  try {
    if (keepsJobsOnDevice(user.roles)) localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch {
    // A browser without storage keeps no user; the app then needs the network to know who is signed in.
  }
}

/** Whose copy of the jobs the device holds (set when a fitter's device starts; another user's sign-in clears it). */
const OWNER_KEY = 'rudeplan:device-owner';

export function deviceOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

export function setDeviceOwner(userId: string): void {
  try {
    localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // Without storage the copy is still emptied for another user when it is opened (device-db.ts).
  }
}

export function forgetDeviceUser(): void {
  try {
    localStorage.removeItem(KEY);
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // Nothing kept.
  }
}

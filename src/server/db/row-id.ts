import { v7 } from 'uuid';

/**
 * A new row's id, made in the app when it is needed before the insert: time-ordered (UUID version 7) like the
 * database's own default, uuid_v7() (migration 0024, which says why).
 */
export function newRowId(): string {
  return v7();
}

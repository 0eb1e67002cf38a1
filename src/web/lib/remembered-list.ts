/**
 * The order list a user last looked at (issue 39): after 'Afslut gennemsyn' the worksheet offers the next order of
 * the list the reviewer came from, instead of sending them back to hunt for it. The list's screen remembers the
 * orders it shows (this tab only: sessionStorage), the worksheet asks for the one after its own.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export interface TRememberedOrder {
  orderId: string;
  orderNr: string;
  /** Where the list's row leads (the order's worksheet). */
  target: string;
}

export interface TRememberedList {
  /** The list's address with its filter and page ('/gennemsyn?side=2'). */
  listPath: string;
  orders: TRememberedOrder[];
}

const KEY = 'rudeplan.remembered-list';

/**
 * The order after `orderId` in the list, or null when it is the list's last (or not in it: another way led to it).
 * The list's orders may already be finished by the time it is asked; `skip` names those to pass over.
 */
export function nextInList(list: TRememberedList, orderId: string, skip: ReadonlySet<string> = new Set()): TRememberedOrder | null {
  const at = list.orders.findIndex((o) => o.orderId === orderId);
  if (at < 0) return null;
  return list.orders.slice(at + 1).find((o) => !skip.has(o.orderId)) ?? null;
}

export function readRememberedList(): TRememberedList | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as TRememberedList;
    return typeof parsed.listPath === 'string' && Array.isArray(parsed.orders) ? parsed : null;
  } catch {
    return null;
  }
}

function rememberList(list: TRememberedList): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage only costs the offer of the next order.
  }
}

/** A list screen remembers the orders it shows, in their order, with its own address. */
export function useRememberedList(orders: readonly TRememberedOrder[]): void {
  const location = useLocation();
  const listPath = `${location.pathname}${location.search}`;
  const key = orders.map((o) => o.orderId).join(',');
  useEffect(() => {
    if (orders.length > 0) rememberList({ listPath, orders: orders.map(({ orderId, orderNr, target }) => ({ orderId, orderNr, target })) });
    // The ids name the list's content; a new array of the same orders is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listPath, key]);
}

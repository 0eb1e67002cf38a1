/**
 * The changes the flow's screens make to the order in progress. Each one composes the domain's
 * rules (order-items, order-pricing, who-pays, availability); nothing here decides a rule itself.
 * Steps that need the server (the catalogue's fixed lines, a payer's debitor, debitor prices)
 * run after the change and apply their answer to the order as it is by then.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { slotKindFor } from '@/domain/booking/availability';
import type { TTimeslot } from '@/domain/booking/booking.schemas';
import type { TProduct } from '@/domain/catalogue/catalogue.schemas';
import { isSetGuid, ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderType, TWhoPays } from '@/domain/orders/order-enums';
import { ITEM_NUMBERS } from '@/domain/orders/order-enums';
import { prefillCustomer } from '@/domain/orders/order-customer';
import type { TAddMode } from '@/domain/orders/order-items';
import {
  addProduct,
  isTwoManJob,
  removeItem,
  withFreeLoanCar,
  withMobileServiceProduct,
  withServiceLine,
  callsForFitting,
} from '@/domain/orders/order-items';
import { applyDebitorPrices, needsDebitorPrices } from '@/domain/orders/order-pricing';
import type { TCar, TDepartmentRef, TOrder, TOrderItem } from '@/domain/orders/order.schemas';
import { ZOrderItem } from '@/domain/orders/order.schemas';
import {
  chooseCustomerFromSearch,
  chooseDepartment,
  choosePayer,
  debitorSearchFor,
  payerDebitorLookup,
  withDebitor,
} from '@/domain/orders/who-pays';
import type { TDebitor } from '@/domain/parties/party.schemas';
import { insurersQuery, leasersQuery } from '../../../lib/car-lists';
import { fetchCatalogueItem } from '../../catalogue';
import { fetchDebitorPrices, searchDebitors } from '../../parties';
import { useOrderFlow } from './order-flow-store';

/** twoManJob follows the lines: true when any line is a two-person job. */
function withItems(order: TOrder, items: TOrderItem[]): TOrder {
  return { ...order, items, additionalData: { ...order.additionalData, twoManJob: isTwoManJob(items) } };
}

export interface ProductToAdd {
  product: TProduct;
  amount: number;
}

export function useOrderActions() {
  const { update, replace, current } = useOrderFlow();
  const queryClient = useQueryClient();

  /** A fixed catalogue line (UD, BIL001, REP6); null when the catalogue cannot answer. */
  const fixedItem = useCallback(
    (no: string): Promise<TOrderItem | null> =>
      queryClient
        .fetchQuery({ queryKey: ['product', 'item', no], queryFn: ({ signal }) => fetchCatalogueItem(no, signal), staleTime: 60 * 60_000 })
        .catch(() => null),
    [queryClient],
  );

  /** Re-prices the lines at the order's debitor (only when the order has items and a debitor). */
  const reprice = useCallback(async () => {
    const order = current();
    if (!order || !needsDebitorPrices(order)) return;
    const debitorNo = order.debitor.no;
    try {
      const prices = await fetchDebitorPrices(debitorNo, [...new Set(order.items.map((item) => item.itemNo))]);
      update((current) => (current.debitor.no === debitorNo ? withItems(current, applyDebitorPrices(current.items, prices)) : current));
    } catch {
      // The list prices stand; the lines can be priced again by choosing the debitor anew.
    }
  }, [current, update]);

  /** The service line UD follows the order type (on a fitting, callsForFitting) once the order has lines. */
  const applyServiceLine = useCallback(async () => {
    const ud = await fixedItem(ITEM_NUMBERS.SERVICE_LINE);
    update((order) => {
      if (order.items.length === 0) return order;
      const fitting = callsForFitting(order);
      if (!ud && fitting) return order;
      return withItems(order, withServiceLine(order.items, fitting, ud ?? order.items[0]!));
    });
  }, [fixedItem, update]);

  /** The payer's debitor: looked up by the who-pays rules; a failed look-up changes nothing. */
  const lookUpPayerDebitor = useCallback(async () => {
    const order = current();
    if (!order) return;
    const payer = order.additionalData.whoIsPaying;
    try {
      const [insurers, leasers] = await Promise.all([queryClient.fetchQuery(insurersQuery()), queryClient.fetchQuery(leasersQuery())]);
      const lookup = payerDebitorLookup(payer, {
        car: order.car,
        department: order.timeAndPlace.department,
        offerDebitor: order.additionalData.offerDebitor,
        insurers,
        leasers,
      });
      const search = debitorSearchFor(lookup);
      if (!search) return;
      const found: TDebitor | undefined = (await searchDebitors(search.field, search.query))[0];
      if (!found) return;
      update((current) => (current.additionalData.whoIsPaying === payer ? withDebitor(current, found) : current));
      await reprice();
    } catch {
      // Swallowed silently (document 1 section 4): the order keeps its debitor.
    }
  }, [current, queryClient, reprice, update]);

  return useMemo(
    () => ({
      replace,

      setCar(change: (car: TCar) => TCar) {
        let payerFacts = '';
        let after = '';
        let payer: TWhoPays = 'INSURANCE';
        update((order) => {
          const car = change(order.car);
          payerFacts = `${order.car.insurance}|${order.car.leaser}`;
          after = `${car.insurance}|${car.leaser}`;
          payer = order.additionalData.whoIsPaying;
          // A new order takes the customer from the car's owner (a person) where the user has typed nothing.
          const ownerOf = (c: TCar) => [c.owner, c.leasing, c.ownerAddress ?? '', c.ownerZipCode ?? '', c.ownerCity ?? ''].join('|');
          const fromOwner = !isSetGuid(order.additionalData.orderId) && ownerOf(car) !== ownerOf(order.car);
          return { ...order, car, customer: fromOwner ? prefillCustomer(order.customer, order.car, car) : order.customer };
        });
        // A new insurer or leaser means another payer account for those payers.
        if (payerFacts !== after && (payer === 'INSURANCE' || payer === 'LEASING')) void lookUpPayerDebitor();
      },

      setOrderType(orderType: TOrderType) {
        update((order) => {
          const kindChanged = slotKindFor(order.additionalData.orderType) !== slotKindFor(orderType);
          return {
            ...order,
            additionalData: { ...order.additionalData, orderType },
            // Stone chip and window replacement book different slots: a chosen slot no longer fits.
            timeAndPlace: kindChanged ? { ...order.timeAndPlace, timeSlotId: ZERO_GUID, from: null, to: null } : order.timeAndPlace,
          };
        });
        void applyServiceLine();
      },

      addProducts(products: readonly ProductToAdd[], mode: TAddMode) {
        update((order) =>
          withItems(
            order,
            products.reduce((items, p) => addProduct(items, p.product, mode, p.amount, order.additionalData.orderType), order.items),
          ),
        );
        void applyServiceLine().then(reprice);
      },

      /** The gear dialog's 'Tilføj alle': the product and its sub-items, amounts on the order raised (bulk add). */
      addWithSubItems(product: TProduct) {
        const lines: ProductToAdd[] = [
          { product, amount: 1 },
          ...product.subItems.map((sub) => ({ product: ZOrderItem.parse(sub), amount: sub.amount })),
        ];
        update((order) =>
          withItems(
            order,
            lines.reduce((items, p) => addProduct(items, p.product, 'bulk', p.amount, order.additionalData.orderType), order.items),
          ),
        );
        void applyServiceLine().then(reprice);
      },

      removeItem(itemNo: string) {
        update((order) => withItems(order, removeItem(order.items, itemNo)));
      },

      setItems(change: (items: TOrderItem[]) => TOrderItem[]) {
        update((order) => withItems(order, change(order.items)));
      },

      /** A debtor rule's payer and debitor (Debitor regelsæt), then the lines priced at the debitor. */
      applyDebitor(payer: TWhoPays, debitor: TDebitor) {
        update((order) => withDebitor(choosePayer(order, payer), debitor));
        void reprice();
      },

      chooseCustomer(debitor: TDebitor) {
        update((order) => chooseCustomerFromSearch(order, debitor));
        void reprice();
      },

      choosePayer(payer: TWhoPays) {
        update((order) => choosePayer(order, payer));
        void lookUpPayerDebitor();
      },

      setOfferDebitor(offerDebitor: boolean) {
        update((order) => ({ ...order, additionalData: { ...order.additionalData, offerDebitor } }));
        void lookUpPayerDebitor();
      },

      setDebitorField(change: (debitor: TOrder['debitor']) => TOrder['debitor']) {
        let before = '';
        let after = '';
        update((order) => {
          const debitor = change(order.debitor);
          before = order.debitor.no;
          after = debitor.no;
          return { ...order, debitor };
        });
        if (before !== after) void reprice();
      },

      async chooseDepartment(department: TDepartmentRef) {
        let changed = false;
        update((order) => {
          changed = order.timeAndPlace.department.id !== department.id;
          const next = chooseDepartment(order, department);
          // Another department has other slots: the chosen day and slot are chosen again.
          return changed
            ? { ...next, timeAndPlace: { ...next.timeAndPlace, date: null, from: null, to: null, timeSlotId: ZERO_GUID } }
            : next;
        });
        if (!changed) return;
        const zone = department.mobileService ? await fixedItem(ITEM_NUMBERS.MOBILE_SERVICE[0]) : null;
        update((order) => {
          if (department.mobileService && !zone) return order;
          if (order.items.length === 0) return order;
          return withItems(order, withMobileServiceProduct(order.items, department.mobileService, zone ?? order.items[0]!));
        });
        void reprice();
        void lookUpPayerDebitor();
      },

      async chooseSlot(date: string, slot: TTimeslot) {
        update((order) => ({ ...order, timeAndPlace: { ...order.timeAndPlace, date, from: slot.from, to: slot.to, timeSlotId: slot.id } }));
        const loanCar = slot.hasFreeCar ? await fixedItem(ITEM_NUMBERS.FREE_LOAN_CAR) : null;
        update((order) => {
          if (order.timeAndPlace.timeSlotId !== slot.id) return order;
          if (slot.hasFreeCar && !loanCar) return order;
          const items = withFreeLoanCar(order.items, slot.hasFreeCar, order.additionalData.orderType, loanCar ?? ({} as TOrderItem));
          return withItems(order, items);
        });
      },

      /**
       * A day is chosen: the slot (and its times) is chosen anew. On a fully booked day the user
       * types from and to instead, and the slot id stays all zero (booked outside a slot).
       */
      chooseDay(date: string) {
        update((order) =>
          withItems(
            { ...order, timeAndPlace: { ...order.timeAndPlace, date, from: null, to: null, timeSlotId: ZERO_GUID } },
            // No slot, so no free loan car: the rule removes the line (no product is needed for that).
            withFreeLoanCar(order.items, false, order.additionalData.orderType, {} as TOrderItem),
          ),
        );
      },

      update,
      reprice,
    }),
    [applyServiceLine, fixedItem, lookUpPayerDebitor, replace, reprice, update],
  );
}

import { formatDate, formatTime } from '../lib/dates';
import { addVat, formatDkk, oreToKroner } from '../lib/money';
import { mayEmailCustomer } from './order-customer';
import { hasFreeLoanCar } from './order-items';
import { lineTotalOre, linePayments, orderTotals } from './order-pricing';
import { ORDER_TYPE_LABELS, type TOrderType } from './order-enums';
import type { TOrder } from './order.schemas';

const hasFreeCar = (order: TOrder) => hasFreeLoanCar(order.items);

/**
 * The order payload of document 1 section 7 (printing, ERP): the order with its customer, debitor and car
 * fields and the items. `Type` is the payer; `Payment` a line's total excl. VAT after its share of the order
 * discount and `Discount_Percent` the line's whole discount (linePayments), so the payments add up to the order's total.
 */
export function orderPayload(order: TOrder) {
  const a = order.additionalData;
  const t = order.timeAndPlace;
  const payments = linePayments(order);
  return {
    Order_Id: a.orderId,
    Order_No: a.orderNr,
    Order_Status: a.orderStatus,
    Order_Date: a.created,
    Customer_Name: order.customer.name,
    Customer_Address: order.customer.address,
    Customer_ZipCode: order.customer.zipCode,
    Customer_City: order.customer.city,
    Customer_Phone: order.customer.phone ? `${order.customer.phonePrefix}${order.customer.phone}` : '',
    Customer_Email: order.customer.email,
    Debitor_No: order.debitor.no,
    Debitor_Name: order.debitor.debitorName,
    Debitor_Address: order.debitor.address,
    Debitor_ZipCode: order.debitor.zipCode,
    Debitor_City: order.debitor.city,
    Debitor_Phone: order.debitor.phone,
    Debitor_Email: order.debitor.email,
    Debitor_Cvr: order.debitor.cvr,
    Car_RegistrationNumber: order.car.registrationNumber,
    Car_Make: order.car.make,
    Car_Model: order.car.model,
    Car_VIN: order.car.vehicleIdentificationNumber,
    Car_Insurance: order.car.insurance,
    Items: order.items.map((item, index) => ({
      Description: item.description || item.name,
      Amount: item.amount,
      Payment: oreToKroner(payments[index]!.paymentOre),
      Discount_Percent: payments[index]!.discountPercent,
      ItemNo: item.itemNo,
    })),
    OrderDueDate: t.date,
    TimeSlotFrom: t.from,
    TimeSlotTo: t.to,
    Type: a.whoIsPaying,
    Order_Type: a.orderType,
    HasFreeCar: hasFreeCar(order),
  };
}

/** The receipt variant adds the department's location code, the creator and more car facts. */
export function receiptPayload(order: TOrder) {
  return {
    ...orderPayload(order),
    NavLocationCode: order.timeAndPlace.department.navLocationCode,
    CreatedBy: order.additionalData.createdBy,
    Car_Year: order.car.modelYear,
    Car_Leasing: order.car.leasing,
    Car_Leaser: order.car.leaser,
  };
}

/** The simple notification payload of document 1 section 7. */
export function notificationPayload(order: TOrder, extras: { workerName: string; comment?: string; type: string }) {
  const t = order.timeAndPlace;
  return {
    workerName: extras.workerName,
    fullName: order.customer.name,
    phone: order.customer.phone,
    email: order.customer.email,
    date: t.date,
    timeSlotFrom: t.from,
    timeSlotTo: t.to,
    address: t.department.mobileService ? t.mobileServiceLocation.address : t.department.address,
    orderNumber: order.additionalData.orderNr,
    comment: extras.comment ?? order.additionalData.externalOrderComment,
    type: extras.type,
    orderType: order.additionalData.orderType,
    orderStatus: order.additionalData.orderStatus,
    hasFreeCar: hasFreeCar(order),
  };
}

function where(order: TOrder): string {
  const t = order.timeAndPlace;
  return t.department.mobileService && t.mobileServiceLocation.address
    ? `på ${t.mobileServiceLocation.address} (mobilservice)`
    : `hos Rudeplan ${t.department.name}${t.department.address ? `, ${t.department.address}` : ''}`;
}

function when(order: TOrder): string {
  const t = order.timeAndPlace;
  if (!t.date) return '';
  const time = t.from && t.to ? ` kl. ${formatTime(t.from)}-${formatTime(t.to)}` : '';
  return `${formatDate(t.date)}${time}`;
}

/** The SMS a customer gets when a booking is made. */
export function bookingConfirmationSms(order: TOrder): string {
  const type = ORDER_TYPE_LABELS[order.additionalData.orderType as TOrderType] ?? order.additionalData.orderType;
  return (
    `Tak for din bestilling. Ordre ${order.additionalData.orderNr} (${type.toLowerCase()}) ` +
    `${when(order)} ${where(order)}. Venlig hilsen Rudeplan`
  ).replace(/\s+/g, ' ');
}

/** The lines as the customer pays them (incl. VAT), and the order discount as a line of its own. */
function itemLines(order: TOrder): string[] {
  const lines = order.items.map((item) => {
    const incl = addVat(lineTotalOre(item));
    return `${item.amount} x ${item.name || item.description} (${item.itemNo}): ${formatDkk(incl)}`;
  });
  const { discountOre } = orderTotals(order);
  if (discountOre > 0) lines.push(`Rabat: -${formatDkk(addVat(discountOre))}`);
  return lines;
}

/** Offer and confirmation e-mails: plain text, prices incl. VAT as the customer pays them. */
export function offerEmail(order: TOrder, totalInclOre: number): { subject: string; text: string } {
  return {
    subject: `Tilbud ${order.additionalData.orderNr} fra Rudeplan`,
    text: [
      `Kære ${order.customer.name || 'kunde'}`,
      '',
      `Tak for din forespørgsel. Her er vores tilbud på ${order.car.make} ${order.car.model} ${order.car.registrationNumber}`.trim() + ':',
      '',
      ...itemLines(order),
      '',
      `I alt inkl. moms: ${formatDkk(totalInclOre)}`,
      order.timeAndPlace.date ? `Foreslået tid: ${when(order)} ${where(order)}` : '',
      '',
      'Svar på denne e-mail eller ring til os for at bestille tid.',
      'Venlig hilsen Rudeplan',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

export function confirmationEmail(order: TOrder, totalInclOre: number): { subject: string; text: string } {
  return {
    subject: `Ordrebekræftelse ${order.additionalData.orderNr}`,
    text: [
      `Kære ${order.customer.name || 'kunde'}`,
      '',
      `Tak for din bestilling. Vi har booket ${when(order)} ${where(order)}.`,
      '',
      ...itemLines(order),
      '',
      `I alt inkl. moms: ${formatDkk(totalInclOre)}`,
      '',
      'Venlig hilsen Rudeplan',
    ].join('\n'),
  };
}

/** The receipt e-mail ('Send kvitteringsmail'): what was done and what it cost. */
export function receiptEmail(order: TOrder, totalInclOre: number): { subject: string; text: string } {
  return {
    subject: `Kvittering for ordre ${order.additionalData.orderNr}`,
    text: [
      `Kære ${order.customer.name || 'kunde'}`,
      '',
      `Her er din kvittering for ordre ${order.additionalData.orderNr}${order.timeAndPlace.date ? ` (${formatDate(order.timeAndPlace.date)})` : ''}.`,
      [order.car.make, order.car.model, order.car.registrationNumber].filter(Boolean).join(' '),
      '',
      ...itemLines(order),
      '',
      `I alt inkl. moms: ${formatDkk(totalInclOre)}`,
      '',
      'Tak fordi du valgte Rudeplan.',
    ].join('\n'),
  };
}

/** A free notification e-mail built from the simple notification payload. */
export function notificationEmail(order: TOrder, comment: string): { subject: string; text: string } {
  return {
    subject: `Besked om ordre ${order.additionalData.orderNr}`,
    text: [
      `Kære ${order.customer.name || 'kunde'}`,
      '',
      order.timeAndPlace.date ? `Din tid: ${when(order)} ${where(order)}.` : '',
      comment,
      '',
      'Venlig hilsen Rudeplan',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

/** The review invitation sent through the review service once an order is finished. */
export function reviewInvitationEmail(name: string, orderNr: string, reviewUrl: string): { subject: string; text: string } {
  return {
    subject: 'Hvordan gik det med din rude?',
    text: [
      `Kære ${name || 'kunde'}`,
      '',
      `Tak for dit besøg (ordre ${orderNr}). Vi vil sætte stor pris på, at du fortæller, hvordan det gik:`,
      reviewUrl,
      '',
      'Venlig hilsen Rudeplan',
    ].join('\n'),
  };
}

/**
 * The outbox message of an order's review invitation, to its customer's own address: queued when the order is
 * finished and when sent by hand (which may greet another name).
 */
export function reviewInvitationMessage(order: Pick<TOrder, 'additionalData' | 'customer'>, reviewUrl: string, name = order.customer.name) {
  const mail = reviewInvitationEmail(name, order.additionalData.orderNr, reviewUrl);
  return {
    channel: 'EMAIL',
    kind: 'REVIEW_INVITATION',
    recipient: order.customer.email,
    subject: mail.subject,
    body: mail.text,
    orderId: order.additionalData.orderId,
  } as const;
}

/**
 * Whether a review invitation may go out (document 1 section 7): only for a FINISHED order with
 * an order number, to a customer who allows e-mail and has an address, not on the company's own
 * e-mail domain and not for the one excluded debitor. Returns the reason when not.
 */
export function reviewInvitationBlocked(
  order: Pick<TOrder, 'additionalData' | 'customer' | 'debitor'>,
  rules: { ownDomain: string; excludedDebitorNo: string },
): string | null {
  if (order.additionalData.orderStatus !== 'FINISHED') return 'Ordren er ikke udført';
  if (!order.additionalData.orderNr) return 'Ordren har intet ordrenummer';
  if (!mayEmailCustomer(order.customer)) return 'EMAIL ikke tilladt';
  const domain = order.customer.email.split('@')[1]?.toLowerCase() ?? '';
  if (rules.ownDomain && (domain === rules.ownDomain.toLowerCase() || domain.endsWith(`.${rules.ownDomain.toLowerCase()}`))) {
    return 'Kunden har en e-mail i firmaets eget domæne';
  }
  if (rules.excludedDebitorNo && order.debitor.no === rules.excludedDebitorNo) return 'Debitoren modtager ikke anmeldelsesinvitationer';
  return null;
}

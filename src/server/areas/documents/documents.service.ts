import { randomUUID } from 'node:crypto';
import { DOCUMENT_MESSAGES, signedDocumentUrl } from '@/domain/documents';
import { formatPlate } from '@/domain/lib/format';
import { guidOrNull } from '@/domain/lib/guid';
import { hasFreeLoanCar } from '@/domain/orders';
import { isLocked } from '@/domain/orders';
import { sniffImageType } from '@/domain/media';
import type { TIfMatch } from '@/domain/offline';
import type { TOrder } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import type { MultipartBody } from '@/server/plugins/multipart';
import { recordOrderChange } from '@/server/areas/journal';
import { findLoanCarForAgreement, lendsForOrder } from '@/server/areas/loan-cars';
import { assertOrderVersion, getOrder, orderVersionAfter } from '@/server/areas/orders';
import { buildAdasPdf, buildLoanCarPdf, type OrderFacts, type Signing } from './documents.pdf';
import * as repo from './documents.repo';
import { checkPng, decodeSignature, drawSignaturePng, type SignatureImage } from './signature-png';

export type DocumentKind = 'ADAS' | 'LOAN_CAR';
type Actor = Pick<SessionUser, 'id' | 'initials'>;

export interface DocumentDeps {
  db: Db;
  storage: FileStorage;
}

/** A signature from the pad is a few kB; anything near this is not one. */
export const MAX_SIGNATURE_BYTES = 2 * 1024 * 1024;
/** Demo documents are drawn when read (storage key 'demo/<kind>'), so every copy of the demo database has them. */
const DEMO_PREFIX = 'demo/';

function orderFacts(order: TOrder): OrderFacts {
  const c = order.customer;
  return {
    orderNr: order.additionalData.orderNr,
    customerName: c.name,
    customerAddress: [c.address, [c.zipCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    customerPhone: c.phone ? `${c.phonePrefix && c.phonePrefix !== '+45' ? `${c.phonePrefix} ` : ''}${c.phone}` : '',
    carRegistrationNumber: formatPlate(order.car.registrationNumber),
    carMakeModel: [order.car.make, order.car.model, order.car.modelYear ?? ''].filter(Boolean).join(' '),
    departmentName: order.timeAndPlace.department.name,
  };
}

/**
 * The uploaded signature, refused when its header declares more than the 450 x 85 canvas (before a byte of
 * it is inflated) or it is not a sound PNG; decoded off the event loop.
 */
async function readSignature(body: MultipartBody): Promise<SignatureImage> {
  const file = body.file;
  if (!file || file.bytes.length === 0) throw AppError.field('file', DOCUMENT_MESSAGES.signatureMissing);
  if (file.bytes.length > MAX_SIGNATURE_BYTES) throw AppError.generic(413, DOCUMENT_MESSAGES.signatureTooLarge);
  if (sniffImageType(file.bytes) !== 'image/png') throw AppError.field('file', DOCUMENT_MESSAGES.signatureFormat);
  const checked = await checkPng(file.bytes);
  if (checked === 'OVERSIZED') throw AppError.field('file', DOCUMENT_MESSAGES.signatureOversized);
  if (!checked) throw AppError.field('file', DOCUMENT_MESSAGES.signatureUnreadable);
  return decodeSignature(file.bytes).catch(() => {
    throw AppError.field('file', DOCUMENT_MESSAGES.signatureUnreadable);
  });
}

/** The demo documents' drawn signatures, one per seed, decoded once. */
const demoSignatures = new Map<number, Promise<SignatureImage>>();

function demoSignature(seed: number): Promise<SignatureImage> {
  let image = demoSignatures.get(seed);
  if (!image) {
    image = decodeSignature(drawSignaturePng(seed));
    demoSignatures.set(seed, image);
  }
  return image;
}

async function openOrder(db: Db, orderId: string): Promise<TOrder> {
  const order = await getOrder(db, orderId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw AppError.notFound(DOCUMENT_MESSAGES.orderMissing);
    throw error;
  });
  if (isLocked(order.additionalData.orderStatus)) throw AppError.conflict(DOCUMENT_MESSAGES.orderLocked);
  return order;
}

/** A signing's answer: the signed PDF's link, and the order's version after it (the answer's ETag, issue 38). */
export interface SignedAnswer {
  link: string;
  version: string;
}

/**
 * Stores a signed PDF and links it on the order in one transaction (the file first, so a link never
 * points at nothing); answers the link. With If-Match the order's version is compared under its lock (409,
 * nothing stored).
 */
async function storeSigned(
  deps: DocumentDeps,
  order: TOrder,
  kind: DocumentKind,
  pdf: Uint8Array,
  actor: Actor,
  extra: { loanCarId?: string; properties: Record<string, string>; journalText: string; ifMatch: TIfMatch | null },
): Promise<SignedAnswer> {
  const orderId = order.additionalData.orderId;
  const id = randomUUID();
  const storageKey = `documents/${orderId}/${id}.pdf`;
  await deps.storage.put(storageKey, pdf, 'application/pdf');
  const link = signedDocumentUrl(id);
  let version = '';
  try {
    await deps.db.transaction(async (tx) => {
      const status = await repo.lockOrderStatus(tx, orderId);
      if (status === null) throw AppError.notFound(DOCUMENT_MESSAGES.orderMissing);
      if (isLocked(status)) throw AppError.conflict(DOCUMENT_MESSAGES.orderLocked);
      await assertOrderVersion(tx, orderId, extra.ifMatch);
      await repo.insertDocument(tx, {
        id,
        orderId,
        kind,
        loanCarId: extra.loanCarId ?? null,
        departmentId: guidOrNull(order.timeAndPlace.department.id),
        storageKey,
        sizeBytes: pdf.length,
        signedById: actor.id,
        signedBy: actor.initials,
      });
      const properties = Object.fromEntries(Object.entries(extra.properties).map(([k, v]) => [k, v === '$link' ? link : v]));
      await repo.mergeOrderProperties(tx, orderId, properties);
      await recordOrderChange(tx, {
        orderId,
        actor: { id: actor.id, initials: actor.initials },
        before: order,
        after: { ...order, orderProperties: { ...order.orderProperties, ...properties } },
        text: extra.journalText,
      });
      version = await orderVersionAfter(tx, orderId);
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { link, version };
}

/** `PUT /api/SignedPDF/SignCalibrationChallenges/{id}`: the ADAS disclaimer signed by the customer. */
export async function signCalibrationChallenges(
  deps: DocumentDeps,
  orderId: string,
  body: MultipartBody,
  actor: Actor,
  ifMatch: TIfMatch | null = null,
): Promise<SignedAnswer> {
  const image = await readSignature(body);
  const order = await openOrder(deps.db, orderId);
  const signing: Signing = { image, at: new Date(), witnessedBy: actor.initials };
  const pdf = await buildAdasPdf(orderFacts(order), signing);
  return storeSigned(deps, order, 'ADAS', pdf, actor, {
    properties: { signCalibrationChallenges: '$link' },
    journalText: 'Ansvarsfraskrivelse (ADAS) underskrevet',
    ifMatch,
  });
}

/** `PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId}`: the loan agreement, with the car's damages at pickup. */
export async function signLoanCar(
  deps: DocumentDeps,
  orderId: string,
  carId: string,
  body: MultipartBody,
  actor: Actor,
  ifMatch: TIfMatch | null = null,
): Promise<SignedAnswer> {
  const order = await openOrder(deps.db, orderId);
  if (!hasFreeLoanCar(order.items)) throw AppError.conflict(DOCUMENT_MESSAGES.noLoanCar);
  const image = await readSignature(body);
  const car = await findLoanCarForAgreement(deps.db, carId);
  if (!car) throw AppError.notFound(DOCUMENT_MESSAGES.carMissing);
  // The agreement is for a car the order's department lends, the one the worksheet's dialog lists.
  if (!(await lendsForOrder(deps.db, orderId, car.id))) throw AppError.conflict(DOCUMENT_MESSAGES.carNotLent);
  const signing: Signing = { image, at: new Date(), witnessedBy: actor.initials };
  const pdf = await buildLoanCarPdf(orderFacts(order), car, signing);
  return storeSigned(deps, order, 'LOAN_CAR', pdf, actor, {
    loanCarId: car.id,
    properties: { signedLoanCar: '$link', loanCarId: car.id },
    journalText: `Låneaftale underskrevet (lånebil ${formatPlate(car.regNumber)})`,
    ifMatch,
  });
}

/** A signed PDF's bytes. */
export async function readDocument(deps: DocumentDeps, documentId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const row = await repo.findDocument(deps.db, documentId);
  if (!row) throw AppError.notFound(DOCUMENT_MESSAGES.documentMissing);
  const name = row.kind === 'ADAS' ? 'ansvarsfraskrivelse' : 'laaneaftale';
  if (row.storageKey.startsWith(DEMO_PREFIX)) {
    const order = await getOrder(deps.db, row.orderId);
    const signing: Signing = {
      image: await demoSignature(order.additionalData.orderNr.length),
      at: row.createdAt,
      witnessedBy: row.signedBy,
    };
    const car = row.loanCarId ? await findLoanCarForAgreement(deps.db, row.loanCarId) : null;
    const bytes =
      row.kind === 'ADAS' ? await buildAdasPdf(orderFacts(order), signing) : await buildLoanCarPdf(orderFacts(order), car, signing);
    return { bytes, fileName: `${name}-${order.additionalData.orderNr}.pdf` };
  }
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw AppError.notFound(DOCUMENT_MESSAGES.documentMissing);
  return { bytes, fileName: `${name}-${row.id.slice(0, 8)}.pdf` };
}

/** The unsigned templates, generated by the same code as the signed documents. */
export async function template(kind: 'adas' | 'loancar'): Promise<Uint8Array> {
  return kind === 'adas' ? buildAdasPdf(null, null) : buildLoanCarPdf(null, null, null);
}

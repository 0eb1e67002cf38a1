import {
  AUTO_VALID_NOT_READY,
  AUTO_VALID_ORDER_TYPES,
  VIN_RE,
  ZVin,
  carIdOf,
  parseCarId,
  type TAutoValidOrderType,
  type TCarIdentity,
  type TCarModel,
  type TManufacturer,
  type TProduct,
  type TProductGroup,
  type TProductSearchKind,
} from '@/domain/catalogue';
import { PRODUCT_IMAGE_VERSION, productImageKind, productImageSvg } from '@/domain/catalogue';
import { normalisePlate } from '@/domain/lib/format';
import type { TCar } from '@/domain/orders';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { CarRegistry, RegisteredCar } from '@/server/integrations/car-registry/car-registry';
import { isProviderError } from '@/server/integrations/http/provider-fetch';
import type { AutoValidClient } from '@/server/integrations/vin/auto-valid';
import type { VinDecoder } from '@/server/integrations/vin/vin-decoder';
import * as cars from './cars.repo';
import * as repo from './products.repo';

/** The outside services the catalogue asks; each has a local default (see catalogue.routes.ts). */
export interface CatalogueIntegrations {
  carRegistry: CarRegistry;
  vinDecoder: VinDecoder;
  autoValid: AutoValidClient;
}

export const CATALOGUE_MESSAGES = {
  carNotFound: 'Bilen blev ikke fundet',
  /** The outside car registry gave no answer (issue 42): the user enters the car by hand. */
  registryBusy: 'Bilregistret har for mange opslag lige nu. Prøv igen om lidt, eller udfyld bilens mærke, model og årgang selv.',
  registryUnavailable: 'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
  invalidPlate: 'Nummerpladen er ugyldig',
  modelNotFound: 'Bilmodellen blev ikke fundet',
  productNotFound: 'Produktet blev ikke fundet',
  instructionNotFound: 'Der findes ingen monteringsvejledning til denne EuroCode',
  autoValidOrderType: 'Auto Valid VIN opslag kan kun bruges ved udskiftning af forrude, bagrude og tagrude',
  ticketNotFound: 'Auto Valid-opslaget blev ikke fundet',
} as const;

/** The product group Auto Valid answers with, per order type. */
const AUTO_VALID_GROUP: Record<TAutoValidOrderType, string> = {
  REPLACE_FRONT: 'Forrude',
  REPLACE_REAR: 'Bagrude',
  REPLACE_ROOF: 'Tagrude',
};

/** The group of the stone-chip repair items (REP1…REP8). */
const REPAIR_GROUP = 'Stenslag';

const PLATE_RE = /^[A-ZÆØÅ0-9]{2,8}$/;
const MAX_WORDS = 8;

export type PurchaseQuery = { registrationNumber?: string | undefined; debitorNo?: string | undefined };

function purchaseContext(query: PurchaseQuery): repo.PurchaseContext {
  const registrationNumber = query.registrationNumber ? normalisePlate(query.registrationNumber) : '';
  const debitorNo = query.debitorNo?.trim() ?? '';
  return { ...(registrationNumber ? { registrationNumber } : {}), ...(debitorNo ? { debitorNo } : {}) };
}

function wordsOf(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

function strip(items: Array<TProduct & { groupId: string | null }>): TProduct[] {
  return items.map(({ groupId: _groupId, ...item }) => item);
}

// ---------------------------------------------------------------------------
// Cars

export function listManufacturers(db: Db): Promise<TManufacturer[]> {
  return cars.listManufacturers(db);
}

export function listModels(db: Db, manuId: number): Promise<TCarModel[]> {
  return cars.listModels(db, manuId);
}

async function toCar(db: Db, car: RegisteredCar): Promise<TCar> {
  return {
    registrationNumber: car.registrationNumber,
    make: car.make,
    manuId: car.manuId,
    model: car.model,
    modId: car.modId,
    modelYear: car.modelYear,
    insurance: car.insurance,
    leasing: car.leasing,
    leaser: car.leaser,
    owner: car.owner,
    ownerAddress: car.ownerAddress,
    ownerZipCode: car.ownerZipCode,
    ownerCity: car.ownerCity,
    user: car.user,
    equipmentLine: car.equipmentLine,
    segment: car.segment,
    vehicleIdentificationNumber: car.vin,
    doorQuantity: car.doorQuantity,
    colour: car.colour,
    bodywork: car.bodywork,
    firstRegistrationDate: car.firstRegistrationDate ? `${car.firstRegistrationDate}T00:00:00` : null,
    currentOrdersOnReg: car.registrationNumber ? await cars.listOpenOrdersOnReg(db, car.registrationNumber) : [],
  };
}

function plateOf(text: string, field = 'reg'): string {
  const plate = normalisePlate(text);
  if (!PLATE_RE.test(plate)) throw AppError.field(field, CATALOGUE_MESSAGES.invalidPlate);
  return plate;
}

/**
 * The registry's car for a plate. An outside registry that gives no usable answer (rate limit, time-out, down, a
 * wrong answer) is a 424 with a Danish message saying to enter the car by hand, never a 5xx.
 */
async function lookUpPlate(integrations: CatalogueIntegrations, plate: string): Promise<RegisteredCar | null> {
  try {
    return await integrations.carRegistry.findByRegistration(plate);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    const message = error.failure === 'rate-limited' ? CATALOGUE_MESSAGES.registryBusy : CATALOGUE_MESSAGES.registryUnavailable;
    throw AppError.generic(424, message);
  }
}

/** The registration-number look-up: the registry's car with the plate's open orders. */
export async function findCarByRegistration(db: Db, integrations: CatalogueIntegrations, reg: string): Promise<TCar> {
  const car = await lookUpPlate(integrations, plateOf(reg));
  if (!car) throw AppError.notFound(CATALOGUE_MESSAGES.carNotFound);
  return toCar(db, car);
}

/** The car a VIN belongs to. */
export async function findCarByVin(db: Db, integrations: CatalogueIntegrations, vinText: string): Promise<TCar> {
  const vin = ZVin.safeParse(vinText);
  if (!vin.success) throw AppError.field('vin', vin.error.issues[0]?.message ?? CATALOGUE_MESSAGES.carNotFound);
  const car = await integrations.vinDecoder.decode(vin.data);
  if (!car) throw AppError.notFound(CATALOGUE_MESSAGES.carNotFound);
  return toCar(db, car);
}

/**
 * The identity the product look-ups take for a model in a model year. The year is not held to
 * the model's production years: registries report model years a little outside them, and
 * the product fits decide what fits.
 */
export async function getCarIdentity(db: Db, manuId: number, modId: number, modelYear: number): Promise<TCarIdentity> {
  const model = await cars.findModel(db, modId);
  if (!model || model.manuId !== manuId) throw AppError.notFound(CATALOGUE_MESSAGES.modelNotFound);
  return { carId: carIdOf(modId, modelYear), manuId, modId, modelYear };
}

// ---------------------------------------------------------------------------
// Products

/**
 * The products screen's search: every word must occur in the number, name, descriptions or
 * group name ('forrude golf'). With a car, only products that fit it, plus items that fit any
 * car (services, accessories); with a car and no text, the car's own products.
 */
export async function searchItems(db: Db, query: { search: string; carId?: string | undefined } & PurchaseQuery): Promise<TProductGroup[]> {
  const words = wordsOf(query.search);
  const car = query.carId ? parseCarId(query.carId) : null;
  if (words.length === 0 && !car) return repo.findProductGroups(db, { limit: 0 });
  return repo.findProductGroups(
    db,
    { words, ...(car ? { fit: { ...car, withUniversal: words.length > 0 } } : {}) },
    purchaseContext(query),
  );
}

/** The search by one number kind (No, EuroCode, Nags, …); codes compare without spaces and dashes. */
export async function searchByKind(db: Db, kind: TProductSearchKind, term: string, purchase: PurchaseQuery): Promise<TProductGroup[]> {
  if (kind === 'Description') {
    const words = wordsOf(term);
    return repo.findProductGroups(db, words.length ? { descriptionWords: words } : { limit: 0 }, purchaseContext(purchase));
  }
  const code = repo.compactCode(term);
  return repo.findProductGroups(db, code ? { number: { kind, term: code } } : { limit: 0 }, purchaseContext(purchase));
}

export async function autoComplete(db: Db, kind: TProductSearchKind, term: string): Promise<string[]> {
  const text = term.trim();
  if (!text || (kind !== 'Description' && !repo.compactCode(text))) return [];
  return repo.findSuggestions(db, kind, text);
}

/** One product by its exact number. */
export async function getProduct(db: Db, no: string, purchase: PurchaseQuery): Promise<TProduct> {
  const [product] = await repo.findProducts(db, { no: no.trim(), limit: 1 }, purchaseContext(purchase));
  if (!product) throw AppError.notFound(CATALOGUE_MESSAGES.productNotFound);
  return strip([product])[0]!;
}

/** Products fitting the car a VIN decodes to, VIN items first; an unknown VIN gives an empty list. */
export async function vinSearch(
  db: Db,
  integrations: CatalogueIntegrations,
  vin: string,
  purchase: PurchaseQuery,
): Promise<TProductGroup[]> {
  const car = await integrations.vinDecoder.decode(vin);
  if (!car || !car.modId || car.modelYear === null) return [];
  return repo.findProductGroups(
    db,
    { fit: { modId: car.modId, modelYear: car.modelYear, withUniversal: false }, vinItemsFirst: true },
    purchaseContext({ registrationNumber: purchase.registrationNumber || car.registrationNumber, debitorNo: purchase.debitorNo }),
  );
}

/** The stone-chip repair items (REP1…REP8). */
export async function listRepairProducts(db: Db): Promise<TProduct[]> {
  return strip(await repo.findProducts(db, { groupName: REPAIR_GROUP }));
}

export async function getInstruction(db: Db, euroCode: string): Promise<{ url: string }> {
  const url = await repo.findInstructionUrl(db, euroCode.trim());
  if (!url) throw AppError.notFound(CATALOGUE_MESSAGES.instructionNotFound);
  return { url };
}

/** A product's drawing (its group's kind) as SVG; an unknown number gets 404. */
export async function getProductImage(db: Db, no: string): Promise<{ svg: string; etag: string }> {
  const group = await repo.findProductGroupName(db, no);
  if (group === undefined) throw AppError.notFound(CATALOGUE_MESSAGES.productNotFound);
  const kind = productImageKind(group, no);
  return { svg: productImageSvg(kind), etag: `"${kind}-${PRODUCT_IMAGE_VERSION}"` };
}

// ---------------------------------------------------------------------------
// Auto Valid

function autoValidOrderType(orderType: string): TAutoValidOrderType {
  const type = AUTO_VALID_ORDER_TYPES.find((t) => t === orderType.trim().toUpperCase());
  if (!type) throw AppError.field('b', CATALOGUE_MESSAGES.autoValidOrderType);
  return type;
}

/** Starts an Auto Valid look-up for a registration number or VIN; the answer comes by polling the ticket. */
export async function createAutoValidTicket(
  integrations: CatalogueIntegrations,
  vehicle: string,
  orderType: string,
): Promise<{ ticketId: string; productGroups: TProductGroup[] }> {
  const type = autoValidOrderType(orderType);
  const text = vehicle.trim().toUpperCase();
  const key = VIN_RE.test(text) ? text : plateOf(text, 'a');
  const car = VIN_RE.test(key) ? await integrations.vinDecoder.decode(key) : await lookUpPlate(integrations, key);
  if (!car) throw AppError.notFound(CATALOGUE_MESSAGES.carNotFound);
  return { ticketId: await integrations.autoValid.createTicket(key, type), productGroups: [] };
}

/** 'NOTREADY' until the look-up has finished, then the VIN and the car's glass for the order type. */
export async function getAutoValidUpdate(
  db: Db,
  integrations: CatalogueIntegrations,
  ticketId: string,
): Promise<string | { vin: string; products: TProduct[] }> {
  const state = await integrations.autoValid.getTicket(ticketId);
  if (!state) throw AppError.notFound(CATALOGUE_MESSAGES.ticketNotFound);
  if (!state.ready) return AUTO_VALID_NOT_READY;
  const { car } = state;
  if (!car || !car.modId || car.modelYear === null) return { vin: car?.vin ?? '', products: [] };
  const products = await repo.findProducts(db, {
    groupName: AUTO_VALID_GROUP[state.orderType],
    fit: { modId: car.modId, modelYear: car.modelYear, withUniversal: false },
    vinItemsFirst: true,
  });
  return { vin: car.vin, products: strip(products) };
}

import { AUTO_VALID_ORDER_TYPES, VIN_RE, type TAutoValidOrderType } from '@/domain/catalogue';
import type { CarRegistry, RegisteredCar } from '@/server/integrations/car-registry/car-registry';
import type { VinDecoder } from './vin-decoder';

/** Where an Auto Valid look-up stands: still running, or finished with the car it identified. */
export type AutoValidState =
  { ready: false; orderType: TAutoValidOrderType } | { ready: true; orderType: TAutoValidOrderType; car: RegisteredCar | null };

/**
 * Auto Valid identifies the exact glass of a car from its VIN. A look-up is asynchronous:
 * a ticket is created, then polled until the answer is ready.
 */
export interface AutoValidClient {
  readonly name: string;
  /** `vehicle` is a normalised registration number or a VIN. */
  createTicket(vehicle: string, orderType: TAutoValidOrderType): Promise<string>;
  /** null when the id is not a ticket of this client. */
  getTicket(ticketId: string): Promise<AutoValidState | null>;
}

/**
 * How long the local look-up "takes": the client polls every 5 s, so the second poll gets the answer. Eight seconds,
 * not six: a first poll that reached a busy server a second late got the answer at once, and 'venter på svar' was
 * never shown; the user waits for the second poll either way.
 */
export const LOCAL_AUTO_VALID_DELAY_MS = 8_000;

const TICKET_RE = new RegExp(`^AV-([0-9A-Z]{1,11})-(${AUTO_VALID_ORDER_TYPES.join('|')})-([A-Z0-9ÆØÅ]{1,17})$`);

/**
 * The default, offline Auto Valid. Nothing is stored: the ticket id carries its creation time,
 * the order type and the car (`AV-<ms base 36>-<order type>-<plate or VIN>`), so every instance
 * answers any ticket the same way, and the answer is ready `delayMs` after creation.
 * The id is not a secret; altering it can only shorten the wait or ask about another car,
 * which the caller may look up anyway.
 */
export function createLocalAutoValid(options: {
  registry: CarRegistry;
  vinDecoder: VinDecoder;
  delayMs?: number;
  now?: () => number;
}): AutoValidClient {
  const delayMs = options.delayMs ?? LOCAL_AUTO_VALID_DELAY_MS;
  const now = options.now ?? (() => Date.now());
  return {
    name: 'local',
    async createTicket(vehicle, orderType) {
      return `AV-${now().toString(36).toUpperCase()}-${orderType}-${vehicle}`;
    },
    async getTicket(ticketId) {
      const match = TICKET_RE.exec(ticketId.trim().toUpperCase());
      if (!match) return null;
      const created = Number.parseInt(match[1]!, 36);
      const orderType = match[2] as TAutoValidOrderType;
      const vehicle = match[3]!;
      if (!Number.isSafeInteger(created)) return null;
      if (now() < created + delayMs) return { ready: false, orderType };
      const car = VIN_RE.test(vehicle) ? await options.vinDecoder.decode(vehicle) : await options.registry.findByRegistration(vehicle);
      return { ready: true, orderType, car };
    },
  };
}

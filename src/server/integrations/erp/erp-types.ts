import type { DeliveryOutcome } from '../email/email-transport';

/** One order handed to the ERP system: the receipt payload as JSON. */
export interface ErpMessage {
  /** The order number, used as the export's name. */
  reference: string;
  json: string;
  /** What it is (ORDER_EXPORT, TRANSFER_EXPORT, STOCK_CORRECTION_EXPORT): an ERP adapter may handle kinds differently. */
  kind?: string;
}

export interface ErpExporter {
  readonly name: string;
  /** Delivering twice does no harm: a send cut off by a crash is simply done again (no exporter says so yet). */
  readonly repeatable?: boolean;
  send(message: ErpMessage): Promise<DeliveryOutcome>;
}

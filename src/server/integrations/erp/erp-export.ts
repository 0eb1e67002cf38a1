import fs from 'node:fs/promises';
import path from 'node:path';
import type { DeliveryResult } from '../email/email-transport';

/** One order handed to the ERP system: the receipt payload as JSON. */
export interface ErpMessage {
  /** The order number, used as the export's name. */
  reference: string;
  json: string;
}

export interface ErpExporter {
  readonly name: string;
  /** Delivering twice does no harm: a send cut off by a crash is simply done again (no exporter says so yet). */
  readonly repeatable?: boolean;
  send(message: ErpMessage): Promise<DeliveryResult>;
}

/**
 * The default: a file drop, `<dir>/<orderNr>-<time>.json`, the way ERP integrations
 * commonly pick orders up. Real and local; nothing is lost when no ERP endpoint is configured.
 */
export function createFileDropExporter(dir: string): ErpExporter {
  return {
    name: 'erp-file',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.reference.replace(/[^\w-]/g, '_')}-${Date.now()}.json`);
      // Write then rename, so a reader never sees half a file.
      await fs.writeFile(`${file}.tmp`, message.json);
      await fs.rename(`${file}.tmp`, file);
      return 'SENT';
    },
  };
}

/** An HTTP endpoint taking the JSON by POST (ERP_EXPORT_URL), with an optional bearer token. */
export function createHttpErpExporter(url: string, token: string | undefined): ErpExporter {
  return {
    name: 'erp-http',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: message.json,
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`ERP answered ${response.status} ${response.statusText}`);
      return 'SENT';
    },
  };
}

export function createErpExporter(config: { ERP_EXPORT_URL?: string | undefined; ERP_EXPORT_TOKEN?: string | undefined; DATA_DIR: string }): ErpExporter {
  return config.ERP_EXPORT_URL
    ? createHttpErpExporter(config.ERP_EXPORT_URL, config.ERP_EXPORT_TOKEN)
    : createFileDropExporter(path.resolve(config.DATA_DIR, 'erp-export'));
}

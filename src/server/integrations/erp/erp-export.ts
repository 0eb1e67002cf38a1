import fs from 'node:fs/promises';
import path from 'node:path';
import type { DeliveryResult } from '../email/email-transport';
import { createBusinessCentralExporter, type BusinessCentralConfig } from './business-central';
import type { ErpExporter } from './erp-types';

export type { ErpExporter, ErpMessage } from './erp-types';

/**
 * The default: a file drop, `<dir>/<orderNr>-<time>.json`, the way ERP integrations
 * commonly pick orders up. Real and local; nothing is lost when no ERP endpoint is configured.
 */
export function createFileDropExporter(dir: string): ErpExporter {
  return {
    name: 'erp-file',
    async send(message): Promise<DeliveryResult> {
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
    async send(message): Promise<DeliveryResult> {
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

export type ErpConfig = Partial<BusinessCentralConfig> & {
  ERP_PROVIDER?: 'businesscentral' | 'http' | undefined;
  ERP_EXPORT_URL?: string | undefined;
  ERP_EXPORT_TOKEN?: string | undefined;
  DATA_DIR: string;
};

/**
 * Business Central with ERP_PROVIDER=businesscentral (the other kinds, which its standard API has no endpoint for,
 * still go to the file drop); else the HTTP endpoint with ERP_EXPORT_URL; else the file drop.
 */
export function createErpExporter(config: ErpConfig): ErpExporter {
  const fileDrop = createFileDropExporter(path.resolve(config.DATA_DIR, 'erp-export'));
  const { BC_TENANT_ID, BC_CLIENT_ID, BC_CLIENT_SECRET, BC_COMPANY_ID } = config;
  if (config.ERP_PROVIDER === 'businesscentral' && BC_TENANT_ID && BC_CLIENT_ID && BC_CLIENT_SECRET && BC_COMPANY_ID) {
    return createBusinessCentralExporter({ ...config, BC_TENANT_ID, BC_CLIENT_ID, BC_CLIENT_SECRET, BC_COMPANY_ID }, fileDrop);
  }
  return config.ERP_EXPORT_URL ? createHttpErpExporter(config.ERP_EXPORT_URL, config.ERP_EXPORT_TOKEN) : fileDrop;
}

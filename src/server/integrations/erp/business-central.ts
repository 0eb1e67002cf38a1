import { z } from 'zod';
import { describeFetchFailure, PermanentDeliveryError, readJson } from '../email/email-transport';
import type { ErpExporter } from './erp-types';

/**
 * Microsoft Dynamics 365 Business Central, API v2.0 (https://learn.microsoft.com/dynamics365/business-central/dev-itpro/
 * api-reference/v2.0/): the booked order becomes a sales order (`POST companies({id})/salesOrders`, "Create
 * salesOrders") with its lines (`POST …/salesOrders({id})/salesOrderLines`, "Create salesOrderLines"), authorised by a
 * token from Microsoft Entra ID's OAuth 2.0 client credentials flow (https://learn.microsoft.com/entra/identity-platform/
 * v2-oauth2-client-creds-grant-flow) for the scope https://api.businesscentral.dynamics.com/.default.
 *
 * Idempotent on the order number, which goes in `externalDocumentNumber`: before creating, the sales order with it is
 * looked up and reused, and only its missing lines are added, so a retry after a lost answer makes no second order.
 */
export interface BusinessCentralConfig {
  BC_TENANT_ID: string;
  BC_CLIENT_ID: string;
  BC_CLIENT_SECRET: string;
  BC_COMPANY_ID: string;
  /** The environment's name (production, sandbox …). */
  BC_ENVIRONMENT?: string | undefined;
  /** https://api.businesscentral.dynamics.com by default; a test points it at the fake. */
  BC_BASE_URL?: string | undefined;
  /** https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token by default. */
  BC_TOKEN_URL?: string | undefined;
  /** The customer number for an order without a debitor number (a private customer paying himself). */
  BC_DEFAULT_CUSTOMER_NUMBER?: string | undefined;
}

export const BC_SCOPE = 'https://api.businesscentral.dynamics.com/.default';

const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const ZTokenError = z.object({ error: z.string().optional(), error_description: z.string().optional() });
const ZBcError = z.object({ error: z.object({ code: z.string().optional(), message: z.string().optional() }) });
const ZSalesOrder = z.object({ id: z.string(), number: z.string().optional() });
const ZLine = z.object({ lineType: z.string().optional(), lineObjectNumber: z.string().optional(), description: z.string().optional() });
const list = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) });

/** The order export's payload as the receipt writes it (receiptPayload): the fields a sales order needs. */
const ZReceipt = z.object({
  Order_No: z.string(),
  Order_Date: z.string().optional(),
  Debitor_No: z.string().optional(),
  NavLocationCode: z.string().optional(),
  Items: z.array(z.object({ Description: z.string(), Amount: z.number(), Payment: z.number(), ItemNo: z.string() })).default([]),
});
type TReceipt = z.infer<typeof ZReceipt>;

/** A quoted OData string literal: a single quote is doubled. */
const odataString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The sales order lines of an order: an item line per item (net unit price excl. VAT, after its discount), a comment line for free text. */
export function salesOrderLines(receipt: TReceipt, locationId: string | null) {
  return receipt.Items.map((item) =>
    item.ItemNo
      ? {
          lineType: 'Item',
          lineObjectNumber: item.ItemNo,
          description: item.Description.slice(0, 100),
          quantity: item.Amount,
          unitPrice: item.Amount ? Math.round((item.Payment / item.Amount) * 100) / 100 : 0,
          ...(locationId ? { locationId } : {}),
        }
      : { lineType: 'Comment', description: item.Description.slice(0, 100) },
  );
}

type Line = ReturnType<typeof salesOrderLines>[number];
const lineKey = (line: z.infer<typeof ZLine> | Line) =>
  line.lineType === 'Comment' ? `C:${line.description ?? ''}` : `I:${('lineObjectNumber' in line ? line.lineObjectNumber : '') ?? ''}`;

/** The lines not yet on the sales order: each wanted line uses up one existing line with the same item (or comment). */
export function missingLines(wanted: Line[], existing: Array<z.infer<typeof ZLine>>): Line[] {
  const left = new Map<string, number>();
  for (const line of existing) left.set(lineKey(line), (left.get(lineKey(line)) ?? 0) + 1);
  return wanted.filter((line) => {
    const n = left.get(lineKey(line)) ?? 0;
    if (n === 0) return true;
    left.set(lineKey(line), n - 1);
    return false;
  });
}

export function createBusinessCentralExporter(
  config: BusinessCentralConfig,
  others: ErpExporter,
  options: { timeoutMs?: number } = {},
): ErpExporter {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = `${(config.BC_BASE_URL ?? 'https://api.businesscentral.dynamics.com').replace(/\/$/, '')}/v2.0/${encodeURIComponent(config.BC_TENANT_ID)}/${encodeURIComponent(config.BC_ENVIRONMENT ?? 'production')}/api/v2.0/companies(${config.BC_COMPANY_ID})`;
  const tokenUrl = config.BC_TOKEN_URL ?? `https://login.microsoftonline.com/${encodeURIComponent(config.BC_TENANT_ID)}/oauth2/v2.0/token`;
  let token: { value: string; until: number } | null = null;
  const locations = new Map<string, string>();

  async function call(provider: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Error(describeFetchFailure(provider, error, timeoutMs), { cause: error });
    }
  }

  /** A token by client credentials, kept until a minute before it expires. */
  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.until) return token.value;
    const response = await call('Microsoft Entra ID', tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.BC_CLIENT_ID,
        client_secret: config.BC_CLIENT_SECRET,
        scope: BC_SCOPE,
        grant_type: 'client_credentials',
      }),
    });
    const body = await readJson(response);
    const parsed = ZToken.safeParse(body);
    if (!response.ok || !parsed.success) {
      const error = ZTokenError.safeParse(body);
      const text = error.success ? (error.data.error_description ?? error.data.error ?? '') : '';
      throw new Error(`Microsoft Entra ID gav ingen adgang til Business Central (HTTP ${response.status})${text ? `: ${text}` : ''}`);
    }
    token = { value: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return token.value;
  }

  /** One API call; Business Central's own error ({error: {code, message}}) becomes the error's text. */
  async function bc<T extends z.ZodType>(path: string, schema: T, body?: object): Promise<z.infer<T>> {
    const response = await call('Business Central', `${base}/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = await readJson(response);
    if (!response.ok) {
      if (response.status === 401) token = null;
      const error = ZBcError.safeParse(answer);
      const code = error.success && error.data.error.code ? `, ${error.data.error.code}` : '';
      const text = `Business Central afviste ordren (HTTP ${response.status}${code})${error.success && error.data.error.message ? `: ${error.data.error.message}` : ''}`;
      // 400: the order itself is refused (an unknown customer or item): a retry cannot mend it, a person must.
      throw response.status === 400 ? new PermanentDeliveryError(text) : new Error(text);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new Error(`Business Central svarede ${response.status} med et uventet indhold`);
    return parsed.data as z.infer<T>;
  }

  async function locationIdOf(code: string): Promise<string> {
    const known = locations.get(code);
    if (known) return known;
    const found = await bc(`locations?$filter=${encodeURIComponent(`code eq ${odataString(code)}`)}`, list(z.object({ id: z.string() })));
    const id = found.value[0]?.id;
    if (!id) throw new PermanentDeliveryError(`Lokationen ${code} findes ikke i Business Central (afdelingens lokationskode)`);
    locations.set(code, id);
    return id;
  }

  return {
    name: 'businesscentral',
    async send(message) {
      // Transfers and stock corrections: the standard API v2.0 has no transfer orders or item journals to post them to.
      if (message.kind !== undefined && message.kind !== 'ORDER_EXPORT') return others.send(message);
      const receipt = ZReceipt.parse(JSON.parse(message.json));
      const customerNumber = receipt.Debitor_No || config.BC_DEFAULT_CUSTOMER_NUMBER;
      if (!customerNumber) throw new PermanentDeliveryError('Ordren har intet debitornummer, og BC_DEFAULT_CUSTOMER_NUMBER er ikke sat');
      const locationId = receipt.NavLocationCode ? await locationIdOf(receipt.NavLocationCode) : null;
      const filter = encodeURIComponent(`externalDocumentNumber eq ${odataString(receipt.Order_No)}`);
      const existing = (await bc(`salesOrders?$filter=${filter}`, list(ZSalesOrder))).value[0];
      const order =
        existing ??
        (await bc('salesOrders', ZSalesOrder, {
          externalDocumentNumber: receipt.Order_No,
          customerNumber,
          ...(receipt.Order_Date ? { orderDate: receipt.Order_Date.slice(0, 10) } : {}),
        }));
      const present = existing ? (await bc(`salesOrders(${order.id})/salesOrderLines`, list(ZLine))).value : [];
      for (const line of missingLines(salesOrderLines(receipt, locationId), present)) {
        await bc(`salesOrders(${order.id})/salesOrderLines`, ZLine, line);
      }
      return { status: 'SENT', providerMessageId: order.number ?? order.id };
    },
  };
}

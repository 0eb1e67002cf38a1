import { describe, expect, it } from 'vitest';
import { deliveryDetailOf, deliveryStatusOf, signGatewayApiJwt, verifyGatewayApiJwt, ZGatewayApiReport } from './gatewayapi';

/** GatewayAPI's own example token (docs/rest.rst, "Authentication token"), signed with the secret "secret". */
const DOCUMENTED =
  'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpZCI6MjM4MTcwMywibXNpc2RuIjo0NTQyNjA5MDQ1LCJ0aW1lIjoxNTIyNzY0MDYyLCJzdGF0dXMiOiJERUxJVkVSRUQiLCJlcnJvciI6bnVsbCwiY29kZSI6bnVsbCwidXNlcnJlZiI6bnVsbCwiY2FsbGJhY2tfdXJsIjoiaHR0cDovL2JiYWY3MTQyLm5ncm9rLmlvIiwiYXBpIjo0fQ.KdfDH65bnQtgxEkFnpAQodOciAJedZFB13r9wEo8t3Y';

describe('GatewayAPI webhook JWT', () => {
  it("verifies GatewayAPI's documented example token and reads its report", () => {
    const claims = verifyGatewayApiJwt(DOCUMENTED, 'secret');
    expect(claims).toMatchObject({ id: 2381703, msisdn: 4542609045, status: 'DELIVERED' });
    expect(ZGatewayApiReport.parse(claims)).toMatchObject({ id: '2381703', status: 'DELIVERED' });
  });

  it('refuses another secret, a changed payload, alg none, an expired token and no token', () => {
    expect(verifyGatewayApiJwt(DOCUMENTED, 'other')).toBeNull();
    const [head, , signature] = DOCUMENTED.split('.');
    const changed = Buffer.from(JSON.stringify({ id: 2381703, status: 'UNDELIVERABLE' })).toString('base64url');
    expect(verifyGatewayApiJwt(`${head}.${changed}.${signature}`, 'secret')).toBeNull();
    expect(verifyGatewayApiJwt(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${changed}.`, 'secret')).toBeNull();
    expect(verifyGatewayApiJwt(signGatewayApiJwt({ id: 1, status: 'DELIVERED', exp: 1000 }, 'secret'), 'secret', 2_000_000)).toBeNull();
    expect(verifyGatewayApiJwt(undefined, 'secret')).toBeNull();
    expect(verifyGatewayApiJwt(DOCUMENTED, undefined)).toBeNull();
    expect(verifyGatewayApiJwt('a.b', 'secret')).toBeNull();
  });
});

describe('GatewayAPI delivery states', () => {
  const report = (status: string, error?: string, code?: string) => ZGatewayApiReport.parse({ id: 1, status, error, code });

  it('maps the final states to delivered or not, and ignores the transient ones', () => {
    expect(deliveryStatusOf(report('DELIVERED'))).toBe('DELIVERED');
    expect(deliveryStatusOf(report('ACCEPTED'))).toBe('DELIVERED');
    for (const s of ['UNDELIVERABLE', 'EXPIRED', 'REJECTED', 'DELETED', 'SKIPPED']) expect(deliveryStatusOf(report(s))).toBe('UNDELIVERED');
    for (const s of ['UNKNOWN', 'SCHEDULED', 'BUFFERED', 'ENROUTE']) expect(deliveryStatusOf(report(s))).toBeNull();
  });

  it('words the detail from the state, error and code', () => {
    expect(deliveryDetailOf(report('REJECTED', 'Call barred', '0x1011'))).toBe('REJECTED · Call barred · 0x1011');
    expect(deliveryDetailOf(report('DELIVERED'))).toBe('DELIVERED');
  });
});

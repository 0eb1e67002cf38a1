import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { isSetGuid } from '@/domain/lib/guid';
import type { TWhoPays } from '@/domain/orders/order-enums';
import { WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import { danishList } from '@/domain/orders/order-customer';
import type { TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { payerOfDebitorRule } from '@/domain/rule-sets/rule-sets';
import { useDebitorRuleMatch } from '../../rule-sets';
import { useDebitorByNo } from '../../parties';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';

/** Why a row of Debitor regelsæt applies to the car: 'ejer Ayvens LEASING og forsikring Tryg'. */
export function debitorRuleReason(rule: Pick<TDebitorRuleSet, 'user' | 'owner' | 'leasing' | 'insurrance'>): string {
  const parts: Array<[string, string]> = [
    ['bruger', rule.user],
    ['ejer', rule.owner],
    ['leasingselskab', rule.leasing],
    ['forsikring', rule.insurrance],
  ];
  return danishList(parts.filter(([, value]) => value.trim() !== '').map(([what, value]) => `${what} ${value.trim()}`));
}

export interface TDebitorRule {
  /** The payer a mandatory rule fixes once the order follows it: the payer choices and the debitor search are locked. */
  lockedPayer: TWhoPays | null;
  /** What the rule says, shown under 'Hvem betaler'; null when no rule applies. */
  note: ReactNode;
}

/**
 * The debtor rule for the car's user, owner, leasing company and insurer (Debitor regelsæt, document 3), asked with
 * POST /api/debitorruleset/match:
 * - a mandatory rule sets the payer and the debitor of a new order and locks both, saying why;
 * - on an order already saved with another payer it warns and offers the rule's debitor (the server keeps the
 *   payer as saved, and refuses any other change of it);
 * - a rule that is not mandatory offers its debitor with one click.
 */
export function useDebitorRule(): TDebitorRule {
  const { order } = useOrderFlow();
  const actions = useOrderActions();
  const car = order.car;
  const rule = useDebitorRuleMatch({ user: car.user, owner: car.owner, leaser: car.leaser, insurance: car.insurance }).data ?? null;
  const debitorLookUp = useDebitorByNo(rule?.debitor ?? null);
  const debitor = debitorLookUp.data ?? null;
  // The look-up is done and the register has no such customer number (a row of Debitor regelsæt to correct).
  const debitorMissing = debitorLookUp.isSuccess && debitor === null;
  const payer = rule ? payerOfDebitorRule(rule.type) : null;
  const follows = rule !== null && order.debitor.no.trim() === rule.debitor.trim() && order.additionalData.whoIsPaying === payer;
  const isNew = !isSetGuid(order.additionalData.orderId);

  // A mandatory rule decides a new order's payer as soon as it is known (once per rule and debitor).
  const applied = useRef<string | null>(null);
  const mandatoryForNew = rule?.isMandatory === true && isNew;
  useEffect(() => {
    if (!mandatoryForNew || !rule || !debitor || !payer || follows) return;
    const key = `${rule.id}|${debitor.no}|${payer}`;
    if (applied.current === key) return;
    applied.current = key;
    actions.applyDebitor(payer, debitor);
  }, [mandatoryForNew, rule, debitor, payer, follows, actions]);

  if (!rule || !payer) return { lockedPayer: null, note: null };
  const name = debitor ? `${debitor.debitorName} (kundenr. ${debitor.no})` : `kundenr. ${rule.debitor}`;
  const how = `${name} som ${WHO_PAYS_LABELS[payer]}`;
  const says = `Debitor regelsæt: biler med ${debitorRuleReason(rule)} betales af ${how}.`;
  const use = debitor ? (
    <Button size="xs" variant="light" onClick={() => actions.applyDebitor(payer, debitor)} style={{ alignSelf: 'flex-start' }}>
      Brug {debitor.debitorName}
    </Button>
  ) : null;

  if (rule.isMandatory && follows) {
    return {
      lockedPayer: payer,
      note: (
        <Alert color="blue" p="xs" title="Obligatorisk debitor" icon={<IconLock size={16} aria-hidden />}>
          <Text size="sm">{says} Betaler og debitor kan ikke ændres.</Text>
        </Alert>
      ),
    };
  }
  if (rule.isMandatory) {
    return {
      lockedPayer: null,
      note: (
        <Alert color="yellow" p="xs" title="Obligatorisk debitor">
          <Stack gap={6}>
            <Text size="sm">
              {says}{' '}
              {debitorMissing
                ? `Kundenr. ${rule.debitor.trim()} findes ikke i debitorregistret. Bed en administrator rette Debitor regelsæt.`
                : isNew
                  ? 'Debitoren hentes …'
                  : 'Ordren er gemt med en anden betaler; skiftes betaleren, skal det være til denne debitor.'}
            </Text>
            {isNew ? null : use}
          </Stack>
        </Alert>
      ),
    };
  }
  if (follows) return { lockedPayer: null, note: null };
  return {
    lockedPayer: null,
    note: (
      <Alert color="gray" p="xs" title="Forslag fra Debitor regelsæt">
        <Stack gap={6}>
          <Text size="sm">{`Debitor regelsæt: biler med ${debitorRuleReason(rule)} kan betales af ${how}.`}</Text>
          {use}
        </Stack>
      </Alert>
    ),
  };
}

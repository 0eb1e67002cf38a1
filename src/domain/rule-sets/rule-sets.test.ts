import { describe, expect, it } from 'vitest';
import { RULE_SET_MESSAGES, ZCarRuleInput, ZRuleSetInput, type TCarRule } from './rule-set.schemas';
import { carAcceptance, matchDebitorRule, payerOfDebitorRule, ruleName, ruleSetError } from './rule-sets';

const rule = (fields: Partial<TCarRule>): TCarRule => {
  const input = ZCarRuleInput.parse({ carMake: 'Tesla', ...fields });
  return { id: fields.id ?? 'r', ruleName: ruleName(input), ...input, updateId: 'v1' };
};
const set = (rules: TCarRule[], alertMessage = 'Vi tager ikke denne bil') => ({ alertMessage, rules });
const tesla = (carModel = 'Model 3', orderType = 'REPLACE_FRONT') => ({ carMake: 'Tesla', carModel, orderType });

describe('ruleName and ruleSetError', () => {
  it('names a rule from its meaning, make and model', () => {
    expect(ruleName({ isWorkAllowed: false, carMake: 'Tesla', carModel: '' })).toBe('Work_Not_Allowed_Tesla');
    expect(ruleName({ isWorkAllowed: true, carMake: 'Volkswagen', carModel: 'Golf' })).toBe('Work_Allowed_Volkswagen_Golf');
  });

  it('needs a name, an alert, a department and a rule', () => {
    const complete = ZRuleSetInput.parse({
      ruleSetName: 'Ingen Tesla',
      alertMessage: 'Ikke Tesla her',
      departmentIds: ['7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11'],
      ruleIds: ['7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a12'],
    });
    expect(ruleSetError(complete)).toBeNull();
    expect(ruleSetError({ ...complete, ruleIds: [] })).toBe(RULE_SET_MESSAGES.missingValues);
    expect(ruleSetError({ ...complete, alertMessage: ' ' })).toBe(RULE_SET_MESSAGES.missingValues);
  });
});

describe('carAcceptance', () => {
  it('takes every car in a department without rule sets, and a make without a rule', () => {
    expect(carAcceptance(tesla(), [])).toEqual({ accepted: true, minimumWorkLength: 0 });
    expect(
      carAcceptance({ carMake: 'Volvo', carModel: 'V60', orderType: 'REPLACE_FRONT' }, [set([rule({ isWorkAllowed: false })])]).accepted,
    ).toBe(true);
  });

  it("refuses a make its rule does not allow, with the set's alert", () => {
    expect(carAcceptance(tesla(), [set([rule({ isWorkAllowed: false })], 'Tesla repareres i Aarhus')])).toEqual({
      accepted: false,
      alertMessage: 'Tesla repareres i Aarhus',
    });
    expect(carAcceptance({ ...tesla(), carMake: ' tesla ' }, [set([rule({ isWorkAllowed: false })], '')])).toEqual({
      accepted: false,
      alertMessage: RULE_SET_MESSAGES.defaultAlert,
    });
  });

  it('lets a model rule beat a make rule', () => {
    const sets = [set([rule({ isWorkAllowed: false }), rule({ carModel: 'Model 3', isWorkAllowed: true })])];
    expect(carAcceptance(tesla('Model 3'), sets).accepted).toBe(true);
    expect(carAcceptance(tesla('Model S'), sets).accepted).toBe(false);
  });

  it('refuses the window a rule disallows, and keeps the largest minimum work length', () => {
    const noRoof = [set([rule({ disallowRoofWindowWork: true, minimumWorkLength: 2 })]), set([rule({ minimumWorkLength: 3 })])];
    expect(carAcceptance(tesla('Model 3', 'REPLACE_ROOF'), noRoof).accepted).toBe(false);
    expect(carAcceptance(tesla('Model 3', 'REPLACE_FRONT'), noRoof)).toEqual({ accepted: true, minimumWorkLength: 3 });
    expect(carAcceptance(tesla('Model 3', 'SALE'), [set([rule({ disallowFrontWindowWork: true })])]).accepted).toBe(true);
    expect(carAcceptance(tesla('Model 3', 'REPAIR'), [set([rule({ disallowFrontWindowWork: true })])]).accepted).toBe(false);
  });
});

describe('matchDebitorRule', () => {
  const row = (
    fields: Partial<{ user: string; owner: string; leasing: string; insurrance: string; debitor: string; isMandatory: boolean }>,
  ) => ({
    user: '',
    owner: '',
    leasing: '',
    insurrance: '',
    debitor: '20001',
    isMandatory: false,
    ...fields,
  });
  const car = { user: 'Jens Jensen', owner: 'LeasePlan Danmark A/S', leaser: 'LeasePlan Danmark A/S', insurance: 'Tryg' };

  it('matches on every filled field, case and spaces ignored, and needs a debitor', () => {
    expect(matchDebitorRule(car, [row({ leasing: 'leaseplan danmark a/s ' })])).not.toBeNull();
    expect(matchDebitorRule(car, [row({ leasing: 'LeasePlan Danmark A/S', insurrance: 'Codan' })])).toBeNull();
    expect(matchDebitorRule(car, [row({})])).toBeNull();
    expect(matchDebitorRule(car, [row({ insurrance: 'Tryg', debitor: '' })])).toBeNull();
  });

  it('prefers the more specific row, then a mandatory one', () => {
    const general = row({ insurrance: 'Tryg', debitor: '1', isMandatory: true });
    const specific = row({ insurrance: 'Tryg', owner: 'LeasePlan Danmark A/S', debitor: '2' });
    expect(matchDebitorRule(car, [general, specific])?.debitor).toBe('2');
    const optional = row({ insurrance: 'Tryg', debitor: '3' });
    expect(matchDebitorRule(car, [optional, general])?.debitor).toBe('1');
  });

  it('pays as insurance or leasing for those types, else as a debitor', () => {
    expect(payerOfDebitorRule('INSURANCE')).toBe('INSURANCE');
    expect(payerOfDebitorRule('LEASING')).toBe('LEASING');
    expect(payerOfDebitorRule('MIXED')).toBe('DEBITOR');
    expect(payerOfDebitorRule('')).toBe('DEBITOR');
  });
});

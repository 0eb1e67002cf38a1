import { describe, expect, it } from 'vitest';
import { debitorRuleReason } from './debitor-rule';

describe('debitorRuleReason', () => {
  it('names the filled parties of a debtor rule in Danish, in the order user, owner, leasing company, insurer', () => {
    expect(debitorRuleReason({ user: '', owner: ' Ayvens Danmark A/S ', leasing: '', insurrance: '' })).toBe('ejer Ayvens Danmark A/S');
    expect(debitorRuleReason({ user: '', owner: 'Ayvens Danmark A/S', leasing: '', insurrance: 'Tryg' })).toBe('ejer Ayvens Danmark A/S og forsikring Tryg');
    expect(debitorRuleReason({ user: 'Lone Kjær', owner: '', leasing: 'Arval', insurrance: 'Tryg' })).toBe('bruger Lone Kjær, leasingselskab Arval og forsikring Tryg');
  });
});

import { describe, expect, it } from 'vitest';
import { ROLES } from '../users';
import { canOpen, landingPath, menuFor, SCREENS } from './screens';

describe('screen access', () => {
  it('lands each demo user on the first screen its roles may open', () => {
    expect(landingPath(['Adminstrator'])).toBe('/');
    expect(landingPath(['CustomerService'])).toBe('/');
    expect(landingPath(['Stock'])).toBe('/');
    expect(landingPath(['ReviewManager'])).toBe('/pending');
    expect(landingPath(['TimeManagement'])).toBe('/departments');
    expect(landingPath(['Complaint'])).toBe('/complaints');
    expect(landingPath(['VINSearch'])).toBe('/delivery-time');
  });

  it('shows exactly the menu items the roles allow', () => {
    expect(menuFor(['ReviewManager']).map((m) => m.label)).toEqual(['Gennemsyn', 'Leveringstid', 'Gl. Prisliste']);
    expect(menuFor(['Stock']).map((m) => m.label)).toEqual([
      'Forside',
      'Mobilservice Kort',
      'Kalender',
      'Vareflyt',
      'Ledige slots',
      'Leveringstid',
      'Gl. Prisliste',
    ]);
    const admin = menuFor(['Adminstrator']).map((m) => m.label);
    expect(admin).toContain('Brugeradministration');
    expect(admin.indexOf('Årsagslister')).toBe(admin.indexOf('Brugeradministration') + 1);
    expect(admin).toContain('Reklamationer');
    expect(menuFor(['CustomerService']).map((m) => m.label)).not.toContain('Brugeradministration');
    expect(menuFor(['Complaint']).map((m) => m.label)).not.toContain('Årsagslister');
    expect(
      menuFor(['Operation'])
        .filter((m) => m.top)
        .map((m) => m.label),
    ).toEqual(['Forside', 'Opgaver', 'Tilbud', 'Mobilservice Kort']);
  });

  it('keeps the worksheet open to ReviewManager but not the order flow', () => {
    expect(canOpen(SCREENS.WORKSHEET.access, ['ReviewManager'])).toBe(true);
    expect(canOpen(SCREENS.PRODUCTS.access, ['ReviewManager'])).toBe(false);
    expect(canOpen(SCREENS.LOGIN.access, null)).toBe(true);
    expect(canOpen(SCREENS.DELIVERY_TIME.access, null)).toBe(false);
  });
});

describe('the rule-set screens', () => {
  const ruleSetScreens = [SCREENS.DEPARTMENT_RULE_SET, SCREENS.DEBITOR_RULE_SET];

  it.each(ROLES.filter((role) => role !== 'Adminstrator'))('are neither opened nor in the menu for %s', (role) => {
    for (const screen of ruleSetScreens) expect(canOpen(screen.access, [role])).toBe(false);
    expect(menuFor([role]).filter((m) => m.path.endsWith('rule-set'))).toEqual([]);
  });

  it('are opened and in the menu for Adminstrator', () => {
    for (const screen of ruleSetScreens) expect(canOpen(screen.access, ['Adminstrator'])).toBe(true);
    expect(
      menuFor(['Adminstrator'])
        .filter((m) => m.path.endsWith('rule-set'))
        .map((m) => m.label),
    ).toEqual(['Afdeling reglersæt', 'Debitor regelsæt']);
  });
});

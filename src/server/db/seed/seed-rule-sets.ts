import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { carRules, debitorRuleSets, departments, ruleSetDepartments, ruleSetRules, ruleSets } from '@/server/db/schema';
import { LEASERS, leaserOwnerName } from './reference/parties';

/**
 * Rule sets a new user meets in the demo (issue 13): Esbjerg takes no Tesla, the mobile-service vans change no
 * Tesla roof windows, and cars owned by Ayvens must be paid by Ayvens's own leasing account. Loaded after the demo
 * history, which was booked before these rules existed.
 */
export async function seedRuleSets(db: DbOrTx): Promise<void> {
  const [noTesla] = await db.insert(carRules).values({ carMake: 'Tesla', isWorkAllowed: false }).returning({ id: carRules.id });
  const [noTeslaRoof] = await db
    .insert(carRules)
    .values({ carMake: 'Tesla', isWorkAllowed: true, disallowRoofWindowWork: true })
    .returning({ id: carRules.id });
  const [esbjerg] = await db.select({ id: departments.id }).from(departments).where(eq(departments.navLocationCode, 'ESB'));
  const vans = await db.select({ id: departments.id }).from(departments).where(eq(departments.mobileService, true));

  const [shopSet] = await db
    .insert(ruleSets)
    .values({ ruleSetName: 'Ingen Tesla i Esbjerg', alertMessage: 'Esbjerg kan ikke tage Tesla. Vælg venligst Kolding eller Vejle.' })
    .returning({ id: ruleSets.id });
  const [vanSet] = await db
    .insert(ruleSets)
    .values({
      ruleSetName: 'Mobilservice: ingen Tesla-tagruder',
      alertMessage: 'Mobilservice kan ikke skifte tagrude på en Tesla. Vælg venligst et værksted.',
    })
    .returning({ id: ruleSets.id });
  if (esbjerg) await db.insert(ruleSetDepartments).values({ ruleSetId: shopSet!.id, departmentId: esbjerg.id });
  if (vans.length) await db.insert(ruleSetDepartments).values(vans.map((van) => ({ ruleSetId: vanSet!.id, departmentId: van.id })));
  await db.insert(ruleSetRules).values([
    { ruleSetId: shopSet!.id, ruleId: noTesla!.id },
    { ruleSetId: vanSet!.id, ruleId: noTeslaRoof!.id },
  ]);

  const ayvens = LEASERS.find((leaser) => leaser.name.startsWith('Ayvens'));
  if (ayvens?.debitorNo) {
    await db
      .insert(debitorRuleSets)
      .values({ type: 'LEASING', owner: leaserOwnerName(ayvens.name), debitorNo: ayvens.debitorNo, isMandatory: true });
  }
}

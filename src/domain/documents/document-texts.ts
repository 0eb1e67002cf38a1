import { LOAN_TERMS } from '../loan-cars';

/**
 * The texts of the two documents the customer signs on the worksheet (document 2 section 2 and 9):
 * the ADAS calibration disclaimer and the loan-car agreement. The signed PDF and the signing dialog
 * show the same words.
 */
export const COMPANY_NAME = 'Rudeplan';

export interface DocumentText {
  title: string;
  intro: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
  /** The sentence printed just above the signature. */
  consent: string;
}

export const ADAS_DISCLAIMER: DocumentText = {
  title: 'Ansvarsfraskrivelse – kalibrering af førerassistentsystemer (ADAS)',
  intro:
    'Bilen har førerassistentsystemer (ADAS), fx nødbremse, vognbaneassistent, adaptiv fartpilot, trafikskiltgenkendelse ' +
    'og automatisk nærlys, som bruger et kamera eller en sensor bag forruden. Når forruden er skiftet eller kameraet ' +
    'har været afmonteret, skal systemerne kalibreres efter bilproducentens anvisninger, så de ser vejen rigtigt.',
  sections: [
    {
      heading: '1. Kalibreringen er ikke gennemført',
      paragraphs: [
        'Ved denne ordre har det ikke været muligt at gennemføre en godkendt kalibrering, eller kalibreringen er kun delvist ' +
          'gennemført. Årsagen kan fx være fejlkoder i bilens systemer, manglende data eller software fra producenten, bilens ' +
          'stand (dæktryk, undervogn, ændret frihøjde), vej- og vejrforhold ved dynamisk kalibrering, eller at kunden ikke ' +
          'ønsker at vente på kalibreringen.',
      ],
    },
    {
      heading: '2. Hvad det betyder for dig',
      paragraphs: [
        'Indtil en godkendt kalibrering er udført, kan førerassistentsystemerne reagere forkert, for sent eller slet ikke, og ' +
          'der kan lyse advarsler i instrumentbrættet. Systemerne kan også være slået helt fra.',
        'Du skal derfor køre med særlig opmærksomhed og må ikke stole på førerassistentsystemerne, før kalibreringen er ' +
          'gennemført. Føreren har altid selv ansvaret for at føre bilen sikkert.',
      ],
    },
    {
      heading: '3. Ansvar',
      paragraphs: [
        `${COMPANY_NAME} er ikke ansvarlig for skader, bøder, tab eller andre følger, der skyldes, at førerassistentsystemerne ` +
          'ikke virker korrekt, så længe kalibreringen ikke er gennemført. Ansvarsfraskrivelsen omfatter ikke fejl ved selve ' +
          'monteringen af ruden, som er dækket af vores almindelige garanti.',
      ],
    },
    {
      heading: '4. Ny tid til kalibrering',
      paragraphs: [
        `Du aftaler hurtigst muligt en ny tid til kalibrering med ${COMPANY_NAME}. Kalibreringen kan også udføres af et ` +
          'autoriseret mærkeværksted; dokumentationen for en godkendt kalibrering opbevares sammen med bilens servicepapirer.',
      ],
    },
  ],
  consent: 'Jeg har læst og forstået ovenstående og accepterer, at bilen udleveres uden en gennemført kalibrering.',
};

export const LOAN_CAR_AGREEMENT: DocumentText = {
  title: 'Låneaftale – lånebil',
  intro:
    `${COMPANY_NAME} udlåner bilen nedenfor, mens kundens egen bil er til rudeskift eller reparation. ` +
    'Låneren har gyldigt kørekort til bilen og er fyldt 18 år.',
  sections: [
    {
      heading: '1. Pris og kørsel',
      paragraphs: [
        `Lejen er ${LOAN_TERMS.dailyPrice} kr. pr. dag inkl. ${LOAN_TERMS.includedKm} km pr. dag.`,
        `Bilen er en elbil med en rækkevidde på ca. ${LOAN_TERMS.electricRangeKm} km på en fuld opladning; planlæg kørslen efter det.`,
      ],
    },
    {
      heading: '2. Aflevering',
      paragraphs: [`Bilen skal afleveres senest kl. ${LOAN_TERMS.returnBy} på den aftalte dag på den afdeling, hvor den blev udleveret.`],
    },
    {
      heading: '3. Skader og selvrisiko',
      paragraphs: [
        `Låneren hæfter for skader på bilen i låneperioden med en selvrisiko på ${LOAN_TERMS.excessPerDamage} kr. pr. skade.`,
        `Selvrisikoforsikring kan tilkøbes for ${LOAN_TERMS.excessWaiverPerDay} kr. pr. dag; med den bortfalder selvrisikoen.`,
        'Skader meldes straks til afdelingen. Skader markeret på tegningen nedenfor var på bilen ved udleveringen.',
      ],
    },
    {
      heading: '4. Øvrige vilkår',
      paragraphs: [
        'Bøder, afgifter og parkeringsafgifter i låneperioden betales af låneren. Rygning og dyr i bilen er ikke tilladt. ' +
          'Bilen må ikke fremlånes, bruges til motorsport eller køres uden for Danmark uden aftale.',
      ],
    },
  ],
  consent: 'Jeg har gennemgået bilen og dens skader og accepterer vilkårene i denne låneaftale.',
};

/** Labels of the two groups of damage markers on the agreement. */
export const DAMAGE_GROUP_LABELS = {
  beforeHandover: 'Skader før udlevering',
  atHandover: 'Skader registreret ved udlevering',
} as const;

export const DOCUMENT_MESSAGES = {
  signatureMissing: 'Underskriften mangler',
  signatureFormat: 'Underskriften skal være et PNG-billede',
  signatureUnreadable: 'Underskriften kunne ikke læses',
  signatureTooLarge: 'Underskriften er for stor',
  signatureOversized: 'Underskriften er større end underskriftsfeltet (højst 450 × 85 punkter)',
  documentMissing: 'Dokumentet findes ikke',
  orderMissing: 'Ordren findes ikke',
  carMissing: 'Lånebilen findes ikke',
  carNotLent: 'Lånebilen hører ikke til ordrens afdeling',
  orderLocked: 'Ordren er afsluttet og kan ikke ændres',
  noLoanCar: 'Ordren har ingen lånebil (BIL001), så der er ingen låneaftale at underskrive',
} as const;

/** The link the sign calls answer and put on the order (orderProperties). */
export function signedDocumentUrl(documentId: string): string {
  return `/api/SignedPDF/${documentId}`;
}

/** The signature canvas of the disclaimer (document 2 section 9), also the pad's default size. */
export const SIGNATURE_SIZE = { width: 450, height: 85 } as const;

/**
 * The documents area's calls (src/server/areas/documents): the customer's signature stamped into the ADAS disclaimer
 * or the loan-car agreement; each answers the signed PDF's link. A fitter's signature goes through the device (the
 * worksheet asks it first, src/web/areas/offline), which sends the same form to the same path.
 */
import { putMultipart } from '../../lib/put-multipart';

const q = encodeURIComponent;

/** The name the signature's PNG is sent under. */
export const SIGNATURE_FILE_NAME = 'signatur.png';

/** PUT /api/SignedPDF/SignCalibrationChallenges/{orderId}: the ADAS disclaimer ('Kalibreringsudfordringer'). */
export const signDisclaimerPath = (orderId: string) => `/api/SignedPDF/SignCalibrationChallenges/${q(orderId)}`;

/** PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId}: the loan-car agreement for the department's car `carId`. */
export const signLoanCarPath = (orderId: string, carId: string) => `/api/SignedPDF/SignLoanCar/${q(orderId)}/${q(carId)}`;

/** GET /api/SignedPDF/template/{kind}: the unsigned template. */
export const documentTemplateUrl = (kind: 'adas' | 'loancar') => `/api/SignedPDF/template/${kind}`;

/** The signing form: the signature's PNG as `file`. */
export function signatureForm(png?: Blob, fileName = SIGNATURE_FILE_NAME): FormData {
  const form = new FormData();
  if (png) form.append('file', png, fileName);
  return form;
}

export function signDisclaimer(orderId: string, png: Blob): Promise<string> {
  return putMultipart<string>(signDisclaimerPath(orderId), signatureForm(png));
}

export function signLoanCar(orderId: string, carId: string, png: Blob): Promise<string> {
  return putMultipart<string>(signLoanCarPath(orderId, carId), signatureForm(png));
}

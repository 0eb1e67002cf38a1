// The documents area's web room: the signed disclaimer and loan-car agreement (src/server/areas/documents). Another
// area uses it only through this file.
export {
  documentTemplateUrl,
  SIGNATURE_FILE_NAME,
  signatureForm,
  signDisclaimer,
  signDisclaimerPath,
  signLoanCar,
  signLoanCarPath,
} from './api';

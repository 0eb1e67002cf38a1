import { describe, expect, it } from 'vitest';
import { signatureForm, signDisclaimerPath, signLoanCarPath } from './api';

describe('the signing calls the worksheet and the device both send', () => {
  it("sends the signature's PNG as signatur.png", () => {
    const form = signatureForm(new Blob(['x'], { type: 'image/png' }));
    expect([...form.keys()]).toEqual(['file']);
    expect((form.get('file') as File).name).toBe('signatur.png');
  });

  it('signs the disclaimer or the agreement of one loan car of the order', () => {
    expect(signDisclaimerPath('o 1')).toBe('/api/SignedPDF/SignCalibrationChallenges/o%201');
    expect(signLoanCarPath('o1', 'c1')).toBe('/api/SignedPDF/SignLoanCar/o1/c1');
  });
});

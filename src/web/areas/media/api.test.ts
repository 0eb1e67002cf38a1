import { describe, expect, it } from 'vitest';
import { photoForm } from './api';

describe('the photo form the direct upload and the device both send', () => {
  it('names the order, the image type and the file name before the file', () => {
    const file = new Blob(['x'], { type: 'image/jpeg' });
    const form = photoForm('o1', 'DAMAGE', 'skade.jpg', file);
    expect([...form.keys()]).toEqual(['orderId', 'imageType', 'fileName', 'file']);
    expect(form.get('imageType')).toBe('DAMAGE');
    expect((form.get('file') as File).name).toBe('skade.jpg');
  });
});

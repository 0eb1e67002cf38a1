import { describe, expect, it } from 'vitest';
import { compareDanish, sortByName } from './danish-order';

describe('Danish order', () => {
  it('puts Æbeltoft, Ølstykke and Århus last, in that order, after z', () => {
    const names = ['Århus', 'Odense', 'Ølstykke', 'Zealand Glas', 'Æbeltoft', 'Esbjerg', 'Brøndby'];
    expect(sortByName(names.map((name) => ({ name }))).map((d) => d.name)).toEqual([
      'Brøndby',
      'Esbjerg',
      'Odense',
      'Zealand Glas',
      'Æbeltoft',
      'Ølstykke',
      'Århus',
    ]);
  });

  it("reads 'aa' as 'å', as Danish dictionaries do", () => {
    expect(['Aarhus', 'Aalborg', 'Vejle', 'Ølstykke'].sort(compareDanish)).toEqual(['Vejle', 'Ølstykke', 'Aalborg', 'Aarhus']);
  });

  it('leaves the list it is given as it was', () => {
    const list = [{ name: 'Å' }, { name: 'A' }];
    expect(sortByName(list).map((d) => d.name)).toEqual(['A', 'Å']);
    expect(list.map((d) => d.name)).toEqual(['Å', 'A']);
  });
});

import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import { departmentRefOf, type TDepartmentRefSource } from './department-ref';

const department: TDepartmentRefSource = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Aarhus',
  address: 'Vej 1',
  zipCode: '8000',
  city: 'Aarhus C',
  navLocationCode: 'AAR',
  mobileService: false,
  parentDepartmentId: ZERO_GUID,
  debitorId: '4711',
};

describe('departmentRefOf', () => {
  it('writes the address on one line and keeps the rest as it is', () => {
    expect(departmentRefOf(department)).toEqual({
      id: department.id,
      name: 'Aarhus',
      address: 'Vej 1, 8000 Aarhus C',
      navLocationCode: 'AAR',
      mobileService: false,
      parentDepartmentId: ZERO_GUID,
      debitorId: '4711',
    });
  });

  it('leaves out the empty parts of the address', () => {
    expect(departmentRefOf({ ...department, address: '' }).address).toBe('8000 Aarhus C');
    expect(departmentRefOf({ ...department, zipCode: '' }).address).toBe('Vej 1, Aarhus C');
    expect(departmentRefOf({ ...department, zipCode: '', city: '' }).address).toBe('Vej 1');
    expect(departmentRefOf({ ...department, address: '', zipCode: '', city: '' }).address).toBe('');
  });
});

import { debitors } from './schema';

/** The register's debitor columns as an order's debitor and a debitor search both carry them: one list, so the two never drift. */
export const debitorColumns = {
  no: debitors.no,
  debitorName: debitors.name,
  address: debitors.address,
  zipCode: debitors.zipCode,
  city: debitors.city,
  phone: debitors.phone,
  email: debitors.email,
  cvr: debitors.cvr,
};

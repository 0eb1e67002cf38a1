import { products } from './schema';

/** The product facts an order line and a catalogue answer both show: one list, so the two never drift. */
export const productLineColumns = {
  no: products.no,
  name: products.name,
  description: products.description,
  description2: products.description2,
  description3: products.description3,
  description4: products.description4,
  listPriceOre: products.listPriceOre,
  itemType: products.itemType,
  twoPersonJob: products.twoPersonJob,
  isService: products.isService,
  isVinItem: products.isVinItem,
  material: products.material,
  oeNumber: products.oeNumber,
  euroCode: products.euroCode,
};

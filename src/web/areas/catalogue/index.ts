// The catalogue's web room: the look-ups of cars and products (src/server/areas/catalogue) and the pieces that show
// them. Another area uses it only through this file.
export {
  createAutoValidTicket,
  fetchCatalogueItem,
  getAutoValidUpdate,
  useCarId,
  useCarModels,
  useCarProducts,
  useCarSearch,
  useManufacturers,
  useProductSearch,
  useProductSuggestions,
  useRepairProducts,
  useVinSearch,
} from './api';
export type { AutoValidTicket, AutoValidUpdate, ProductSearch } from './api';
export { InstructionLink, StockDialog, stockTotal, SubItemsDialog, TipsDialog } from './components/product-dialogs';
export { ProductSearchBar } from './components/product-search-bar';
export { AutoValidButton, isAutoValidType, VinSearchButton } from './components/vin-search';

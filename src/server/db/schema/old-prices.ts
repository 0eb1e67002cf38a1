import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

const money = (name: string) => integer(name);
const words = (name: string) => text(name).notNull().default('');

/**
 * 'Gl. Prisliste' (document 3, OLD_PRODUCTS, "Old product (legacy sheet)"): the legacy price sheet, one row per
 * product number, every column of the sheet kept. Amounts are øre (excl. VAT, as the sheet gives them); an empty
 * cell is NULL, not 0. Replaced or added to by an administrator's import (areas/old-prices).
 */
export const oldPrices = pgTable(
  'old_products',
  {
    id: id(),
    /** Upper case, trimmed: the key an import adds or updates by. */
    productNumber: text('product_number').notNull(),
    brand: words('brand'),
    model: words('model'),
    year: words('year'),
    comment: words('comment'),
    priceReadyOre: money('price_ready_ore'),
    price1FOre: money('price_1f_ore'),
    price2FOre: money('price_2f_ore'),
    internalComment: words('internal_comment'),
    dbNr: words('db_nr'),
    eurocode: words('eurocode'),
    oemNr: words('oem_nr'),
    autoverNr: words('autover_nr'),
    agcNr: words('agc_nr'),
    measurement: words('measurement'),
    /** Fitting time in hours. */
    timeHours: numeric('time_hours', { precision: 5, scale: 2, mode: 'number' }),
    windowReadyOre: money('window_ready_ore'),
    window1FOre: money('window_1f_ore'),
    window2FOre: money('window_2f_ore'),
    clipsOre: money('clips_ore'),
    listsOre: money('lists_ore'),
    st1St5St6Ore: money('st1_st5_st6_ore'),
    st8Ore: money('st8_ore'),
    rubberListOre: money('rubber_list_ore'),
    glueListOre: money('glue_list_ore'),
    coverStripOre: money('cover_strip_ore'),
    sensorOre: money('sensor_ore'),
    glueOre: money('glue_ore'),
    mountingOre: money('mounting_ore'),
    enviromentOre: money('enviroment_ore'),
    pK1Ore: money('pk1_ore'),
    pK2Ore: money('pk2_ore'),
    pK3Ore: money('pk3_ore'),
    pK4Ore: money('pk4_ore'),
    calibrationOre: money('calibration_ore'),
    /**
     * What the search looks in, kept by PostgreSQL: the identifying fields in lower case, then the numbers once more
     * without spaces, dashes, dots and slashes (an OEM number typed '5G0845011' finds '5G0 845 011 AH'). The columns
     * are never null, so `||` is safe and immutable.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(product_number || ' ' || brand || ' ' || model || ' ' || eurocode || ' ' || oem_nr || ' ' || autover_nr || ' ' || agc_nr || ' ' || db_nr) || ' ' || translate(lower(product_number || '|' || eurocode || '|' || oem_nr || '|' || autover_nr || '|' || agc_nr || '|' || db_nr), ' -./', '')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('old_products_product_number').on(t.productNumber),
    index('old_products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('old_products_listing').on(t.brand, t.model, t.year, t.productNumber),
    check('old_products_time', sql`${t.timeHours} >= 0`),
  ],
);

import { check, doublePrecision, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Locations of travel services (spec §3 Location): cities, airports, train stations and places
 * for hotels. Reference data shared by every company, kept in step with the module's data file
 * at start (`syncLocations`); `code` is the file's stable key ("airport:WAW", "city:pl-warszawa").
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    iataCode: text('iata_code'),
    countryCode: text('country_code').notNull(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    cityPl: text('city_pl'),
    cityEn: text('city_en'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    uniqueIndex('locations_code_unique').on(t.code),
    check('locations_type_check', sql`${t.type} in ('city', 'airport', 'train_station', 'place')`),
  ],
);

import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;
export type NewLocationRow = typeof locations.$inferInsert;

export const locationRepo = {
  async listAll(db: Executor): Promise<LocationRow[]> {
    return db.select().from(locations).orderBy(asc(locations.id));
  },

  /** Inserts new rows and updates changed ones by `code`; rows already equal are left untouched. */
  async upsert(db: Executor, rows: NewLocationRow[]): Promise<void> {
    const changed = sql`(${locations.type}, ${locations.iataCode}, ${locations.countryCode}, ${locations.namePl}, ${locations.nameEn}, ${locations.cityPl}, ${locations.cityEn}, ${locations.latitude}, ${locations.longitude})
      is distinct from (excluded.type, excluded.iata_code, excluded.country_code, excluded.name_pl, excluded.name_en, excluded.city_pl, excluded.city_en, excluded.latitude, excluded.longitude)`;
    await db
      .insert(locations)
      .values(rows)
      .onConflictDoUpdate({
        target: locations.code,
        set: {
          type: sql`excluded.type`,
          iataCode: sql`excluded.iata_code`,
          countryCode: sql`excluded.country_code`,
          namePl: sql`excluded.name_pl`,
          nameEn: sql`excluded.name_en`,
          cityPl: sql`excluded.city_pl`,
          cityEn: sql`excluded.city_en`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
        setWhere: changed,
      });
  },
};

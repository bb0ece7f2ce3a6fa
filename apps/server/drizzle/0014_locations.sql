CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" text NOT NULL,
	"iata_code" text,
	"country_code" text NOT NULL,
	"name_pl" text NOT NULL,
	"name_en" text NOT NULL,
	"city_pl" text,
	"city_en" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "locations_type_check" CHECK ("locations"."type" in ('city', 'airport', 'train_station', 'place'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code_unique" ON "locations" USING btree ("code");
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { InvoiceMatch, InvoiceVatLine } from '@delego/domain';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { delegations } from './trips.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A file of the external booking site, imported once (its rows are upserted by their key). */
export const bookingImports = pgTable(
  'booking_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    rowCount: integer('row_count').notNull(),
    createdCount: integer('created_count').notNull(),
    updatedCount: integer('updated_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('booking_imports_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A booked service (spec §3 "Booking item templates"): a flight or low-cost flight, hotel, rail,
 * car or another service, from a bought travel-service item, added by a consultant, or imported
 * from the external booking site. The fields reports group by are typed columns with indexes.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** flight | lowCost | hotel | rail | car | other (`BOOKING_KINDS`). */
    kind: text('kind').notNull(),
    /** travelService | consultant | import */
    source: text('source').notNull(),
    /** booked | ticketed | cancelled | refunded */
    status: text('status').notNull().default('booked'),
    /** The bought travel-service item it came from; one booking per item. */
    travelServiceItemId: integer('travel_service_item_id'),
    /** `source:external_booking_id:segment_seq` of an imported row, so a repeated import updates it. */
    importKey: text('import_key'),
    importId: integer('import_id').references(() => bookingImports.id),
    /** The traveller among the company's users; null while an imported traveller is not mapped. */
    userId: integer('user_id').references(() => users.id),
    travellerName: text('traveller_name').notNull(),
    travellerEmail: text('traveller_email'),
    /** `travellerKeyOf(name, email)`: how the traveller mapping finds the rows of one traveller. */
    travellerKey: text('traveller_key').notNull(),
    /** Who booked or ordered it (the travel-service orderer); sees it as their own. */
    bookedById: integer('booked_by_id').references(() => users.id),
    recordLocator: text('record_locator'),
    ticketNumber: text('ticket_number'),
    /** Airline, rail carrier, hotel chain or rental company. */
    carrier: text('carrier'),
    /** Hotel name, rental car name or the service's name. */
    name: text('name'),
    flightNumber: text('flight_number'),
    /** Flight: first | premium | business | economy | low_cost; rail: first | second | business | economy | low_cost. */
    seatClass: text('seat_class'),
    baggage: text('baggage'),
    isReturnRoute: boolean('is_return_route').notNull().default(false),
    startPlace: text('start_place'),
    endPlace: text('end_place'),
    countryCode: text('country_code'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    hotelClass: text('hotel_class'),
    address: text('address'),
    rooms: integer('rooms'),
    personsPerRoom: integer('persons_per_room'),
    roomType: text('room_type'),
    additionalServices: text('additional_services'),
    cancelUntil: timestamp('cancel_until', { withTimezone: true }),
    pricePerDay: money('price_per_day'),
    carClass: text('car_class'),
    comment: text('comment'),
    amountNet: money('amount_net'),
    vatAmount: money('vat_amount'),
    amountGross: money('amount_gross').notNull(),
    currency: text('currency').notNull().default('PLN'),
    /** companyInvoice | corporateCard | employee | centralBilling */
    paidBy: text('paid_by').notNull().default('companyInvoice'),
    costCentreId: integer('cost_centre_id'),
    projectId: integer('project_id'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_travel_item_unique')
      .on(t.companyId, t.travelServiceItemId)
      .where(sql`${t.travelServiceItemId} IS NOT NULL`),
    uniqueIndex('bookings_import_key_unique')
      .on(t.companyId, t.importKey)
      .where(sql`${t.importKey} IS NOT NULL`),
    // The list tabs and the reports (issue 11): by kind, traveller, cost centre, project and carrier, newest first.
    index('bookings_company_kind_idx').on(t.companyId, t.kind, t.startAt, t.id),
    index('bookings_company_start_idx').on(t.companyId, t.startAt, t.id),
    index('bookings_company_user_idx').on(t.companyId, t.userId, t.startAt),
    index('bookings_company_booked_by_idx').on(t.companyId, t.bookedById, t.startAt),
    index('bookings_company_cost_centre_idx').on(t.companyId, t.costCentreId, t.startAt),
    index('bookings_company_project_idx').on(t.companyId, t.projectId, t.startAt),
    index('bookings_company_carrier_idx').on(t.companyId, t.carrier, t.startAt),
    // Unmapped travellers of imports.
    index('bookings_company_unmapped_idx')
      .on(t.companyId, t.travellerKey)
      .where(sql`${t.userId} IS NULL`),
  ],
);

/**
 * A traveller named by the booking site mapped to a user (spec §2 `/booking/mapping`); later
 * imports assign that traveller's rows to the user at once.
 */
export const bookingTravellerMappings = pgTable(
  'booking_traveller_mappings',
  {
    companyId: companyId(),
    /** The e-mail in lower case, or the name in lower case without diacritics when the file has no e-mail. */
    travellerKey: text('traveller_key').notNull(),
    travellerName: text('traveller_name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.travellerKey] })],
);

/**
 * A purchase invoice of bookings and services (spec §2 `/invoices`): entered by a consultant or
 * finance, imported from the booking site's file, or received through KSeF (FA(3)).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** manual | import | ksef */
    source: text('source').notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date').notNull(),
    saleDate: date('sale_date'),
    receivedDate: date('received_date'),
    dueDate: date('due_date'),
    sellerName: text('seller_name').notNull(),
    sellerTaxId: text('seller_tax_id'),
    sellerAddress: text('seller_address'),
    sellerCountry: text('seller_country').notNull().default('PL'),
    buyerName: text('buyer_name'),
    buyerTaxId: text('buyer_tax_id'),
    currency: text('currency').notNull().default('PLN'),
    netTotal: money('net_total').notNull(),
    vatTotal: money('vat_total').notNull(),
    grossTotal: money('gross_total').notNull(),
    /** Net, VAT and gross per VAT rate. */
    vatLines: jsonb('vat_lines').$type<InvoiceVatLine[]>().notNull().default([]),
    /** KSeF FA(3): the KSeF number, invoice kind (VAT, KOR…), line names and Podmiot3 names. */
    ksefNumber: text('ksef_number'),
    invoiceKind: text('invoice_kind').notNull().default('VAT'),
    lineNames: jsonb('line_names').$type<string[]>().notNull().default([]),
    otherParties: jsonb('other_parties').$type<string[]>().notNull().default([]),
    /** The matching's suggestion (trip, employee, booking) with its reasons; kept when confirmed. */
    match: jsonb('match').$type<InvoiceMatch | null>(),
    /** none | suggested | confirmed | rejected */
    matchStatus: text('match_status').notNull().default('none'),
    /** The file: the PDF entered with the invoice, or the KSeF XML. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileContentType: text('file_content_type'),
    /** The file's bytes, counted against its uploader's quota (`createdById`); null for invoices stored before. */
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An invoice is its seller's number: a second one with the same seller and number is a duplicate.
    uniqueIndex('invoices_seller_number_unique').on(
      t.companyId,
      sql`coalesce(${t.sellerTaxId}, lower(${t.sellerName}))`,
      sql`lower(${t.number})`,
    ),
    uniqueIndex('invoices_ksef_unique')
      .on(t.companyId, t.ksefNumber)
      .where(sql`${t.ksefNumber} IS NOT NULL`),
    index('invoices_company_issue_idx').on(t.companyId, t.issueDate, t.id),
    index('invoices_company_match_idx').on(t.companyId, t.matchStatus, t.issueDate),
  ],
);

/** The bookings an invoice covers; a booking whose every invoice is missing holds its settlement's acceptance. */
export const invoiceBookings = pgTable(
  'invoice_bookings',
  {
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.bookingId] }),
    index('invoice_bookings_booking_idx').on(t.bookingId),
  ],
);

/** The settlements an invoice is a cost of (confirmed KSeF matches, or an invoice entered for a trip). */
export const invoiceDelegations = pgTable(
  'invoice_delegations',
  {
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    delegationId: integer('delegation_id')
      .notNull()
      .references(() => delegations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.delegationId] }),
    index('invoice_delegations_delegation_idx').on(t.delegationId),
  ],
);

/** The company's Comarch Optima settings for the offline ("praca rozproszona") export. */
export const optimaSettings = pgTable('optima_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** Optima's "Identyfikator Działu Sprzedaży/Płac" (BAZA_ZRD_ID). */
  sourceDatabaseId: text('source_database_id').notNull().default('DELEGO'),
  /** Optima's "Identyfikator Księgowości" (BAZA_DOC_ID). */
  targetDatabaseId: text('target_database_id').notNull().default('KSIEG'),
  purchaseRegister: text('purchase_register').notNull().default('ZAKUP'),
  settlementRegister: text('settlement_register').notNull().default('DELEGACJE'),
  defaultCategoryCode: text('default_category_code'),
  paymentForm: text('payment_form').notNull().default('przelew'),
  /** The company's NIP: the buyer KSeF invoices must name. */
  companyTaxId: text('company_tax_id'),
  updatedAt: updatedAt(),
});

/** Categories imported from Optima (`KATEGORIE`), matched by code. */
export const optimaCategories = pgTable(
  'optima_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    code: text('code').notNull(),
    generalCode: text('general_code'),
    level: text('level'),
    type: text('type'),
    description: text('description'),
    externalId: text('external_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('optima_categories_code_unique').on(t.companyId, t.code)],
);

/** Contractors imported from Optima (`KONTRAHENCI`), matched to the company's contractors by their code. */
export const optimaContractors = pgTable(
  'optima_contractors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    city: text('city'),
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('optima_contractors_code_unique').on(t.companyId, t.code),
    index('optima_contractors_tax_idx').on(t.companyId, t.taxId),
  ],
);

/** Employees imported from Optima (`PRACOWNICY`), mapped to users by their Optima code. */
export const optimaEmployees = pgTable(
  'optima_employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    externalId: text('external_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('optima_employees_code_unique').on(t.companyId, t.code),
    uniqueIndex('optima_employees_user_unique')
      .on(t.companyId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** One export file given to the accountant, with the documents it carried. */
export const optimaExports = pgTable(
  'optima_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    fileName: text('file_name').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    delegationCount: integer('delegation_count').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('optima_exports_company_idx').on(t.companyId, t.createdAt)],
);

export const optimaExportDocuments = pgTable(
  'optima_export_documents',
  {
    companyId: companyId(),
    exportId: integer('export_id')
      .notNull()
      .references(() => optimaExports.id, { onDelete: 'cascade' }),
    /** invoice | delegation */
    documentType: text('document_type').notNull(),
    documentId: integer('document_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.documentType, t.documentId] }),
    index('optima_export_documents_document_idx').on(t.companyId, t.documentType, t.documentId),
  ],
);

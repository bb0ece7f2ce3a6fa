/**
 * Texts of the spec's §8 error catalogue that the server sends in `messages`. The web finds each
 * translation by the text without punctuation and spaces (`errors.json` → `messages`, the login route's in
 * `errors.login.json`), so a text here must never change once shipped; add a new one instead.
 */
export const CATALOGUE_MESSAGES = {
  brokenNumberingIntegrity: 'Cannot be sent or accepted due to broken numbering integrity, number must be changed',
  mapsLimitsExhausted: 'Limits of the maps service exhausted, contact the administrator',
  mapQuotaExceeded: 'Map quota exceeded',
  bookingInvoicesMissing: 'Delegation cannot be accepted because invoices for attached bookings are missing',
  bookingAlreadyAttached: 'The booking was already attached',
  otherDelegationAtThatTime: 'Employee has another delegation at that time',
  unauthorisedFieldChange: 'Unauthorised field change',
  noRateForCountry: 'No stat rate for country',
  valueOutOfRange: 'Value exceeds range',
  aliasTaken: 'Alias taken',
  noRightToEditUsersOrder: "No right to edit a user's order",
  noRightToSettleEmployee: 'No right to settle an employee',
  noPermissionsOverDelegation: 'No permissions over delegation',
  noUsersAssigned: 'No users assigned',
  estimationTimeout: 'Estimation timeout',
} as const;

export type CatalogueMessage = (typeof CATALOGUE_MESSAGES)[keyof typeof CATALOGUE_MESSAGES];

/**
 * The translation key of a catalogue text (spec §8: the text without punctuation and spaces, under
 * `messages` of the `errors` namespace), for a field issue that says a catalogue text.
 */
export function catalogueIssueCode(message: CatalogueMessage): string {
  return `messages.${message.replace(/[\p{P}\s]/gu, '')}`;
}

/** Weights of the first nine NIP digits; the checksum is their weighted sum modulo 11. */
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** A NIP as typed ("123-456-32-18", "PL 1234563218") reduced to its digits, or the text unchanged when it is not one. */
export function normalizeNip(value: string): string {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return /^(PL)?\d{10}$/.test(compact) ? compact.replace(/^PL/, '') : value.trim();
}

/** Polish tax id (NIP): ten digits whose weighted sum modulo 11 equals the last digit (10 never does). */
export function isValidNip(value: string): boolean {
  const digits = normalizeNip(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

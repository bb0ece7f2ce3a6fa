/** Spec §5 Vehicle and §9: the engine capacity is an integer below 9999 cm³. */
export const ENGINE_CAPACITY_LIMIT = 9999;

export function isValidEngineCapacity(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value < ENGINE_CAPACITY_LIMIT;
}

/** Registration plates as stored: capitals, single spaces ("WA 12345"). */
export function normalizePlates(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toUpperCase();
}

/** Two plates are the same vehicle whatever their spacing ("WA12345" and "WA 12345"). */
export function platesKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

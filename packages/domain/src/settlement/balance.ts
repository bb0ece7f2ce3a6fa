import { dec } from '../common/money.ts';

/**
 * Which way the balance of a settlement goes (saldo): `payOut` — the company pays it to the employee
 * (the costs exceed the advances), `payBack` — the employee returns it (the advances exceed the costs),
 * `settled` — nothing is owed either way.
 */
export type BalanceDirection = 'payOut' | 'payBack' | 'settled';

/** The direction of a balance in PLN (`total − advances`, a decimal string). */
export function balanceDirectionOf(balance: string): BalanceDirection {
  const value = dec(balance);
  if (value.isZero()) return 'settled';
  return value.isNegative() ? 'payBack' : 'payOut';
}

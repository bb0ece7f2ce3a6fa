/** An amount in PLN as the reader's language writes it ("12 500,50 zł"); the value stays a decimal string until here. */
export function formatPln(amount: string, language: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const grouped = new Intl.NumberFormat(language, { useGrouping: true }).format(BigInt(whole));
  const cents = `${fraction}00`.slice(0, 2);
  const separator = language.startsWith('pl') ? ',' : '.';
  return language.startsWith('pl') ? `${grouped}${separator}${cents} zł` : `PLN ${grouped}${separator}${cents}`;
}

/** What people type as an amount ("12 500,5") turned into the API's decimal string ("12500.5"). */
export function normalizeAmountInput(text: string): string {
  return text.replace(/[\s\u00a0]/g, '').replace(',', '.');
}

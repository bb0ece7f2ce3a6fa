import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { balanceDirectionOf, dec, missingExchangeRates, sumDecimals, type BalanceDirection, type CalculatedSettlement, type InvalidAmounts, type MileageRate, type PerDiemRate, type SingleCountryCost, type TransportLine, formatDecimal, formatExchangeRate, formatMoneyText, formatWallTime } from '@delego/domain';
import { countryName, regionNameFromAnnex } from '../model/countries.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { AmountRow, NoExchangeRate } from './amount-row.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

/** "do wypłaty pracownikowi", "do zwrotu przez pracownika", or nothing either way. */
export function balanceLabelKey(balance: string): `calc.totals.${BalanceDirection}` {
  return `calc.totals.${balanceDirectionOf(balance)}`;
}

function AmountTable({ headingId, children }: { headingId: string; children: ReactNode }) {
  const { t } = useTranslation('settlement-form');
  return (
    // Positioned, so that the visually hidden header text (absolutely placed) scrolls inside the box
    // instead of widening the page on a phone.
    <Box sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('calc.item')}</TableCell>
            <TableCell align="right">{t('calc.inCurrency')}</TableCell>
            <TableCell align="right">{t('calc.inPln')}</TableCell>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {t('calc.explanation')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: (headingId: string) => ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children(headingId)}
    </Box>
  );
}

function RateInfo({ rate }: { rate: PerDiemRate }) {
  const { t, i18n } = useTranslation('settlement-form');
  const language = i18n.language;
  return (
    <>
      {t('calc.rate', {
        perDiem: formatMoneyText(rate.per_diem, rate.currency, language),
        hotelLimit: formatMoneyText(rate.hotel_limit, rate.currency, language),
      })}{' '}
      {t(rate.valid_to ? 'calc.rateValidity' : 'calc.rateValidityOpen', {
        source: t(`settlement:rateSource.${rate.source}`),
        from: formatWallTime(rate.valid_from, language),
        to: rate.valid_to ? formatWallTime(rate.valid_to, language) : '',
      })}
      {rate.legal_basis && <> {t('calc.legalBasis', { basis: rate.legal_basis })}</>}
      {rate.other_countries && <> {t('calc.otherCountries')}</>}
    </>
  );
}

function MileageRateInfo({ rate }: { rate: MileageRate }) {
  const { t, i18n } = useTranslation('settlement-form');
  return (
    <>
      {t(rate.valid_to ? 'calc.mileageRate' : 'calc.mileageRateOpen', {
        rate: formatDecimal(rate.rate, i18n.language),
        from: formatWallTime(rate.valid_from, i18n.language),
        to: rate.valid_to ? formatWallTime(rate.valid_to, i18n.language) : '',
        basis: rate.legal_basis,
      })}
    </>
  );
}

function CountryPartCost({ cost, index, lacksExchangeRate }: { cost: SingleCountryCost; index: number; lacksExchangeRate: boolean }) {
  const { t, i18n } = useTranslation('settlement-form');
  const language = i18n.language;
  const name = cost.country_code ? countryName(cost.country_code, language) : t('calc.noCountry');
  const region = cost.region ? t(`region.${cost.region}`, { defaultValue: regionNameFromAnnex(cost.country_code, cost.region) }) : null;
  const title = t('calc.part', { number: index + 1, country: region ? `${name} – ${region}` : name });
  const inCurrency = (value: string) => ({ value, currency: cost.currency });
  const dietLabel = cost.rate ? t('calc.diet', { rate: formatMoneyText(cost.delegation_rate, cost.currency, language) }) : t('calc.dietNoRate');
  const exchange = cost.exchange_rate;
  return (
    <Section title={title}>
      {(headingId) => (
        <>
          <AmountTable headingId={headingId}>
            <AmountRow
              label={dietLabel}
              labelText={`${dietLabel}, ${title}`}
              amount={inCurrency(cost.lines.diet.amount)}
              pln={cost.lines.diet.amount_pln}
              line={cost.lines.diet}
              rateInfo={cost.rate ? <RateInfo rate={cost.rate} /> : undefined}
            />
            {cost.lines.accommodation.map((line, entry) => {
              if (!line) return null;
              const label = t(line.kind === 'lumpSum' ? 'calc.accommodationLumpSum' : 'calc.accommodation', { number: entry + 1 });
              return (
                <AmountRow
                  key={`accommodation-${entry}`}
                  label={label}
                  labelText={`${label}, ${title}`}
                  amount={{ value: line.amount, currency: line.currency }}
                  pln={line.amount_pln}
                  line={line}
                  rateInfo={line.limit !== null ? t('calc.hotelLimit', { limit: formatMoneyText(line.limit, line.currency, language) }) : undefined}
                />
              );
            })}
            <AmountRow
              label={t('calc.localTransport')}
              labelText={`${t('calc.localTransport')}, ${title}`}
              amount={inCurrency(cost.lines.local_transport.amount)}
              pln={cost.lines.local_transport.amount_pln}
              line={cost.lines.local_transport}
            />
            {cost.lines.transfers.map((line, transfer) => {
              if (!line) return null;
              const city = typeof line.explanation.params.city === 'string' && line.explanation.params.city !== '' ? line.explanation.params.city : String(transfer + 1);
              const label = t('calc.transfer', { city });
              return (
                <AmountRow
                  key={`transfer-${transfer}`}
                  label={label}
                  labelText={`${label}, ${title}`}
                  amount={{ value: line.amount, currency: line.currency }}
                  pln={line.amount_pln}
                  line={line}
                />
              );
            })}
            <AmountRow
              label={t('calc.partTotal')}
              labelText={t('calc.partTotal')}
              amount={inCurrency(cost.total_in_currency)}
              pln={cost.total_pln}
              lacksExchangeRate={lacksExchangeRate}
              isTotal
            />
          </AmountTable>
          {exchange && cost.currency !== 'PLN' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t(exchange.source === 'nbp' ? 'calc.exchangeRate' : 'calc.exchangeRateManual', {
                currency: cost.currency,
                rate: formatExchangeRate(exchange.rate, language),
                table: exchange.table_no,
                date: exchange.date,
              })}
            </Typography>
          )}
        </>
      )}
    </Section>
  );
}

function transportLabel(t: (key: string, options?: Record<string, unknown>) => string, line: TransportLine, index: number, values: SettlementFormValues): string {
  const segment = values.transport[index];
  const from = segment?.from_place_text.trim() ?? '';
  const to = segment?.to_place_text.trim() ?? '';
  const base = from && to ? t('calc.segmentRoute', { number: index + 1, from, to }) : t('calc.segment', { number: index + 1 });
  return line.kind === 'mileage' ? t('calc.segmentMileage', { label: base }) : base;
}

/**
 * Spec §2 "summary": per country part the per diem, accommodation and lump sums in the part's
 * currency and in PLN with the exchange rate and NBP table used; then transport, mileage, other costs,
 * advances, the total and the balance. Every amount expands into its explanation.
 */
export function CalculationView({ calculated, invalidAmounts }: { calculated: CalculatedSettlement; invalidAmounts?: InvalidAmounts }) {
  const { t, i18n } = useTranslation('settlement-form');
  const language = i18n.language;
  const values = useFormContext<SettlementFormValues>().getValues();
  const countriesTotal = sumDecimals(calculated.singleCountryCost.map((cost) => cost.total_pln)).toFixed(2);
  const missing = missingExchangeRates(calculated);
  // An unknown balance has no direction to name.
  const balanceKey = missing.any || invalidAmounts?.balance ? 'calc.totals.balance' : balanceLabelKey(calculated.balance_pln);
  const balanceAmount = dec(calculated.balance_pln).abs().toFixed(2);
  const showCurrencies = calculated.balances_by_currency.some((balance) => balance.currency !== 'PLN');
  return (
    <Stack spacing={3}>
      {calculated.singleCountryCost.map((cost, index) => (
        <CountryPartCost key={index} cost={cost} index={index} lacksExchangeRate={missing.countryParts[index] ?? false} />
      ))}

      {calculated.transport.length > 0 && (
        <Section title={t('calc.transportHeading')}>
          {(headingId) => (
            <AmountTable headingId={headingId}>
              {calculated.transport.map((line, index) => {
                if (!line) return null;
                const label = transportLabel(t, line, index, values);
                return (
                  <AmountRow
                    key={index}
                    label={label}
                    labelText={label}
                    amount={{ value: line.amount, currency: line.currency }}
                    pln={line.amount_pln}
                    line={line}
                    rateInfo={line.mileage_rate ? <MileageRateInfo rate={line.mileage_rate} /> : undefined}
                  />
                );
              })}
            </AmountTable>
          )}
        </Section>
      )}

      {calculated.other.length > 0 && (
        <Section title={t('calc.otherHeading')}>
          {(headingId) => (
            <AmountTable headingId={headingId}>
              {calculated.other.map((line, index) => {
                if (!line) return null;
                const type = values.other[index]?.type_id;
                const label = type ? t('calc.otherCostTyped', { number: index + 1, type: t(`options.otherCostType.${type}`) }) : t('calc.otherCost', { number: index + 1 });
                return <AmountRow key={index} label={label} labelText={label} amount={{ value: line.amount, currency: line.currency }} pln={line.amount_pln} line={line} />;
              })}
            </AmountTable>
          )}
        </Section>
      )}

      {calculated.advances.length > 0 && (
        <Section title={t('calc.advancesHeading')}>
          {(headingId) => (
            <AmountTable headingId={headingId}>
              {calculated.advances.map((line, index) => {
                if (!line) return null;
                const label = t(line.counted ? 'calc.advance' : 'calc.advanceNotCounted', { number: index + 1 });
                return <AmountRow key={index} label={label} labelText={label} amount={{ value: line.amount, currency: line.currency }} pln={line.amount_pln} line={line} />;
              })}
            </AmountTable>
          )}
        </Section>
      )}

      <Section title={t('calc.totals.heading')}>
        {(headingId) => (
          <>
            {missing.any && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('calc.totals.incomplete', { currencies: missing.currencies.join(', ') })}
              </Alert>
            )}
            <AmountTable headingId={headingId}>
              <AmountRow label={t('calc.totals.countries')} labelText={t('calc.totals.countries')} pln={countriesTotal} hasInvalidAmount={invalidAmounts?.countries} lacksExchangeRate={missing.countryParts.some(Boolean)} />
              <AmountRow label={t('calc.totals.transport')} labelText={t('calc.totals.transport')} pln={calculated.transport_total_pln} hasInvalidAmount={invalidAmounts?.transport} lacksExchangeRate={missing.transport} />
              <AmountRow label={t('calc.totals.mileage')} labelText={t('calc.totals.mileage')} pln={calculated.mileage_total_pln} hasInvalidAmount={invalidAmounts?.transport} lacksExchangeRate={missing.mileage} />
              <AmountRow label={t('calc.totals.other')} labelText={t('calc.totals.other')} pln={calculated.other_total_pln} hasInvalidAmount={invalidAmounts?.other} lacksExchangeRate={missing.other} />
              <AmountRow label={t('calc.totals.total')} labelText={t('calc.totals.total')} pln={calculated.total_pln} hasInvalidAmount={invalidAmounts?.total} lacksExchangeRate={missing.any} isTotal />
              <AmountRow label={t('calc.totals.advances')} labelText={t('calc.totals.advances')} pln={calculated.advances_total_pln} hasInvalidAmount={invalidAmounts?.advances} lacksExchangeRate={missing.advances} />
              <AmountRow label={t(balanceKey)} labelText={t(balanceKey)} pln={balanceAmount} hasInvalidAmount={invalidAmounts?.balance} lacksExchangeRate={missing.any} isTotal />
            </AmountTable>
          </>
        )}
      </Section>

      {showCurrencies && (
        <Section title={t('calc.byCurrency.heading')}>
          {(headingId) => (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 520 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('calc.byCurrency.currency')}</TableCell>
                    <TableCell align="right">{t('calc.byCurrency.due')}</TableCell>
                    <TableCell align="right">{t('calc.byCurrency.advances')}</TableCell>
                    <TableCell align="right">{t('calc.byCurrency.balance')}</TableCell>
                    <TableCell align="right">{t('calc.byCurrency.balancePln')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {calculated.balances_by_currency.map((balance) => (
                    <TableRow key={balance.currency}>
                      <TableCell component="th" scope="row">
                        {balance.currency}
                      </TableCell>
                      <TableCell align="right">{formatMoneyText(balance.due, balance.currency, language)}</TableCell>
                      <TableCell align="right">{formatMoneyText(balance.advances, balance.currency, language)}</TableCell>
                      <TableCell align="right">{formatMoneyText(balance.balance, balance.currency, language)}</TableCell>
                      <TableCell align="right">{missing.currencies.includes(balance.currency) ? <NoExchangeRate /> : formatMoneyText(balance.balance_pln, 'PLN', language)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Section>
      )}
      {showCurrencies && (
        <Alert severity="info" variant="outlined" role="note">
          {t(`calc.rule.${calculated.exchange_rate_rule}`, { date: formatWallTime(calculated.settlement_date, language) })}
        </Alert>
      )}
    </Stack>
  );
}

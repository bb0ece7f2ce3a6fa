import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { lineLacksExchangeRate, type CalculatedLine, type Conversion, formatExchangeRate, formatMoneyText } from '@delego/domain';
import { explanationText } from '../model/messages.ts';

/** Columns of every amount table of the summary: item, amount in its currency, amount in PLN, explanation. */
const AMOUNT_TABLE_COLUMNS = 4;

function ConversionText({ conversion, currency }: { conversion: Conversion; currency: string }) {
  const { t, i18n } = useTranslation('settlement-form');
  const language = i18n.language;
  const amount = formatMoneyText(conversion.amount_in_currency, currency, language);
  const rate = conversion.exchange_rate;
  if (!rate) return <>{t('calc.conversionMissing', { amount })}</>;
  const basis = t(`calc.basis.${conversion.basis}`, { number: (conversion.advance_index ?? 0) + 1 });
  return (
    <>
      {t(rate.source === 'nbp' ? 'calc.conversion' : 'calc.conversionManual', {
        amount,
        rate: formatExchangeRate(rate.rate, language),
        pln: formatMoneyText(conversion.amount_pln, 'PLN', language),
        table: rate.table_no,
        date: rate.date,
        basis,
      })}
    </>
  );
}

/**
 * Why an amount is what it is: the engine's explanation and its steps (per doba, meal, night…), the
 * rate applied with its validity, and each conversion to PLN with its NBP table.
 */
function ExplanationView({ line, rateInfo }: { line: CalculatedLine; rateInfo?: ReactNode }) {
  const { t, i18n } = useTranslation('settlement-form');
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2">{explanationText(i18n, line.explanation)}</Typography>
      {line.details.length > 0 && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {line.details.map((detail, index) => (
            <Typography component="li" variant="body2" key={index}>
              {explanationText(i18n, detail)}
            </Typography>
          ))}
        </Box>
      )}
      {rateInfo && (
        <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
          {rateInfo}
        </Typography>
      )}
      {line.conversions.length > 0 && (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('calc.conversionsHeading')}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {line.conversions.map((conversion, index) => (
              <Typography component="li" variant="body2" key={index}>
                <ConversionText conversion={conversion} currency={line.currency} />
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

interface AmountRowProps {
  label: ReactNode;
  /** The accessible name of the row's explanation button (the label as text). */
  labelText: string;
  /** The amount in its own currency; left empty for PLN-only rows. */
  amount?: { value: string; currency: string } | null;
  /** The amount in PLN. */
  pln?: string | null;
  line?: CalculatedLine | null;
  rateInfo?: ReactNode;
  /** A total: bold, no explanation of its own (it adds the rows above). */
  isTotal?: boolean;
  /** The PLN amount depends on a missing exchange rate (a line's own conversions are checked anyway). */
  lacksExchangeRate?: boolean;
  /** The PLN amount would add an amount the form marks invalid: unknown until it is corrected. */
  hasInvalidAmount?: boolean;
}

/** Stands in for a PLN amount that a missing exchange rate leaves unknown: a 0,00 would read as complete. */
export function NoExchangeRate() {
  const { t } = useTranslation('settlement-form');
  return (
    <Box component="span" sx={{ color: 'warning.dark', fontStyle: 'italic' }}>
      {t('calc.noExchangeRate')}
    </Box>
  );
}

/** Stands in for a total that would include an amount the form marks invalid. */
export function InvalidAmountTotal() {
  const { t } = useTranslation('settlement-form');
  return (
    <Box component="span" title={t('calc.invalidAmountHint')} sx={{ color: 'error.main', fontStyle: 'italic' }}>
      {t('calc.invalidAmount')}
    </Box>
  );
}

/** One amount of the calculation, right-aligned with two decimals, with its explanation to expand. */
export function AmountRow({ label, labelText, amount, pln, line, rateInfo, isTotal, lacksExchangeRate, hasInvalidAmount }: AmountRowProps) {
  const { t, i18n } = useTranslation('settlement-form');
  const [isOpen, setOpen] = useState(false);
  const detailsId = useId();
  const language = i18n.language;
  const weight = isTotal ? 600 : undefined;
  const plnUnknown = lacksExchangeRate || lineLacksExchangeRate(line);
  return (
    <>
      <TableRow sx={line && isOpen ? { '& > *': { borderBottom: 'unset' } } : undefined}>
        <TableCell component="th" scope="row" sx={{ fontWeight: weight }}>
          {label}
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: weight, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {amount ? formatMoneyText(amount.value, amount.currency, language) : ''}
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: weight, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {hasInvalidAmount ? <InvalidAmountTotal /> : plnUnknown ? <NoExchangeRate /> : pln !== undefined && pln !== null ? formatMoneyText(pln, 'PLN', language) : ''}
        </TableCell>
        <TableCell padding="checkbox">
          {line && (
            <IconButton
              size="small"
              aria-expanded={isOpen}
              aria-controls={isOpen ? detailsId : undefined}
              aria-label={t(isOpen ? 'calc.hideExplanation' : 'calc.showExplanation', { item: labelText })}
              onClick={() => setOpen((open) => !open)}
            >
              {isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          )}
        </TableCell>
      </TableRow>
      {line && isOpen && (
        <TableRow>
          <TableCell id={detailsId} colSpan={AMOUNT_TABLE_COLUMNS} sx={{ bgcolor: 'action.hover' }}>
            <ExplanationView line={line} rateInfo={rateInfo} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

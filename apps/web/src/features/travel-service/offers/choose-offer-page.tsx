import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderItemDto, PassengerDto, TravelServiceOrderDto } from '@delego/contract';
import { TRAVELLER_DATA_FIELDS, travellerDataIssues, type Issue, type TravelOrderStatus, type TravellerData, type TravellerDataField } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { ANY_DAY_LIMITS, DateTimeField, birthDayLimits } from '../../../components/inputs/date-time-field.tsx';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { OrderItemSummary } from '../shared/order-item-summary.tsx';
import { useChooseOffers } from './api/offers.ts';
import { OfferView } from './offer-view.tsx';
import { ItemHeading, OrderPage, refusalText } from './order-page-parts.tsx';

const NS = 'travelServiceOffers';
const DATE_FIELDS = new Set<TravellerDataField>(['document_expiry', 'birth_date']);

/** `/travel-service/choose-offer/{id}`: the traveller or orderer compares each service's offers and chooses one, with the traveller data it requires. */
export function ChooseOfferPage() {
  const id = Number(useParams().id);
  return (
    <OrderPage id={id} titleKey="choose.title" descriptionKey="choose.description">
      {(order) => <ChooseOfferForm key={order.version} order={order} />}
    </OrderPage>
  );
}

/** What the passenger already gave: their order data, then what they gave for an earlier choice. */
function initialData(passenger: PassengerDto): TravellerData {
  const known: TravellerData = {};
  if (passenger.email) known.email = passenger.email;
  if (passenger.phone) known.phone = passenger.phone;
  if (passenger.document_number) known.document_number = passenger.document_number;
  if (passenger.birth_date) known.birth_date = passenger.birth_date;
  return { ...known, ...passenger.offer_data };
}

/** The page's own rule (one offer per service), translated from its namespace. */
const OFFER_REQUIRED = 'choose.offerRequired';
const errorKey = (path: readonly (string | number)[]) => path.join('.');

/**
 * What the choice led to: the acceptors were asked, or — the orderer being a travel-service acceptor —
 * the server approved it at once (spec §4); any other status (services still waiting elsewhere) says it was saved.
 */
const CHOSEN_MESSAGE: Partial<Record<TravelOrderStatus, 'choose.sent' | 'choose.approvedAutomatically'>> = {
  chosenSentForAcceptance: 'choose.sent',
  acceptedByClient: 'choose.approvedAutomatically',
};

function ChooseOfferForm({ order }: { order: TravelServiceOrderDto }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const choose = useChooseOffers();
  const choosable = order.travelServiceOrderItems.filter((item) => item.allowedActions.includes('chooseOffer'));
  const [chosen, setChosen] = useState<Record<number, number | undefined>>(() => Object.fromEntries(choosable.map((item) => [item.id, item.selected_offer_id ?? undefined])));
  const [data, setData] = useState<Record<number, TravellerData>>(() => Object.fromEntries(choosable.flatMap((item) => item.passengers.map((passenger) => [passenger.id, initialData(passenger)]))));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmations, setConfirmations] = useState<Issue[]>([]);
  /** Warnings coming with a question (a hotel above its limit), shown with it. */
  const [reported, setReported] = useState<Issue[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  const offerOf = (item: OrderItemDto) => item.responses.find((offer) => offer.id === chosen[item.id]);
  const choices = () =>
    choosable.map((item) => ({
      item_id: item.id,
      offer_id: chosen[item.id]!,
      travellers: item.passengers.map((passenger) => {
        const required = offerOf(item)?.requires;
        const given = data[passenger.id] ?? {};
        // Only what the chosen offer asks for is sent, without empty values.
        const sent: TravellerData = {};
        for (const field of TRAVELLER_DATA_FIELDS) {
          const value = given[field]?.trim();
          if (required?.[field] && value) sent[field] = value;
        }
        return { passenger_id: passenger.id, data: sent };
      }),
    }));

  const validate = (): Issue[] => {
    const issues: Issue[] = [];
    choosable.forEach((item, index) => {
      const offer = offerOf(item);
      if (!offer) {
        issues.push({ path: ['choices', index, 'offer_id'], code: OFFER_REQUIRED });
        return;
      }
      item.passengers.forEach((passenger, p) => issues.push(...travellerDataIssues(offer.requires, data[passenger.id] ?? {}, ['choices', index, 'travellers', p, 'data'])));
    });
    return issues;
  };

  const showIssues = (issues: readonly Issue[]) => {
    setErrors(Object.fromEntries(issues.map((issue) => [errorKey(issue.path), issue.code === OFFER_REQUIRED ? t(OFFER_REQUIRED) : translateIssueCode(issue.code, issue.params)])));
  };

  const submit = (confirmed: string[]) => {
    setRefusal(null);
    const issues = validate();
    showIssues(issues);
    if (issues.length > 0) return;
    choose.mutate(
      { id: order.id, version: order.version, choices: choices(), confirmed: confirmed as never },
      {
        onSuccess: (answer) => {
          if (answer.status === 'error') showIssues(answer.issues);
          else if (answer.status === 'confirm') {
            setConfirmations(answer.confirmations);
            setReported(answer.warnings);
          }
          else {
            setConfirmations([]);
            enqueueSnackbar(t(CHOSEN_MESSAGE[answer.order_status] ?? 'choose.saved'), { variant: 'success' });
            // Spec §5: a hotel above its limit is reported, the choice stands.
            for (const warning of answer.warnings) enqueueSnackbar(translateIssueCode(warning.code, warning.params), { variant: 'warning' });
            void navigate('/travel-service');
          }
        },
        onError: (error) => setRefusal(refusalText(error)),
      },
    );
  };

  const setField = (passengerId: number, field: TravellerDataField, value: string) => setData((current) => ({ ...current, [passengerId]: { ...current[passengerId], [field]: value } }));

  return (
    <Stack spacing={2}>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {choosable.length === 0 && <Alert severity="info">{t('choose.nothing')}</Alert>}
      {order.travelServiceOrderItems.map((item) => {
        const index = choosable.indexOf(item);
        const offer = offerOf(item);
        const groupLabel = t('choose.offersOf', { sequence: item.sequence, type: t(`travelService:type.${item.type}`) });
        const offerError = index >= 0 ? errors[errorKey(['choices', index, 'offer_id'])] : undefined;
        return (
          <Paper key={item.id} variant="outlined" sx={{ p: 2 }}>
            <ItemHeading item={item} />
            <Box sx={{ mb: 2 }}>
              <OrderItemSummary item={item} relatedSequence={item.related_sequence} paramsOnly />
            </Box>
            {index < 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('choose.notChoosable')}
              </Typography>
            ) : (
              <>
                <RadioGroup aria-label={groupLabel} value={chosen[item.id] ?? ''} onChange={(event) => setChosen((current) => ({ ...current, [item.id]: Number(event.target.value) }))}>
                  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))', gap: 2, alignItems: 'start' }}>
                    {item.responses.map((response, position) => (
                      <Paper key={response.id} variant="outlined" sx={{ p: 2, borderColor: chosen[item.id] === response.id ? 'primary.main' : undefined, borderWidth: chosen[item.id] === response.id ? 2 : 1 }}>
                        <FormControlLabel value={response.id} control={<Radio />} label={t('choose.pick', { number: position + 1 })} />
                        <OfferView offer={response} title={t('choose.offerTitle', { number: position + 1 })} />
                      </Paper>
                    ))}
                  </Box>
                </RadioGroup>
                {offerError && <FormHelperText error>{offerError}</FormHelperText>}
                {offer &&
                  item.passengers.map((passenger, p) => {
                    const fields = TRAVELLER_DATA_FIELDS.filter((field) => offer.requires[field]);
                    if (fields.length === 0) return null;
                    return (
                      <Box key={passenger.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
                        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                          {t('choose.travellerData', { name: `${passenger.name} ${passenger.surname}`.trim() })}
                        </Typography>
                        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))', gap: 2 }}>
                          {fields.map((field) => {
                            const error = errors[errorKey(['choices', index, 'travellers', p, 'data', field])];
                            const value = data[passenger.id]?.[field] ?? '';
                            return DATE_FIELDS.has(field) ? (
                              <DateTimeField key={field} dateOnly {...(field === 'birth_date' ? birthDayLimits() : ANY_DAY_LIMITS)} label={t(`traveller.${field}`)} value={value} onChange={(next) => setField(passenger.id, field, next)} required error={Boolean(error)} helperText={error} />
                            ) : (
                              <TextField
                                key={field}
                                label={t(`traveller.${field}`)}
                                value={value}
                                onChange={(event) => setField(passenger.id, field, event.target.value)}
                                required
                                error={Boolean(error)}
                                helperText={error}
                                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                                slotProps={{ htmlInput: { maxLength: field === 'residence_address' ? 300 : 100 } }}
                              />
                            );
                          })}
                        </Box>
                      </Box>
                    );
                  })}
              </>
            )}
          </Paper>
        );
      })}
      {choosable.length > 0 && (
        <Box>
          <Button variant="contained" loading={choose.isPending} onClick={() => submit([])}>
            {t('choose.submit')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirmations.length > 0}
        title={t('choose.confirmTitle')}
        message={[...confirmations, ...reported].map((issue) => translateIssueCode(issue.code, issue.params)).join(' ')}
        confirmLabel={t('choose.confirmSubmit')}
        isPending={choose.isPending}
        onConfirm={() => submit(confirmations.map((issue) => issue.code))}
        onClose={() => setConfirmations([])}
      />
    </Stack>
  );
}

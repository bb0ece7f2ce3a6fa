import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { OrderParameterDto, TravelServiceOrderDto, TravelServiceIssue } from '@delego/contract';
import {
  RAIL_CLASSES,
  TRAVEL_ITEM_TYPES,
  applyInsuranceBehaviour,
  checkTravelServiceOrder,
  newOrderItem,
  proposedCompanions,
  removalRefusal,
  splitOrder,
  toLocalDate,
  type ItemStatus,
  type OrderItemInput,
  type RailParams,
  type TravelItemType,
  type TransportType,
  type TravelOrderConfirmation,
  type TravelServiceOrderForm,
} from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import {
  useSaveTravelServiceOrder,
  useTravelServiceBasicData,
  useTravelServiceOrder,
  type TravelServiceOrderBody,
} from './api/travel-service.ts';
import { ItemDialog } from './item-dialog.tsx';
import {
  formOfOrder,
  newGuid,
  prefilledItem,
  renumbered,
  travellerOf,
  type TripDefaults,
} from './order-form-model.ts';
import { useLinkedTripTransport, useTripDefaults } from './trip-defaults.ts';
import { OrderItemSummary } from './shared/order-item-summary.tsx';

type BasicData = NonNullable<ReturnType<typeof useTravelServiceBasicData>['data']>;
type Messages = Map<string, string>;

/** `/travel-service/new` and `/travel-service/edit/{id}`: the order form of spec §2/§3 with the rules of §5. */
export function TravelServiceFormPage() {
  const { t } = useTranslation('travelService');
  const { t: tr } = useTranslation('routes');
  const params = useParams();
  const [search] = useSearchParams();
  const me = useCurrentUser();
  const id = params.id === undefined ? null : Number(params.id);
  const basic = useTravelServiceBasicData();
  const loaded = useTravelServiceOrder(id);
  const tripId = id === null ? Number(search.get('delegation_order')) : 0;
  const trip = useTripDefaults(tripId);
  const linkedTransport = useLinkedTripTransport(loaded.data?.travelServiceOrder.delegation_order_id ?? null);
  const title = tr(id === null ? 'travelService.new' : 'travelService.edit');
  if (basic.isError || loaded.isError) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">{t(notFound ? 'form.notFound' : 'form.loadError')}</Alert>
      </>
    );
  }
  if (!basic.data || (id !== null && !loaded.data) || trip.isLoading) return <PageSpinner />;
  const order = loaded.data?.travelServiceOrder ?? null;
  if (order && !order.can_edit) {
    return (
      <>
        <PageHeader title={title} />
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`/travel-service/item-details/${order.id}`}>
              {t('list.actions.details')}
            </Button>
          }
        >
          {t('form.notEditable')}
        </Alert>
      </>
    );
  }
  const worker = trip.defaults?.user_id ?? Number(search.get('worker'));
  const users = basic.data.availableUsers;
  const initialUser = users.some((person) => person.id === worker)
    ? worker
    : users.some((person) => person.id === me.context_user_id)
      ? me.context_user_id
      : null;
  const initial: TravelServiceOrderForm = order
    ? formOfOrder(order)
    : {
        user_id: initialUser,
        delegation_order_id: trip.defaults?.delegation_order_id ?? null,
        external_customer_id: null,
        project_id: null,
        comment: '',
        additional_parameters: basic.data.additionalParameters.map((parameter) => ({
          id: parameter.id,
          value: parameter.default_value,
        })),
        travelServiceOrderItems: [],
        confirmed: [],
      };
  return (
    <OrderForm
      key={order ? `${order.id}-${order.version}` : 'new'}
      title={title}
      order={order}
      initial={initial}
      trip={trip.defaults}
      allowedTransport={trip.defaults?.allowed_transport ?? linkedTransport}
      basic={basic.data}
      startWith={id === null ? railOfAddress(search) : null}
    />
  );
}

interface OrderFormProps {
  title: string;
  order: TravelServiceOrderDto | null;
  initial: TravelServiceOrderForm;
  basic: BasicData;
  /** The trip order a new order is started from: new services take its days and places. */
  trip: TripDefaults | null;
  /** The transport the order's trip order allows (the one it starts from or is linked to), null when unknown. */
  allowedTransport: readonly TransportType[] | null;
  /** A rail journey chosen on the rail-carrier page: the form opens with it as a new service. */
  startWith: Partial<RailParams> | null;
}

/** The rail journey `/travel-service/rail-carrier` passes in the address, or null. */
function railOfAddress(search: URLSearchParams): Partial<RailParams> | null {
  if (search.get('service') !== 'rail') return null;
  const id = (name: string) => (Number(search.get(name)) > 0 ? Number(search.get(name)) : null);
  const text = (name: string, pattern: RegExp) => (pattern.test(search.get(name) ?? '') ? search.get(name) : null);
  const seatClass = search.get('seat_class');
  return {
    start_place_id: id('from'),
    end_place_id: id('to'),
    start_date: text('date', /^\d{4}-\d{2}-\d{2}$/),
    start_time: text('time', /^\d{2}:\d{2}$/),
    seat_class: (RAIL_CLASSES as readonly (string | null)[]).includes(seatClass) ? (seatClass as RailParams['seat_class']) : null,
  };
}

/** The server's warnings at the services they name (`travelServiceOrderItems.{index}…`), by the service's guid. */
function reportedAt(warnings: readonly TravelServiceIssue[], guids: readonly string[]): Messages {
  const reported: Messages = new Map();
  for (const warning of warnings) {
    const [head, index] = warning.path;
    const guid = head === 'travelServiceOrderItems' && typeof index === 'number' ? guids[index] : undefined;
    if (guid) reported.set(guid, [reported.get(guid), translateIssueCode(warning.code, warning.params)].filter(Boolean).join(' '));
  }
  return reported;
}

function OrderForm({ title, order, initial, basic, trip, allowedTransport, startWith }: OrderFormProps) {
  const { t, i18n } = useTranslation('travelService');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const save = useSaveTravelServiceOrder();
  const [form, setForm] = useState<TravelServiceOrderForm>(initial);
  const [orderErrors, setOrderErrors] = useState<Messages>(new Map());
  /** Problems at each service, by its guid and the path inside it. */
  const [itemErrors, setItemErrors] = useState<Map<string, Messages>>(new Map());
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ item: OrderItemInput; isNew: boolean } | null>(() => {
    if (!startWith) return null;
    const person = basic.availableUsers.find((entry) => entry.id === initial.user_id);
    const rail = newOrderItem('rail', newGuid(), 1, person ? [travellerOf(person)] : []);
    return { item: { ...rail, cost_centre_id: person?.defaultCostCentre ?? null, params: { ...rail.params, ...startWith } } as OrderItemInput, isNew: true };
  });
  const [proposal, setProposal] = useState<OrderItemInput[] | null>(null);
  const [typeMenu, setTypeMenu] = useState<HTMLElement | null>(null);
  const [separate, setSeparate] = useState(false);
  const [asking, setAsking] = useState<{
    issues: TravelServiceIssue[];
    resume: (confirmed: TravelOrderConfirmation[]) => void;
  } | null>(null);
  const [failure, setFailure] = useState<'notValidated' | 'unexpected' | null>(null);
  /** What the server reported at each service without refusing the save (spec §5: a hotel above its limit), by guid. */
  const [reported, setReported] = useState<Messages>(new Map());
  const settings = basic.settings;
  const language = i18n.language;
  const statusOf = useMemo(
    () =>
      new Map((order?.travelServiceOrderItems ?? []).map((item) => [item.guid, item.status as ItemStatus])),
    [order],
  );
  const items = form.travelServiceOrderItems;
  /** Spec §5: a service whose transport the linked trip order does not allow is warned about (saving stays possible). */
  const transportWarnings = new Map(
    (allowedTransport
      ? checkTravelServiceOrder(form, { parameters: [], tripOrder: { allowed_transport: allowedTransport }, today: '0000-01-01' }).warnings
      : []
    ).flatMap((warning) => {
      const guid = typeof warning.path[1] === 'number' ? items[warning.path[1]]?.guid : undefined;
      return guid ? [[guid, translateIssueCode(warning.code, warning.params)] as const] : [];
    }),
  );
  const bySequence = new Map(items.map((item) => [item.guid, item.sequence]));
  const worker = basic.availableUsers.find((person) => person.id === form.user_id) ?? null;
  const centreName = (centreId: number | null) => {
    const centre = basic.costCentres.find((entry) => entry.id === centreId);
    return centre ? `${centre.ordinate} – ${centre.name}` : null;
  };
  const setItems = (next: OrderItemInput[]) =>
    setForm((current) => ({ ...current, travelServiceOrderItems: renumbered(next) }));

  /** Spec §4: after every change of the services, insurance follows the company's behaviour and its base service. */
  const withInsurance = (next: OrderItemInput[]) => {
    const insured = applyInsuranceBehaviour(renumbered(next), settings.insurance_behaviour, newGuid);
    return {
      items: insured.items,
      messages: insured.messages.map((message) => translateIssueCode(message.code, message.params)),
    };
  };

  const addItem = (type: TravelItemType) => {
    setTypeMenu(null);
    const item = prefilledItem(
      newOrderItem(type, newGuid(), items.length + 1, worker ? [travellerOf(worker)] : []),
      trip,
    );
    setEditing({ item: { ...item, cost_centre_id: worker?.defaultCostCentre ?? null }, isNew: true });
  };

  const itemSaved = (item: OrderItemInput, agreed: TravelOrderConfirmation[], isNew: boolean) => {
    setEditing(null);
    const next = isNew ? [...items, item] : items.map((entry) => (entry.guid === item.guid ? item : entry));
    const insured = withInsurance(next);
    setItems(insured.items);
    setForm((current) => ({ ...current, confirmed: [...new Set([...current.confirmed, ...agreed])] }));
    setItemErrors((current) => {
      const rest = new Map(current);
      rest.delete(item.guid);
      return rest;
    });
    // Editing the base service moved its linked insurance: say so (a new service's insurance is simply there).
    setNotice(!isNew && insured.messages.length > 0 ? insured.messages.join(' ') : null);
    if (isNew) {
      const saved = insured.items.find((entry) => entry.guid === item.guid) ?? item;
      const companions = proposedCompanions(saved, newGuid);
      if (companions.length > 0) setProposal(companions);
    }
  };

  const removeItem = (item: OrderItemInput) => {
    const status = statusOf.get(item.guid);
    const refused = status ? removalRefusal(status) : null;
    if (refused) {
      setItemErrors((current) =>
        new Map(current).set(item.guid, new Map([['', translateIssueCode(refused)]])),
      );
      return;
    }
    const rest = items.filter(
      (entry) => entry.guid !== item.guid && entry.related_travel_service_order_item_guid !== item.guid,
    );
    setItems(withInsurance(rest).items);
  };

  const showIssues = (issues: readonly TravelServiceIssue[], guidsOfItems: readonly string[]) => {
    const atOrder: Messages = new Map();
    const atItems = new Map<string, Messages>();
    const general: string[] = [];
    for (const issue of issues) {
      const text = translateIssueCode(issue.code, issue.params);
      const [head, index, ...rest] = issue.path;
      if (head === 'travelServiceOrderItems' && typeof index === 'number' && guidsOfItems[index]) {
        const guid = guidsOfItems[index];
        const messages = atItems.get(guid) ?? new Map<string, string>();
        messages.set(rest.join('.'), text);
        atItems.set(guid, messages);
      } else if (head === 'travelServiceOrderItems' || head === undefined || head === 'choices')
        general.push(text);
      else atOrder.set(issue.path.join('.'), text);
    }
    setOrderErrors(atOrder);
    setItemErrors(atItems);
    setGeneralErrors(general);
  };

  const bodies = (): TravelServiceOrderBody[] => {
    const body: TravelServiceOrderBody = { ...form, travelServiceOrderItems: renumbered(items) };
    return separate && !order ? splitOrder(body, settings.is_insurance_separated) : [body];
  };

  /** Saves the orders one after another (one call per separated order); a confirmation asked by the server resumes where it stopped. */
  const send = (queue: TravelServiceOrderBody[], saved: number[], confirmed: TravelOrderConfirmation[]) => {
    const [body, ...rest] = queue;
    if (!body) {
      finish(saved);
      return;
    }
    const withConfirmed = { ...body, confirmed: [...new Set([...body.confirmed, ...confirmed])] };
    const guids = withConfirmed.travelServiceOrderItems.map((item) => item.guid);
    save.mutate(withConfirmed, {
      onSuccess: (answer) => {
        setReported(reportedAt(answer.warnings, guids));
        if (answer.status === 'error') {
          setFailure('notValidated');
          showIssues(answer.issues, guids);
          return;
        }
        if (answer.status === 'confirm') {
          setAsking({
            issues: answer.confirmations,
            resume: (agreed) => send(queue, saved, [...confirmed, ...agreed]),
          });
          return;
        }
        for (const issue of answer.messages) enqueueSnackbar(translateIssueCode(issue.code, issue.params), { variant: 'info' });
        for (const issue of answer.warnings) enqueueSnackbar(translateIssueCode(issue.code, issue.params), { variant: 'warning' });
        send(rest, [...saved, answer.id], confirmed);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          setFailure('notValidated');
          showIssues(error.issues, guids);
        } else if (error instanceof ApiError && error.status === 409) {
          setGeneralErrors([t('form.conflict')]);
        } else setFailure('unexpected');
      },
    });
  };

  const finish = (saved: number[]) => {
    enqueueSnackbar(t(saved.length > 1 ? 'form.savedSeparately' : 'form.saved', { count: saved.length }));
    navigate(saved.length === 1 ? `/travel-service/item-details/${saved[0]}` : '/travel-service');
  };

  const submit = () => {
    setFailure(null);
    setNotice(null);
    const check = checkTravelServiceOrder(
      { ...form, travelServiceOrderItems: renumbered(items) },
      {
        parameters: basic.additionalParameters.map((parameter) => ({
          id: parameter.id,
          type: parameter.type,
          options: parameter.options,
          is_required: parameter.is_required,
        })),
        tripOrder: null,
        today: order ? '0000-01-01' : toLocalDate(new Date()),
      },
    );
    if (check.issues.length > 0) {
      setFailure('notValidated');
      showIssues(
        check.issues,
        items.map((item) => item.guid),
      );
      return;
    }
    showIssues([], []);
    if (check.confirmations.length > 0) {
      setAsking({ issues: check.confirmations, resume: (agreed) => send(bodies(), [], agreed) });
      return;
    }
    send(bodies(), [], []);
  };

  const parameterField = (parameter: OrderParameterDto) => {
    const entry = form.additional_parameters.find((value) => value.id === parameter.id);
    const value = entry?.value ?? '';
    const label = language.startsWith('en') ? parameter.name_en : parameter.name_pl;
    const error = orderErrors.get(`additional_parameters.${parameter.id}`);
    const change = (next: string) => {
      setOrderErrors((current) => {
        const rest = new Map(current);
        rest.delete(`additional_parameters.${parameter.id}`);
        return rest;
      });
      setForm((current) => ({
        ...current,
        additional_parameters: [
          ...current.additional_parameters.filter((other) => other.id !== parameter.id),
          { id: parameter.id, value: next === '' ? null : next },
        ],
      }));
    };
    const common = {
      label,
      value,
      required: parameter.is_required,
      error: Boolean(error),
      helperText: error,
      fullWidth: true,
      onChange: (event: { target: { value: string } }) => change(event.target.value),
    };
    if (parameter.type === 'select' || parameter.type === 'boolean') {
      const options =
        parameter.type === 'boolean'
          ? [
              { value: 'true', label: t('summary.yes') },
              { value: 'false', label: t('summary.no') },
            ]
          : parameter.options.map((option) => ({ value: option, label: option }));
      return (
        <TextField key={parameter.id} select {...common}>
          <MenuItem value="">{t('form.notChosen')}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        key={parameter.id}
        {...common}
        slotProps={{
          htmlInput: { maxLength: 500, inputMode: parameter.type === 'number' ? 'decimal' : 'text' },
        }}
      />
    );
  };

  const workerError = orderErrors.get('user_id');
  const baseItems = items.filter((item) => item.related_travel_service_order_item_guid === null);
  return (
    <>
      <PageHeader
        title={order ? `${title} ${order.number}` : title}
        description={
          form.delegation_order_id !== null
            ? t('form.forTripOrder', {
                number: order?.delegation_order_number ?? trip?.number ?? form.delegation_order_id,
              })
            : t('form.description')
        }
        actions={
          <Button component={RouterLink} to="/travel-service">
            {tc('actions.back')}
          </Button>
        }
      />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {failure && (
          <Alert severity="error">
            {t(failure === 'notValidated' ? 'form.notValidated' : 'form.unexpected')}
          </Alert>
        )}
        {generalErrors.map((text) => (
          <Alert key={text} severity="error">
            {text}
          </Alert>
        ))}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                gap: 2,
              }}
            >
              <TextField
                select
                label={t('form.worker')}
                value={form.user_id === null ? '' : String(form.user_id)}
                onChange={(event) => {
                  setOrderErrors((current) => {
                    const rest = new Map(current);
                    rest.delete('user_id');
                    return rest;
                  });
                  setForm((current) => ({
                    ...current,
                    user_id: event.target.value === '' ? null : Number(event.target.value),
                  }));
                }}
                required
                error={Boolean(workerError)}
                helperText={workerError}
                disabled={order !== null}
                fullWidth
              >
                {basic.availableUsers.map((person) => (
                  <MenuItem key={person.id} value={String(person.id)}>
                    {person.name} {person.surname}
                  </MenuItem>
                ))}
              </TextField>
              {basic.externalCustomers.length > 0 && (
                <TextField
                  select
                  label={t('form.externalCustomer')}
                  value={form.external_customer_id === null ? '' : String(form.external_customer_id)}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      external_customer_id: event.target.value === '' ? null : Number(event.target.value),
                    }))
                  }
                  fullWidth
                >
                  <MenuItem value="">{t('form.notChosen')}</MenuItem>
                  {basic.externalCustomers.map((customer) => (
                    <MenuItem key={customer.id} value={String(customer.id)}>
                      {customer.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {basic.projects.length > 0 && (
                <TextField
                  select
                  label={t('form.project')}
                  value={form.project_id === null ? '' : String(form.project_id)}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      project_id: event.target.value === '' ? null : Number(event.target.value),
                    }))
                  }
                  fullWidth
                >
                  <MenuItem value="">{t('form.notChosen')}</MenuItem>
                  {basic.projects.map((project) => (
                    <MenuItem key={project.id} value={String(project.id)}>
                      {project.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {basic.additionalParameters.map(parameterField)}
            </Box>
            <TextField
              label={t('form.comment')}
              value={form.comment}
              onChange={(event) => setForm((current) => ({ ...current, comment: event.target.value }))}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              fullWidth
            />
          </Stack>
        </Paper>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('form.services')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={(event) => setTypeMenu(event.currentTarget)}
            aria-haspopup="menu"
          >
            {t('form.addService')}
          </Button>
          <Menu anchorEl={typeMenu} open={typeMenu !== null} onClose={() => setTypeMenu(null)}>
            {TRAVEL_ITEM_TYPES.map((type) => (
              <MenuItem key={type} onClick={() => addItem(type)}>
                {t(`type.${type}`)}
              </MenuItem>
            ))}
          </Menu>
        </Box>
        {orderErrors.get('travelServiceOrderItems') && (
          <Alert severity="error">{orderErrors.get('travelServiceOrderItems')}</Alert>
        )}
        {notice && (
          <Alert severity="info" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {items.length === 0 && <Typography color="text.secondary">{t('form.noServicesYet')}</Typography>}
        {items.map((item) => {
          const heading = t('summary.label', { sequence: item.sequence, type: t(`type.${item.type}`) });
          const status = statusOf.get(item.guid);
          const errors = itemErrors.get(item.guid);
          const warning = transportWarnings.get(item.guid);
          const report = reported.get(item.guid);
          const linked = item.related_travel_service_order_item_guid !== null;
          return (
            <Paper
              key={item.guid}
              variant="outlined"
              sx={{ p: 2, borderColor: errors ? 'error.main' : undefined }}
              component="article"
              aria-label={heading}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
                  {heading}
                </Typography>
                {status && <Chip size="small" label={t(`itemStatus.${status}`)} />}
                {!linked && (
                  <>
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => setEditing({ item, isNew: false })}
                      aria-label={`${tc('actions.edit')}: ${heading}`}
                    >
                      {tc('actions.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => removeItem(item)}
                      aria-label={`${tc('actions.delete')}: ${heading}`}
                    >
                      {tc('actions.delete')}
                    </Button>
                  </>
                )}
              </Box>
              {warning && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {warning}
                </Alert>
              )}
              {report && report !== warning && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {report}
                </Alert>
              )}
              {errors && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {[...errors.values()].join(' ')}
                </Alert>
              )}
              <OrderItemSummary
                item={item}
                costCentreName={centreName(item.cost_centre_id)}
                relatedSequence={
                  linked ? (bySequence.get(item.related_travel_service_order_item_guid!) ?? null) : null
                }
              />
            </Paper>
          );
        })}

        {!order && baseItems.length > 1 && (
          <FormControlLabel
            control={<Switch checked={separate} onChange={(event) => setSeparate(event.target.checked)} />}
            label={t('form.separate')}
          />
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {t('form.save')}
          </Button>
          <Button component={RouterLink} to="/travel-service">
            {tc('actions.cancel')}
          </Button>
        </Box>
      </Stack>

      {editing && (
        <ItemDialog
          item={editing.item}
          isNew={editing.isNew}
          travellers={basic.availableUsers}
          costCentres={basic.costCentres}
          insuranceBehaviour={settings.insurance_behaviour}
          confirmed={form.confirmed}
          allowedTransport={allowedTransport}
          serverErrors={itemErrors.get(editing.item.guid)}
          onSave={(item, agreed) => itemSaved(item, agreed, editing.isNew)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={proposal !== null}
        title={t('form.proposalTitle')}
        message={t('form.proposal')}
        confirmLabel={t('form.proposalAccept')}
        onConfirm={() => {
          setItems(withInsurance([...items, ...(proposal ?? [])]).items);
          setProposal(null);
        }}
        onClose={() => setProposal(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('form.confirmTitle')}
        message={(asking?.issues ?? [])
          .map((issue) => translateIssueCode(issue.code, issue.params))
          .join(' ')}
        confirmLabel={t('form.confirmSave')}
        onConfirm={() => {
          const question = asking!;
          setAsking(null);
          question.resume(question.issues.map((issue) => issue.code as TravelOrderConfirmation));
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

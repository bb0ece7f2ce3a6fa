import type { DelegationOrderDto, LocationDto, TravelServiceOrderDto } from '@delego/contract';
import { emptyParams } from '@delego/domain';
import { buildUserProperties } from '../../../testing/fixtures.ts';

/** Test data of the travel-service screens. */

export const orderer = buildUserProperties({
  permissions: { travelOrder: true },
  context_user_permissions: { travelOrder: true },
});

export const WAW: LocationDto = {
  id: 1,
  type: 'airport',
  iata_code: 'WAW',
  country_code: 'PL',
  name_pl: 'Warszawa Chopin',
  name_en: 'Warsaw Chopin',
  city_pl: 'Warszawa',
  city_en: 'Warsaw',
  latitude: 52.17,
  longitude: 20.97,
};
export const FRA: LocationDto = {
  id: 41,
  type: 'airport',
  iata_code: 'FRA',
  country_code: 'DE',
  name_pl: 'Frankfurt nad Menem',
  name_en: 'Frankfurt Airport',
  city_pl: 'Frankfurt nad Menem',
  city_en: 'Frankfurt am Main',
  latitude: 50.04,
  longitude: 8.56,
};

type Settings = { insurance_behaviour: 1 | 2 | 3; is_insurance_separated: 0 | 1 };

export function basicData(
  settings: Partial<Settings> = {},
  extra: { additionalParameters?: unknown[] } = {},
) {
  return {
    availableUsers: [
      {
        id: 10,
        company_user_id: 10,
        name: 'Jan',
        surname: 'Kowalski',
        email: 'jan@firma.pl',
        phone: '',
        birth_date: null,
        document_number: '',
        defaultCostCentre: 3,
        costCentres: [3],
      },
      {
        id: 11,
        company_user_id: 11,
        name: 'Anna',
        surname: 'Nowak',
        email: 'anna@firma.pl',
        phone: '',
        birth_date: null,
        document_number: '',
        defaultCostCentre: null,
        costCentres: [],
      },
    ],
    additionalParameters: extra.additionalParameters ?? [],
    externalCustomers: [],
    costCentres: [{ id: 3, ordinate: 'MPK-3', name: 'Sprzedaż' }],
    projects: [],
    settings: {
      insurance_behaviour: 1,
      is_insurance_separated: 0,
      offer_change_rule: 1,
      message_auto_read: 1,
      flight_is_return_route: 0,
      ...settings,
    },
  };
}

const passenger = {
  id: 1,
  company_user_id: 10,
  name: 'Jan',
  surname: 'Kowalski',
  email: 'jan@firma.pl',
  phone: '',
  birth_date: null,
  document_number: '',
  offer_data: {},
};

/** A stored order of Jan Kowalski's with an accepted hotel and a flight still awaiting offers. */
export function storedOrder(overrides: Partial<TravelServiceOrderDto> = {}): TravelServiceOrderDto {
  const itemBase = {
    group_guid: null,
    related_sequence: null,
    related_travel_service_order_item_guid: null,
    comment: '',
    cost_centre_id: 3,
    passengers: [passenger],
    responses: [],
    selected_offer_id: null,
    booking: null,
    notify: false,
    late_arrival_hint: false,
    allowedActions: [],
  };
  return {
    id: 7,
    version: 2,
    number: '7',
    company_id: 1,
    company_name: 'ACME',
    status: 'partlyCompleted',
    user: { id: 10, fullName: 'Jan Kowalski' },
    created_by: { id: 10, fullName: 'Jan Kowalski' },
    created_at: '2026-11-20T09:00:00Z',
    comment: '',
    delegation_order_id: null,
    delegation_order_number: null,
    external_customer_id: null,
    project_id: null,
    additional_parameters: [],
    travelServiceOrderItems: [
      {
        ...itemBase,
        id: 71,
        guid: 'hotel-1',
        sequence: 1,
        status: 'acceptedByClient',
        type: 'hotel',
        params: { ...emptyParams('hotel'), place_id: 41, start_date: '2027-03-10', end_date: '2027-03-12' },
      },
      {
        ...itemBase,
        id: 72,
        guid: 'flight-1',
        sequence: 2,
        status: 'awaitingAgentResponse',
        type: 'flight',
        params: {
          ...emptyParams('flight'),
          start_place_id: 1,
          end_place_id: 41,
          start_date: '2027-03-10',
          return_date: '2027-03-12',
        },
        allowedActions: ['edit', 'cancel'],
      },
    ],
    can_edit: true,
    allowedActions: ['edit', 'cancel'],
    history: [],
    unread_messages: 0,
    message_auto_read: 1,
    ...overrides,
  };
}

/** A trip order (polecenie wyjazdu) of Anna Nowak to Berlin allowing rail only. */
export const tripOrder: DelegationOrderDto = {
  id: 4,
  version: 1,
  user_id: 11,
  cost_centre_id: null,
  task_id: null,
  task: 'Targi',
  add_description: '',
  destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
  destinationText: null,
  start_place_text: 'Warszawa',
  end_place_text: 'Warszawa',
  start_date: '2027-05-04 08:00',
  end_date: '2027-05-06 18:00',
  allowed_transport: ['rail'],
  allowed_transport_cost: null,
  settlement_deadline: null,
  project_id: null,
  external_customer_id: null,
  custom_number: null,
  advances: [],
  status: 'accepted',
  stage: null,
  number: 'PW/4/2027',
  is_number_permanent: true,
  employee: { id: 11, fullName: 'Anna Nowak' },
  created_by: { id: 11, fullName: 'Anna Nowak' },
  task_name: null,
  estimate: null,
  estimated_total_cost: null,
  sent_at: null,
  accepted_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  has_settlement: false,
  allowedActions: [],
  decisions: [],
  current_approvers: [],
  waiting_for_budget: false,
};

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_TRAVEL_MAIL_SUBJECT } from '@delego/domain';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator } from '../testing/fixtures.ts';

const subject = {
  'GET /api/settings/travel-service/mail-subject': {
    body: {
      template: '[{order_number}] {traveller}',
      default_template: DEFAULT_TRAVEL_MAIL_SUBJECT,
      tags: ['order_number', 'traveller', 'service_type', 'start_date', 'end_date', 'destination', 'status', 'company'],
    },
  },
};

describe('travel-service mail subject', { timeout: 30_000 }, () => {
  it('previews the subject with sample values and names an unknown tag as it is typed', async () => {
    const { server, user } = renderApp('/settings/travel-service/mail-subject', { user: administrator, handlers: subject });
    const field = await screen.findByLabelText('Temat wiadomości', {}, FIRST_LOAD);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('[{order_number}] {traveller}'));
    expect(screen.getByTestId('mail-subject-preview').textContent).toBe('[ZUP/2026/05/0042] Anna Kowalska');

    fireEvent.change(field, { target: { value: '{order_number} {hotel}' } });
    expect(descriptionOf(field)).toBe('Nieznany znacznik {hotel}');
    expect(screen.getByTestId('mail-subject-preview').textContent).toBe('Popraw temat, aby zobaczyć podgląd.');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(server.requestsTo('POST /api/settings/travel-service/mail-subject/save')).toHaveLength(0);
  });

  it('inserts a tag from the list and saves the template', async () => {
    const { server, user } = renderApp('/settings/travel-service/mail-subject', {
      user: administrator,
      handlers: { ...subject, 'POST /api/settings/travel-service/mail-subject/save': { body: { status: 'ok', template: 'x' } } },
    });
    const field = await screen.findByLabelText<HTMLInputElement>('Temat wiadomości', {}, FIRST_LOAD);
    await waitFor(() => expect(field.value).toBe('[{order_number}] {traveller}'));
    field.setSelectionRange(field.value.length, field.value.length);
    await user.click(screen.getByRole('button', { name: 'Wstaw znacznik: miejsce docelowe' }));
    expect(field.value).toBe('[{order_number}] {traveller}{destination}');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/travel-service/mail-subject/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/travel-service/mail-subject/save')[0]!.body).toEqual({ template: '[{order_number}] {traveller}{destination}' });
  });
});

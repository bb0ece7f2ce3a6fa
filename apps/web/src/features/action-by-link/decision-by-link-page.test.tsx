import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { renderApp } from '../../testing/render-app.tsx';

const PATH = '/action-by-link/delegationOrder/decision/tok123';
const valid = {
  state: 'valid',
  approver_name: 'Piotr Nowak',
  decisions: ['accept', 'reject', 'returnForCorrection'],
  document: {
    kind: 'delegationOrder',
    id: 7,
    number: null,
    status: 'submitted',
    employee_name: 'Anna Kowalska',
    start_date: '2026-05-04 08:00',
    end_date: '2026-05-06 18:00',
    destination: 'Berlin (DE)',
    purpose: 'Spotkanie z klientem',
    description: null,
    estimated_total_cost: '1965.63',
    advances: [{ amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer', payment_date: '2026-04-30' }],
  },
};

describe('decision by e-mail link', () => {
  it('shows the document and decides only after confirmation, once', async () => {
    const { user, server } = renderApp(PATH, {
      handlers: {
        'GET /api/action-by-link/decision/tok123': { body: valid },
        'POST /api/action-by-link/decision': { body: { status: 'OK', document_status: 'accepted', number: 'PW/1/2026' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Decyzja w sprawie polecenia wyjazdu' })).toBeTruthy();
    expect(screen.getByText('Anna Kowalska')).toBeTruthy();
    expect(screen.getByText('Berlin (DE)')).toBeTruthy();
    expect(screen.getByText('04.05.2026 08:00 – 06.05.2026 18:00')).toBeTruthy();
    expect(server.requestsTo('POST /api/action-by-link/decision')).toHaveLength(0);
    await user.type(screen.getByLabelText('Komentarz'), 'OK');
    await user.click(screen.getByRole('button', { name: 'Akceptuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zaakceptować dokument?' });
    await user.click(within(dialog).getByRole('button', { name: 'Akceptuj' }));
    expect(await screen.findByText('Dokument zaakceptowano.')).toBeTruthy();
    expect(screen.getByText('Nadany numer: PW/1/2026')).toBeTruthy();
    expect(server.requestsTo('POST /api/action-by-link/decision')[0]?.body).toEqual({ token: 'tok123', decision: 'accept', comment: 'OK' });
  });

  it('opens a bare link whose address names no document kind, titled after the document the server names', async () => {
    renderApp('/action-by-link/tok123', { handlers: { 'GET /api/action-by-link/decision/tok123': { body: { ...valid, document: { ...valid.document, kind: 'delegation' } } } } });
    expect(await screen.findByRole('heading', { name: 'Decyzja w sprawie rozliczenia delegacji' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Akceptuj' })).toBeTruthy();
  });

  it('titles an unusable bare link as an action from a link', async () => {
    renderApp('/action-by-link/tok123', { handlers: { 'GET /api/action-by-link/decision/tok123': { body: { state: 'used' } } } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/już/i);
    expect(screen.getByRole('heading', { name: 'Akcja z linku' })).toBeTruthy();
  });

  it('shows the expired, used and not-found states', async () => {
    for (const [state, text] of [
      ['expired', /wygasł/i],
      ['used', /już/i],
      ['notFound', /nieprawidłowy|nie istnieje|nie znaleziono/i],
    ] as const) {
      const view = renderApp(PATH, { handlers: { 'GET /api/action-by-link/decision/tok123': { body: { state } } } });
      expect((await screen.findByRole('alert')).textContent).toMatch(text);
      view.unmount();
    }
  });

  it('turns a link that became unusable meanwhile into its state', async () => {
    const { user } = renderApp(PATH, {
      handlers: {
        'GET /api/action-by-link/decision/tok123': { body: valid },
        'POST /api/action-by-link/decision': errorAnswer(410, 'TOKEN_EXPIRED', { messages: ['URL expired'] }),
      },
    });
    await user.type(await screen.findByLabelText('Komentarz'), 'Wyjazd odwołany');
    await user.click(screen.getByRole('button', { name: 'Odrzuć' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Odrzuć' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/wygasł/i);
  });

  it('asks for a reason of at least 10 characters before returning for correction', async () => {
    const { user, server } = renderApp(PATH, {
      handlers: {
        'GET /api/action-by-link/decision/tok123': { body: valid },
        'POST /api/action-by-link/decision': { body: { status: 'OK', document_status: 'rejectedForCorrect', number: null } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Zwróć do poprawy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Pole wymagane')).toBeTruthy();
    await user.type(screen.getByLabelText('Komentarz'), 'Daty');
    expect(screen.getByText('Minimum 10 znaków')).toBeTruthy();
    await user.type(screen.getByLabelText('Komentarz'), ' powrotu do poprawy');
    await user.click(screen.getByRole('button', { name: 'Zwróć do poprawy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Zwróć do poprawy' }));
    await screen.findByText(/zwrócono/i);
    expect(server.requestsTo('POST /api/action-by-link/decision')[0]?.body).toEqual({ token: 'tok123', decision: 'returnForCorrection', comment: 'Daty powrotu do poprawy' });
  });
});

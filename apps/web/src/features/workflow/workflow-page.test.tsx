import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { defaultWorkflow } from '@delego/domain';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { insertNode, removeNode } from './workflow-edit.ts';

const admin = buildUserProperties({ permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });
const data = {
  users: [
    { id: 1, name: 'Anna', surname: 'Kowalska', login: 'anna', superior_id: 2, is_active: true, accepts_substantive: false, accepts_financial: false },
    { id: 2, name: 'Piotr', surname: 'Nowak', login: 'piotr', superior_id: null, is_active: true, accepts_substantive: true, accepts_financial: false },
  ],
  cost_centres: [{ id: 5, ordinate: 'IT-01', name: 'Informatyka', enabled_for_new: true }],
  delegation_tasks: [{ id: 9, name_pl: 'Szkolenie', name_en: 'Training', enabled_for_new: true }],
};
const orderPath = { document_kind: 'delegationOrder', definition: defaultWorkflow('delegationOrder', { superiorIsAcceptor: false }), version: 0, is_default: true, updated_at: null };
const handlers = {
  'GET /api/settings/workflow/get-data': { body: data },
  'GET /api/settings/workflow/get': { body: orderPath },
};

describe('workflow editor', () => {
  it('shows a validation problem on the node and keeps the path from being saved', async () => {
    const { user } = renderApp('/settings/workflow', { user: admin, handlers });
    await user.click(await screen.findByRole('button', { name: 'Edytuj krok: Akceptacja merytoryczna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edycja kroku: Akceptacja merytoryczna' });
    await user.click(within(dialog).getByRole('switch', { name: 'Akceptuje każdy, kto ma uprawnienie do tej akceptacji' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zastosuj' }));

    const card = screen.getByRole('article', { name: 'Akceptacja merytoryczna' });
    expect(within(card).getByText('Wybierz akceptantów, przełożonego lub dowolną osobę z uprawnieniem')).toBeTruthy();
    expect(screen.getByText('Ścieżka ma błędy – popraw je przed zapisaniem')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zapisz ścieżkę' })).toHaveProperty('disabled', true);
  });

  it('adds a condition with its branches side by side and flags the branch that ends without acceptance', async () => {
    const { user } = renderApp('/settings/workflow', { user: admin, handlers });
    await user.click(await screen.findByRole('button', { name: 'Dodaj krok po: Złożenie dokumentu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Warunek na koszt powyżej progu' }));
    const dialog = await screen.findByRole('dialog', { name: /Edycja kroku: Warunek: koszt całkowity/ });
    await user.type(within(dialog).getByLabelText('Próg kosztu całkowitego (zł)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Zastosuj' }));

    const above = screen.getByRole('group', { name: 'Koszt powyżej progu' });
    const upTo = screen.getByRole('group', { name: 'Koszt do progu' });
    expect(within(above).getByRole('article', { name: 'Akceptacja merytoryczna' })).toBeTruthy();
    expect(within(upTo).getByText('Ta ścieżka kończy się bez akceptacji merytorycznej')).toBeTruthy();
    expect(screen.getByText('Powyżej 5000 zł')).toBeTruthy();
  });

  it('previews who would approve a sample trip and saves the path', async () => {
    const { user, server } = renderApp('/settings/workflow', {
      user: admin,
      handlers: {
        ...handlers,
        'POST /api/settings/workflow/preview': {
          body: {
            node_ids: ['start', 'substantive', 'end'],
            issues: [],
            steps: [{ node_id: 'substantive', kind: 'substantive', fallback: false, acceptors: [{ user_id: 2, name: 'Piotr', surname: 'Nowak', source: 'permission' }] }],
          },
        },
        'POST /api/settings/workflow/save': { body: { status: 'ok', workflow: { ...orderPath, version: 1, is_default: false } } },
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Pracownik' }));
    await user.click(await screen.findByRole('option', { name: 'Kowalska Anna' }));
    await user.click(screen.getByRole('button', { name: 'Sprawdź' }));
    const steps = await screen.findByRole('list', { name: 'Kroki akceptacji' });
    expect(within(steps).getByText('Piotr Nowak · uprawnienie')).toBeTruthy();
    expect(server.requestsTo('POST /api/settings/workflow/preview')[0]?.body).toEqual({
      document_kind: 'delegationOrder',
      definition: orderPath.definition,
      trip: { employee_id: 1, task_id: null, cost_centre_id: null, total_cost: null },
    });

    await user.click(screen.getByRole('button', { name: 'Edytuj krok: Akceptacja merytoryczna' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Akceptuje przełożony pracownika' }));
    await user.click(within(dialog).getByRole('button', { name: 'Zastosuj' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz ścieżkę' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/workflow/save')).toHaveLength(1));
    const saved = server.requestsTo('POST /api/settings/workflow/save')[0]?.body as { version: number; definition: { nodes: { superior?: boolean }[] } };
    expect(saved.version).toBe(0);
    expect(saved.definition.nodes[1]?.superior).toBe(true);
  });
});

describe('workflow edit operations', () => {
  it('inserts a step on a link and removes it again', () => {
    const start = defaultWorkflow('delegation', { superiorIsAcceptor: true });
    const { definition, id } = insertNode(start, 'substantive', 'next', 'acceptSubstantive');
    expect(definition.nodes.find((node) => node.id === 'substantive')).toMatchObject({ next: id });
    expect(definition.nodes.find((node) => node.id === id)).toMatchObject({ next: 'financial' });
    expect(removeNode(definition, id)).toEqual(start);
  });

  it('removes a condition with its else branch', () => {
    const start = defaultWorkflow('delegationOrder', { superiorIsAcceptor: true });
    const { definition, id } = insertNode(start, 'start', 'next', 'conditionCostCentre');
    expect(definition.nodes).toHaveLength(5);
    expect(removeNode(definition, id)).toEqual(start);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, employee } from '../testing/fixtures.ts';

const policy = {
  alias: 'trip-policy',
  kind: 'tripPolicy',
  title_pl: 'Polityka podróży',
  title_en: 'Travel policy',
  content_pl: '<h2>Zasady</h2><p>Klasa ekonomiczna<img src=x onerror="window.hacked=1"></p>',
  content_en: '',
  updated_at: '2026-05-04T10:00:00.000Z',
};

describe('delegation info', { timeout: 30_000 }, () => {
  it('lists the fixed screens, the trip policy and the custom pages in the menu', async () => {
    renderApp('/delegation-info', {
      user: employee,
      handlers: {
        'GET /api/delegation-info/pages': {
          body: {
            items: [
              { alias: 'trip-policy', kind: 'tripPolicy', title_pl: 'Polityka podróży', title_en: 'Travel policy' },
              { alias: 'kontakt', kind: 'custom', title_pl: 'Kontakt z biurem podróży', title_en: '' },
            ],
          },
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Informacje o delegacjach' }, FIRST_LOAD);
    expect((await within(nav).findByRole('link', { name: /Polityka podróży/ })).getAttribute('href')).toBe('/delegation-info/trip-policy');
    expect(within(nav).getByRole('link', { name: /Kontakt z biurem podróży/ }).getAttribute('href')).toBe('/delegation-info/kontakt');
    for (const [name, href] of [
      [/Pojazdy/, '/delegation-info/vehicle'],
      [/Cele podróży/, '/delegation-info/delegation-task'],
      [/Stawki diet/, '/delegation-info/delegation-rate'],
      [/Kursy walut/, '/delegation-info/exchange-rate'],
    ] as const) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('shows a page sanitised, in English with the Polish content where the English is empty', async () => {
    renderApp('/delegation-info/trip-policy', {
      user: { ...employee, language: 'en-US' },
      handlers: { 'GET /api/delegation-info/page': { body: { page: policy } } },
    });
    const article = await screen.findByRole('article', { name: 'Travel policy' }, FIRST_LOAD);
    expect(within(article).getByRole('heading', { name: 'Zasady' })).toBeTruthy();
    expect(article.textContent).toContain('Klasa ekonomiczna');
    expect(article.querySelector('img')).toBeNull();
    expect(document.title).toBe('Travel policy – Delego');
  });

  it('says a page does not exist for an unknown alias', async () => {
    renderApp('/delegation-info/brak', { user: employee, handlers: { 'GET /api/delegation-info/page': errorAnswer(404, 'NOT_FOUND', { messages: ['Not found'] }) } });
    expect(await screen.findByRole('heading', { name: 'Nie znaleziono' }, FIRST_LOAD)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Informacje o delegacjach' }).getAttribute('href')).toBe('/delegation-info');
  });

  it('lists the enabled trip reasons in the reader language with their comment rule', async () => {
    renderApp('/delegation-info/delegation-task', {
      user: employee,
      handlers: {
        'GET /api/delegation-info/delegation-task': {
          body: { items: [{ id: 1, name_pl: 'Szkolenie', name_en: 'Training', comment_requirement: 'min10' }] },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Cele podróży' }, FIRST_LOAD);
    expect(await within(table).findByText('Szkolenie')).toBeTruthy();
    expect(within(table).getByText('Wymagany komentarz – minimum 10 znaków')).toBeTruthy();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { DelegationFormInput } from '@delego/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { draftStorage } from './model/draft-storage.ts';
import { SettlementForm } from './settlement-form.tsx';

describe('SettlementForm save hook', () => {
  it('offers saving only when a screen passes onSave, and hands it the form as the engine reads it', () => {
    const onSave = vi.fn<(form: DelegationFormInput) => void>();
    window.sessionStorage.clear();
    render(
      <AppProviders><QueryClientProvider client={createQueryClient()}>
        <SettlementForm user={buildUserProperties()} draft={draftStorage(10, 'save-test')} onSave={onSave} />
      </QueryClientProvider></AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Miejsce docelowe'), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const form = onSave.mock.calls[0]![0];
    expect(form.destinationText).toBe('Berlin');
    expect(form.transport).toHaveLength(2);
    expect(form.country?.map((part) => part.country_code)).toEqual(['PL']);
    expect(form.user_id).toBeUndefined();
  });
});

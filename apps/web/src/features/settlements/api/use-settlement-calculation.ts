import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settlementCalculationApi, type ResponseOf } from '@delego/contract';
import type { DelegationFormInput, Issue } from '@delego/domain';
import { call } from '../../../lib/api-client.ts';

export type CalculationAnswer = ResponseOf<typeof settlementCalculationApi.formFieldChanged>;

/**
 * Spec §4: every change is validated and calculated on the server once typing pauses this long.
 * Issue 13 wants the recalculation on screen within 250 ms of the last change, debounce included;
 * the call itself takes a few milliseconds (cached actor and rates), which leaves the rest for the
 * network and the render. A shorter pause only sends calls that a newer change cancels.
 */
export const CALCULATION_DEBOUNCE_MS = 150;

/** The engine accepts this many issues echoed back in `delegationErrors`. */
const MAX_ECHOED_ISSUES = 1000;

export interface SettlementCalculation {
  /** The newest answer received; kept while a newer calculation is pending or failed. */
  answer: CalculationAnswer | null;
  isCalculating: boolean;
  /** The latest calculation failed (network or server); the form and the last answer stay. */
  failed: boolean;
  retry: () => void;
}

/**
 * Spec §4/§7: validates and calculates the form on the server whenever it changes. Each form value is
 * its own query, so a newer form makes the older query unused and TanStack Query aborts its request
 * through `signal`: only the newest answer is ever shown.
 */
export function useSettlementCalculation(delegation: DelegationFormInput | null): SettlementCalculation {
  const [answer, setAnswer] = useState<CalculationAnswer | null>(null);
  // The issues the form shows now travel with the request (spec §7 `delegationErrors`); informational,
  // so they are not part of the query key.
  const shownIssues = useRef<Issue[]>([]);
  const query = useQuery({
    queryKey: ['settlement-calculation', delegation],
    queryFn: ({ signal }) =>
      call(
        settlementCalculationApi.formFieldChanged,
        { body: { delegation: delegation ?? {}, delegationErrors: shownIssues.current.slice(0, MAX_ECHOED_ISSUES) } },
        // The form shows its own message; network failures still raise the app's notification.
        { signal, notifyErrors: false },
      ),
    enabled: delegation !== null,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
  });

  useEffect(() => {
    if (query.data) {
      shownIssues.current = query.data.validation;
      setAnswer(query.data);
    }
  }, [query.data]);

  // A cleared form forgets the last answer.
  useEffect(() => {
    if (delegation === null) {
      shownIssues.current = [];
      setAnswer(null);
    }
  }, [delegation]);

  return {
    answer: delegation === null ? null : (query.data ?? answer),
    isCalculating: query.isFetching,
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from './query-client.ts';

const wrappedComponents = new WeakMap<ComponentType<never>, ComponentType<never>>();

/**
 * The component inside the app's query client. The screens' and the shell's loaders (and the login page's
 * two-factor step) give it to what they load, so TanStack Query arrives with the first screen that uses it and the
 * login page runs without it (issue 13, ADR 0038). Once per component: a screen keeps its identity across loads.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const known = wrappedComponents.get(Component as ComponentType<never>);
  if (known) return known as ComponentType<P>;
  const Wrapped = (props: P) => (
    <QueryClientProvider client={appQueryClient}>
      <Component {...props} />
    </QueryClientProvider>
  );
  wrappedComponents.set(Component as ComponentType<never>, Wrapped as ComponentType<never>);
  return Wrapped;
}

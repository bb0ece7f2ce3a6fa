import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';
import { LazyView } from './lazy-view.tsx';
import type { AppRoute } from './route-model.ts';

/** What may stand between a route and its screen (`route-guard.tsx`). */
export type RouteGuardComponent = ComponentType<{ route: AppRoute; children: ReactNode }>;

/** One route: its tab title, its guard when it has one, and its screen. */
export function RouteView({ route, Guard }: { route: AppRoute; Guard?: RouteGuardComponent }) {
  const { t } = useTranslation('routes');
  const title = t(route.titleKey);
  useDocumentTitle(title);
  const screen = <LazyView key={route.path} load={route.load} />;
  return Guard ? <Guard route={route}>{screen}</Guard> : screen;
}

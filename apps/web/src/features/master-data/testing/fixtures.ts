import { configure } from '@testing-library/react';
import { buildUserProperties } from '../../../testing/fixtures.ts';

// These screen tests wait for several requests and renders in a row; on a machine shared by many
// test runs one second per wait is too tight, so every test file importing this waits up to five.
configure({ asyncUtilTimeout: 5000 });

/** A company administrator, who may open every settings screen. */
export const administrator = buildUserProperties({ permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });

/** An employee without administration rights. */
export const employee = buildUserProperties();

/** A list answer as the server sends it. */
export function page<T>(items: T[]) {
  return { body: { items, total: items.length } };
}

/** The first look at a lazily loaded screen waits longer: its code is compiled on first import in the tests. */
export const FIRST_LOAD = { timeout: 8000 } as const;

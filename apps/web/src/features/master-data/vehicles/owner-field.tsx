import { userOptionsApi } from '@delego/contract';
import type { UserOptionsSource } from '../../../components/form/form-user-field.tsx';
import { call } from '../../../lib/api-client.ts';

/** The company's users, for choosing a vehicle's owner (administrators only). */
export const companyUserSource: UserOptionsSource = {
  key: ['master-data', 'user-options'],
  search: (query, signal) => call(userOptionsApi.search, { query }, { signal }),
};

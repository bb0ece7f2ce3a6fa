import type { SettlementFormValues } from './form-values.ts';

/**
 * The settlement being typed is kept in this tab's session storage, so a reload loses nothing
 * (it is not saved anywhere else until the settlement is saved). One draft per user and document.
 */
const STORAGE_PREFIX = 'delego.settlementDraft';
const DRAFT_VERSION = 1;

interface StoredDraft {
  version: number;
  values: SettlementFormValues;
}

export interface DraftStorage {
  read(): SettlementFormValues | null;
  write(values: SettlementFormValues): void;
  clear(): void;
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<StoredDraft>;
  return (
    draft.version === DRAFT_VERSION &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    Array.isArray(draft.values.transport) &&
    Array.isArray(draft.values.country) &&
    Array.isArray(draft.values.other) &&
    Array.isArray(draft.values.advances)
  );
}

/** The draft of one document: `new` for a settlement not saved yet, or the id of the one being edited. */
export function draftStorage(userId: number, document: string): DraftStorage {
  const key = `${STORAGE_PREFIX}.${userId}.${document}`;
  return {
    read() {
      try {
        const parsed: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
        return isStoredDraft(parsed) ? parsed.values : null;
      } catch {
        return null;
      }
    },
    write(values) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify({ version: DRAFT_VERSION, values } satisfies StoredDraft));
      } catch {
        // A full or disabled storage only costs the reload protection; the form keeps working.
      }
    },
    clear() {
      window.sessionStorage.removeItem(key);
    },
  };
}

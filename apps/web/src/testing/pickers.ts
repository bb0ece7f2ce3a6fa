import { fireEvent, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The date-time field labelled `label` (the picker's group of sections). */
export function pickerField(label: string | RegExp, container: HTMLElement = document.body): HTMLElement {
  return within(container).getByRole('group', { name: label });
}

/** What the picker shows, e.g. `05.03.2026 07:30` (its hidden input carries the text). */
export function pickerText(label: string | RegExp, container?: HTMLElement): string {
  const input = pickerField(label, container).parentElement?.querySelector('input');
  return (input?.value ?? '').replace(/[\u2066-\u2069\u200e]/g, '');
}

/**
 * Types a date as a person does: into the first section, digits only, in the order the language
 * writes them (Polish: day, month, year, hour, minute).
 */
export async function typeIntoPicker(user: UserEvent, label: string | RegExp, digits: string, container?: HTMLElement): Promise<void> {
  const sections = within(pickerField(label, container)).getAllByRole('spinbutton');
  await user.click(sections[0]!);
  await user.keyboard(digits);
}

/**
 * Puts a whole date into the picker at once, as a paste does: `text` in the language's format
 * (`10.03.2026 06:00` in Polish).
 */
export function pastePickerText(label: string | RegExp, text: string, container?: HTMLElement): void {
  const input = pickerField(label, container).parentElement?.querySelector('input');
  if (!input) throw new Error(`no picker input for ${String(label)}`);
  fireEvent.change(input, { target: { value: text } });
}

import type { Issue } from '../common/errors.ts';

/** The kinds of extra field a company adds to travel-service orders (spec §3 additional_parameters). */
export const TRAVEL_PARAMETER_TYPES = ['text', 'number', 'select', 'boolean'] as const;
export type TravelParameterType = (typeof TRAVEL_PARAMETER_TYPES)[number];

export const TRAVEL_PARAMETER_TEXT_MAX_LENGTH = 500;
export const TRAVEL_PARAMETER_OPTION_MAX_LENGTH = 100;
export const TRAVEL_PARAMETER_MAX_OPTIONS = 50;

/** A boolean parameter's values as they travel and are stored. */
export const TRAVEL_PARAMETER_BOOLEAN_VALUES = ['true', 'false'] as const;

const NUMBER_VALUE = /^-?\d{1,12}(\.\d{1,6})?$/;

export interface TravelParameterDefinition {
  type: TravelParameterType;
  options: readonly string[];
}

/** The code of what is wrong with a value of the parameter, or null when it fits the type. */
export function travelParameterValueCode(definition: TravelParameterDefinition, value: string): string | null {
  switch (definition.type) {
    case 'text':
      return value.length > TRAVEL_PARAMETER_TEXT_MAX_LENGTH ? 'validation.tooLong' : null;
    case 'number':
      return NUMBER_VALUE.test(value) ? null : 'validation.number';
    case 'select':
      return definition.options.includes(value) ? null : 'travelParameter.notAnOption';
    case 'boolean':
      return (TRAVEL_PARAMETER_BOOLEAN_VALUES as readonly string[]).includes(value) ? null : 'travelParameter.notBoolean';
  }
}

/**
 * The definition rules: a select needs at least one option, options are non-empty and unique,
 * and a default value must be a valid value of the type (an empty default means none).
 */
export function travelParameterDefinitionIssues(input: { type: TravelParameterType; options: readonly string[]; default_value: string | null }): Issue[] {
  const issues: Issue[] = [];
  if (input.type === 'select') {
    if (input.options.length === 0) issues.push({ path: ['options'], code: 'travelParameter.optionsRequired' });
    const seen = new Set<string>();
    input.options.forEach((option, index) => {
      const key = option.trim().toLowerCase();
      if (key === '') issues.push({ path: ['options', index], code: 'global.error.required' });
      else if (option.length > TRAVEL_PARAMETER_OPTION_MAX_LENGTH) issues.push({ path: ['options', index], code: 'validation.tooLong' });
      else if (seen.has(key)) issues.push({ path: ['options', index], code: 'travelParameter.optionDuplicate' });
      seen.add(key);
    });
  }
  if (input.default_value !== null && input.default_value !== '') {
    const code = travelParameterValueCode(input, input.default_value);
    if (code) issues.push({ path: ['default_value'], code });
  }
  return issues;
}

/**
 * The values of an order against the company's active parameters: each required one filled
 * (spec §5 "required additional parameters filled") and each value valid for its type.
 */
export function travelParameterValuesIssues(
  parameters: readonly (TravelParameterDefinition & { id: number; is_required: boolean })[],
  values: Readonly<Record<number, string | null | undefined>>,
  path: Issue['path'] = ['additional_parameters'],
): Issue[] {
  const issues: Issue[] = [];
  for (const parameter of parameters) {
    const value = values[parameter.id];
    if (value === null || value === undefined || value.trim() === '') {
      if (parameter.is_required) issues.push({ path: [...path, parameter.id], code: 'global.error.required' });
      continue;
    }
    const code = travelParameterValueCode(parameter, value);
    if (code) issues.push({ path: [...path, parameter.id], code });
  }
  return issues;
}

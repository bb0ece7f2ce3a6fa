import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * `zodResolver` with a schema fetched at the form's first validation instead of with its screen: the login
 * route renders its form before zod and the contract's schemas arrive (issue 13), and the messages are the
 * schema's own, so the form still says exactly what the server would.
 */
export function lazySchemaResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  let schema: Promise<Schema> | null = null;
  return async (values, context, options) => {
    schema ??= loadSchema().catch((error: unknown) => {
      // A failed fetch (the connection dropped) is tried again at the next validation.
      schema = null;
      throw error;
    });
    return zodResolver(await schema)(values, context, options);
  };
}

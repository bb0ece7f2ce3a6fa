import { z } from 'zod';

/**
 * A form's schema from the shape its fields hold (texts of selects and number fields) and the
 * API body's schema: the values are turned into the body and checked by the body's own rules,
 * whose issues land at the form fields of the same names. So the form applies exactly the
 * contract's rules without repeating them.
 */
export function formSchemaFor<TForm extends z.ZodType, TBody extends z.ZodType>(form: TForm, toBody: (values: z.output<TForm>) => z.input<TBody>, body: TBody) {
  return form.transform((values, ctx): z.output<TBody> => {
    const result = body.safeParse(toBody(values));
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

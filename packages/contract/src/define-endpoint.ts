import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP endpoint as data. The server binds it (Fastify + zod type provider) and
 * the web's typed client calls it; both read the same schemas.
 * `path` is relative to `/api` and may hold `:param` segments.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** True when the endpoint needs no session. */
  isPublic?: boolean;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  response: TResponse;
  /** The multipart field of the one file the endpoint takes instead of a JSON body. */
  fileField?: string;
  /** Short description for the generated OpenAPI document. */
  summary: string;
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<TBody, TQuery, TParams, TResponse>): Endpoint<TBody, TQuery, TParams, TResponse> {
  return endpoint;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType>
  ? Q extends z.ZodType
    ? z.input<Q>
    : undefined
  : never;
export type ParamsOf<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer P, z.ZodType>
  ? P extends z.ZodType
    ? z.input<P>
    : undefined
  : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
  ? z.output<R>
  : never;

/** The body of every error answer (spec §8; architecture "API"). */
export const errorResponseSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  /** Catalogue texts; the web shows one translated notification per entry. */
  messages: z.array(z.string()),
  issues: z
    .array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ status: z.literal('ok') });

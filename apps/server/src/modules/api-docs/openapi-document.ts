import { z } from 'zod';
import { errorResponseSchema } from '@delego/contract';
import { contractRoutes, type ContractRoute } from '../../http/contract-routes.ts';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema as a request (`input`) or an answer (`output`) carries it. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms, dates and custom checks have no JSON Schema; they are documented as "any value" there.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/delegation/:id/pdf` → `/delegation/{id}/pdf`, OpenAPI's path template. */
function openApiPath(path: string): string {
  return `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

function parametersOf(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function requestBodyOf(route: ContractRoute): JsonSchema | undefined {
  const { endpoint } = route;
  if (endpoint.fileField) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { [endpoint.fileField]: { type: 'string', format: 'binary' } }, required: [endpoint.fileField] },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } } };
}

function answerOf(route: ContractRoute): JsonSchema {
  const schema = jsonSchemaOf(route.endpoint.response, 'output');
  // An answer the contract leaves open (`z.unknown()`) is a file: a PDF, a spreadsheet, an archive.
  const isFile = Object.keys(schema).length === 0;
  return isFile
    ? { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
    : { description: 'Success', content: { 'application/json': { schema } } };
}

/**
 * The OpenAPI 3.1 document of every endpoint of the contract: its body, query and path
 * parameters, its answer and the error answer of spec §8, generated from the same zod
 * schemas the server validates with, so it cannot drift from what the server accepts.
 */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of contractRoutes()) {
    const { endpoint } = route;
    const body = requestBodyOf(route);
    const operation: JsonSchema = {
      operationId: route.name,
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
      ...(body ? { requestBody: body } : {}),
      responses: {
        '200': answerOf(route),
        default: { description: 'An error (spec §8): its code, catalogue messages and the fields at fault', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      ...(endpoint.isPublic ? { security: [] } : {}),
    };
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Delego API',
      version,
      description:
        'Business trips (delegacje) and travel services. Log in with POST /api/auth/login and send the answered token as `Authorization: Bearer <token>`; every answer other than 2xx carries the error body below.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

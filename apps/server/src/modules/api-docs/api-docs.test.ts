import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contractRoutes } from '../../http/contract-routes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Operation {
  operationId: string;
  summary: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
}

async function openApi(): Promise<{ openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } }> {
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('API documentation', () => {
  it('serves the interactive viewer without a session, from the server itself under its strict CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' })).statusCode).toBe(200);
  });

  it('documents every endpoint of the contract with its summary, once', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const declared = contractRoutes().map((route) => `${route.endpoint.method} /api${route.endpoint.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(declared.sort());
    expect(new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId))).size).toBe(declared.length);
  });

  it('gives a body its fields and limits, a list its query parameters, and an upload its file field', async () => {
    const { paths } = await openApi();
    const login = paths['/api/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['company', 'username', 'password']));
    const list = paths['/api/delegation/list']!.get!;
    expect(list.security).toBeUndefined();
    expect(list.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'page_size', in: 'query', required: false, schema: expect.objectContaining({ maximum: 200 }) })]));
    expect(list.responses['200']!.content!['application/json']).toBeDefined();
    expect(list.responses.default!.content!['application/json']).toEqual({ schema: { $ref: '#/components/schemas/Error' } });
    const upload = paths['/api/invoice/upload']!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    expect(paths['/api/invoice/download']!.get!.responses['200']!.content!['application/octet-stream']).toBeDefined();
  });

  it('lets an integrator follow it: the bearer token it describes opens a documented route', async () => {
    const document = await openApi();
    expect(document.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    expect((await t.app.inject({ url: '/api/delegation/list' })).statusCode).toBe(401);
  });
});

import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { contractRoutes } from './api.contract';
import {
  allResponses,
  bodySchemaOf,
  errorCodesOf,
  type TContractRoute,
  type TResponseSpec,
} from './contract';
import { ALL_ERROR_CODES } from './error-codes';

const TAG_NAMES: Record<string, string> = {
  health: 'Health',
  account: 'Account',
  payments: 'Payments',
  admin: 'Admin',
  content: 'Content',
  translation: 'Translator',
  wordChecker: 'Word checker',
  dev: 'Development',
  site: 'Site documents',
};

/** Express's '/a/:hub/:slug' as OpenAPI's '/a/{hub}/{slug}'. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function responseObject(status: number, specs: TResponseSpec[], route: TContractRoute) {
  const description = specs.map((s) => s.description).join('; or ');
  const codes = errorCodesOf(route)[status];
  const content: Record<string, { schema: z.ZodType } | { schema: { type: 'string'; format?: string } }> = {};
  const schemas = specs.flatMap((s) => {
    const schema = bodySchemaOf(s);
    return schema ? [schema] : [];
  });
  if (schemas.length) {
    content['application/json'] = {
      schema: schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]),
    };
  }
  for (const s of specs) {
    if (s.kind === 'content')
      content[s.contentType] = {
        schema: s.binary ? { type: 'string', format: 'binary' } : { type: 'string' },
      };
  }
  return {
    description: codes?.length ? `${description} (codes: ${codes.join(', ')})` : description,
    ...(Object.keys(content).length ? { content } : {}),
  };
}

function operation(resource: string, name: string, route: TContractRoute): ZodOpenApiOperationObject {
  const responses: Record<string, ReturnType<typeof responseObject>> = {};
  for (const [status, specs] of Object.entries(allResponses(route)).sort(
    ([a], [b]) => Number(a) - Number(b),
  )) {
    if (specs.length) responses[status] = responseObject(Number(status), specs, route);
  }
  const requestParams: { path?: z.ZodObject; query?: z.ZodObject } = {};
  if (route.params) requestParams.path = route.params;
  if (route.query && route.query instanceof z.ZodObject) requestParams.query = route.query;
  return {
    operationId: `${resource}.${name}`,
    tags: [TAG_NAMES[resource] ?? resource],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.auth === 'public' ? { security: [{}, { bearer: [] }] } : { security: [{ bearer: [] }] }),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : route.rawBody
        ? {
            requestBody: {
              required: true,
              content: { [route.rawBody]: { schema: { type: 'string' as const } } },
            },
          }
        : {}),
    responses,
    ...(route.auth !== 'public' && route.auth !== 'user' ? { 'x-requires': route.auth } : {}),
  } as ZodOpenApiOperationObject;
}

/** The document for a server at `serverUrl` (the site's public URL). */
export function createOpenApiDocument(options: { serverUrl: string; version: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const { resource, name, route } of contractRoutes()) {
    const item = (paths[openApiPath(route.path)] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[route.method.toLowerCase()] = operation(resource, name, route);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Polski Stories API',
      version: options.version,
      description:
        'The API of Polski Stories, generated from its contracts (libs/contracts). Every error answer carries a ' +
        'machine-readable `code` (listed per response, and in the ErrorCode schema); a 400 with field messages ' +
        'carries `errors` (field -> messages) and the code `validation_failed`. Sign in with account/login and send ' +
        '`Authorization: Bearer <token>`.',
    },
    servers: [{ url: options.serverUrl }],
    tags: Object.values(TAG_NAMES).map((n) => ({ name: n })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorCode: z.enum(ALL_ERROR_CODES) },
    },
    paths,
  });
}

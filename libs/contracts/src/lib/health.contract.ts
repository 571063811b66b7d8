import { z } from 'zod';
import { defineContract, json } from './contract';
import { ROUTES } from './routes';

export const ZHealthResponseSchema = z.object({ status: z.literal('ok') });
export const ZUnhealthyResponseSchema = z.object({ status: z.literal('unavailable') });
/** An OpenAPI 3.1 document (validated in the API's tests by an OpenAPI validator). */
export const ZOpenApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({}).loose(), paths: z.object({}).loose() })
  .loose();

const ready = {
  summary: 'Readiness: the database answers',
  auth: 'public' as const,
  responses: {
    200: json(ZHealthResponseSchema),
    503: json(ZUnhealthyResponseSchema, 'The database does not answer'),
  },
};

/** Health checks for load balancers and orchestrators, and the API's own description. */
export const healthContract = defineContract(ROUTES.health, {
  health: ready,
  ready,
  live: {
    summary: 'Liveness: the process serves HTTP (says nothing of dependencies)',
    auth: 'public',
    responses: { 200: json(ZHealthResponseSchema) },
  },
  openapi: {
    summary: 'This document: the API as an OpenAPI 3.1 description, generated from the contracts',
    auth: 'public',
    responses: { 200: json(ZOpenApiDocumentSchema) },
  },
});

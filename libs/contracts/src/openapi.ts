/**
 * The OpenAPI 3.1 document of the API, generated from the contracts (served at GET /api/openapi.json). A separate
 * entry point (`@polski/contracts/openapi`), so the web app never bundles the generator.
 */
export { createOpenApiDocument, openApiPath } from './lib/openapi';

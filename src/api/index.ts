export { type ClientOptions, MAX_PAGE_SIZE, PlatformClient } from './client.ts';
export { type EndpointName, endpoints, type ResponseOf } from './endpoints.ts';
export { ApiError, ApiSchemaError } from './errors.ts';
export * from './schemas/index.ts';
export type { AttemptEvent } from './transport.ts';

// The contract's route table as a chunk of its own, loaded by api-client.ts with the first request (loadRouteTable).
export { ROUTES } from '@polski/contracts';

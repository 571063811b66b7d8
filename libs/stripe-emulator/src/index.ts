export {
  EMULATOR_API_VERSION,
  EMULATOR_SECRET_KEY,
  startStripeEmulator,
  type TStripeEmulator,
  type TStripeEmulatorOptions,
} from './stripe-emulator';
export {
  EMULATOR_ONE_TIME_PRICES,
  EMULATOR_SUBSCRIPTION_PRICES,
  catalogueLookupKey,
  cataloguePriceId,
  catalogueProductId,
  defaultCatalogue,
  type TCataloguePrice,
  type TCatalogueProduct,
  type TEmulatorCatalogue,
} from './catalogue';
export {
  signWebhookPayload,
  type TDeliveryAttempt,
  type TEmulatorLogger,
  type TWebhookEndpoint,
} from './webhook-dispatcher';
export type { TEvent } from './wire-types';

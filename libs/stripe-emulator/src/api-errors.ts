/** Stripe's error envelope: `{ error: { type, code?, message, param?, doc_url? } }` with Stripe's status codes. */

export type TStripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';

export interface TStripeErrorBody {
  error: {
    type: TStripeErrorType;
    message: string;
    code?: string;
    param?: string;
    doc_url?: string;
    request_log_url?: string;
  };
}

export class StripeApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly type: TStripeErrorType,
    message: string,
    public readonly code?: string,
    public readonly param?: string,
  ) {
    super(message);
  }

  toBody(requestId?: string): TStripeErrorBody {
    const error: TStripeErrorBody['error'] = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param) error.param = this.param;
    if (requestId) error.request_log_url = `https://dashboard.stripe.com/test/logs/${requestId}`;
    return { error };
  }
}

const RESOURCE_NAMES: Record<string, string> = {
  cus: 'customer',
  price: 'price',
  prod: 'product',
  cs: 'checkout.session',
  sub: 'subscription',
  in: 'invoice',
  pi: 'payment_intent',
  ch: 'charge',
  re: 'refund',
  evt: 'event',
  bps: 'billing_portal.session',
  dp: 'dispute',
  si: 'subscription_item',
};

export function resourceNameForId(id: string): string {
  const prefix = id.split('_')[0];
  return RESOURCE_NAMES[prefix] ?? 'object';
}

export const errors = {
  notFound(resource: string, id: string, param = 'id'): StripeApiError {
    return new StripeApiError(
      404,
      'invalid_request_error',
      `No such ${resource}: '${id}'`,
      'resource_missing',
      param,
    );
  },
  /** A referenced object (in a body parameter) that does not exist: Stripe answers 400, not 404. */
  missingReference(resource: string, id: string, param: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `No such ${resource}: '${id}'`,
      'resource_missing',
      param,
    );
  },
  missingParam(param: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      'parameter_missing',
      param,
    );
  },
  unknownParam(param: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `Received unknown parameter: ${param}`,
      'parameter_unknown',
      param,
    );
  },
  notEmulated(param: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `The parameter \`${param}\` is valid in Stripe's API but the local Stripe emulator does not implement it. ` +
        'Use it only with a real Stripe test account, or extend the emulator.',
      'parameter_unknown',
      param,
    );
  },
  invalid(message: string, param?: string, code?: string): StripeApiError {
    return new StripeApiError(400, 'invalid_request_error', message, code, param);
  },
  invalidInteger(param: string, value: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${value}`,
      'parameter_invalid_integer',
      param,
    );
  },
  invalidBoolean(param: string, value: string): StripeApiError {
    return new StripeApiError(400, 'invalid_request_error', `Invalid boolean: ${value}`, undefined, param);
  },
  invalidEnum(param: string, allowed: readonly string[]): StripeApiError {
    const list =
      allowed.length > 1
        ? `${allowed.slice(0, -1).join(', ')}, or ${allowed[allowed.length - 1]}`
        : allowed[0];
    return new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid ${param}: must be one of ${list}`,
      undefined,
      param,
    );
  },
  notExpandable(path: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `This property cannot be expanded (${path}).`,
      undefined,
      'expand',
    );
  },
  unrecognizedUrl(method: string, path: string): StripeApiError {
    return new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  },
  noApiKey(): StripeApiError {
    return new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  },
  invalidApiKey(key: string): StripeApiError {
    const masked =
      key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    return new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked}`,
      'api_key_invalid',
    );
  },
  liveKey(): StripeApiError {
    return new StripeApiError(
      401,
      'invalid_request_error',
      'A live mode key was sent to the local Stripe emulator. The emulator accepts test mode keys (sk_test_...) only; ' +
        'live keys belong to api.stripe.com.',
      'api_key_invalid',
    );
  },
  idempotencyMismatch(key: string): StripeApiError {
    return new StripeApiError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  },
  unsupportedContentType(type: string): StripeApiError {
    return new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid request: unsupported Content-Type ${type}. If error persists and you need assistance, please contact support@stripe.com.`,
    );
  },
};

import type { TParamSpec } from './params';

/**
 * Per endpoint: `real` lists the top-level parameters Stripe's API has (copied from the `*Params` interfaces of the
 * installed `stripe` SDK, API version in its `apiVersion.js`); `accepted` lists the ones the emulator implements.
 * Update both when the SDK is upgraded or the emulator learns a parameter.
 */

const PAGE = ['limit', 'starting_after', 'ending_before'] as const;

function spec(accepted: readonly string[], real: readonly string[]): TParamSpec {
  return { accepted: ['expand', ...accepted], real: ['expand', ...real, ...accepted] };
}

export const RETRIEVE = spec([], []);

export const CUSTOMER_CREATE = spec(
  ['email', 'name', 'description', 'phone', 'metadata', 'preferred_locales', 'invoice_prefix'],
  [
    'address',
    'balance',
    'business_name',
    'cash_balance',
    'individual_name',
    'invoice_settings',
    'next_invoice_sequence',
    'payment_method',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'tax_id_data',
    'test_clock',
    'validate',
  ],
);

export const CUSTOMER_UPDATE = spec(
  ['email', 'name', 'description', 'phone', 'metadata', 'preferred_locales'],
  [
    'address',
    'balance',
    'business_name',
    'cash_balance',
    'default_source',
    'individual_name',
    'invoice_prefix',
    'invoice_settings',
    'next_invoice_sequence',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'validate',
  ],
);

export const CUSTOMER_LIST = spec(['email', ...PAGE], ['created', 'test_clock']);

export const PRODUCT_CREATE = spec(
  ['id', 'name', 'description', 'metadata', 'active'],
  [
    'default_price_data',
    'images',
    'marketing_features',
    'package_dimensions',
    'shippable',
    'statement_descriptor',
    'tax_code',
    'tax_details',
    'type',
    'unit_label',
    'url',
  ],
);

export const PRODUCT_LIST = spec(['active', 'ids', ...PAGE], ['created', 'shippable', 'type', 'url']);

export const PRICE_CREATE = spec(
  [
    'currency',
    'product',
    'product_data',
    'unit_amount',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'metadata',
    'active',
  ],
  [
    'billing_scheme',
    'currency_options',
    'custom_unit_amount',
    'tax_behavior',
    'tiers',
    'tiers_mode',
    'transform_quantity',
    'unit_amount_decimal',
  ],
);

export const PRICE_LIST = spec(
  ['active', 'currency', 'lookup_keys', 'product', 'type', ...PAGE],
  ['created', 'recurring'],
);

export const CHECKOUT_SESSION_CREATE = spec(
  [
    'mode',
    'line_items',
    'customer',
    'customer_email',
    'client_reference_id',
    'metadata',
    'success_url',
    'cancel_url',
    'allow_promotion_codes',
    'expires_at',
    'customer_creation',
    'locale',
    'subscription_data',
    'payment_intent_data',
    'payment_method_types',
    'billing_address_collection',
    'submit_type',
    'ui_mode',
  ],
  [
    'adaptive_pricing',
    'after_expiration',
    'allowed_payment_method_types',
    'automatic_tax',
    'branding_settings',
    'consent_collection',
    'currency',
    'custom_fields',
    'custom_text',
    'customer_account',
    'customer_update',
    'discounts',
    'excluded_payment_method_types',
    'integration_identifier',
    'invoice_creation',
    'managed_payments',
    'name_collection',
    'optional_items',
    'origin_context',
    'payment_method_collection',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'permissions',
    'phone_number_collection',
    'redirect_on_completion',
    'return_url',
    'saved_payment_method_options',
    'setup_intent_data',
    'shipping_address_collection',
    'shipping_options',
    'tax_id_collection',
    'wallet_options',
  ],
);

export const CHECKOUT_LINE_ITEM = {
  accepted: ['price', 'quantity'],
  real: ['adjustable_quantity', 'metadata', 'price_data', 'tax_rates'],
} as const;

export const CHECKOUT_SUBSCRIPTION_DATA = {
  accepted: ['metadata', 'description'],
  real: [
    'application_fee_percent',
    'billing_cycle_anchor',
    'billing_cycle_anchor_config',
    'billing_mode',
    'default_tax_rates',
    'invoice_settings',
    'on_behalf_of',
    'pending_invoice_item_interval',
    'proration_behavior',
    'transfer_data',
    'trial_end',
    'trial_period_days',
    'trial_settings',
  ],
} as const;

export const CHECKOUT_PAYMENT_INTENT_DATA = {
  accepted: ['metadata', 'description', 'receipt_email'],
  real: [
    'application_fee_amount',
    'capture_method',
    'on_behalf_of',
    'setup_future_usage',
    'shipping',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'transfer_data',
    'transfer_group',
  ],
} as const;

export const CHECKOUT_SESSION_LIST = spec(
  ['customer', 'payment_intent', 'subscription', 'status', ...PAGE],
  ['created', 'customer_account', 'customer_details', 'payment_link'],
);

export const CHECKOUT_LINE_ITEMS_LIST = spec([...PAGE], []);

export const SUBSCRIPTION_LIST = spec(
  ['customer', 'status', 'price', ...PAGE],
  [
    'automatic_tax',
    'collection_method',
    'created',
    'current_period_end',
    'current_period_start',
    'customer_account',
    'plan',
    'test_clock',
  ],
);

export const SUBSCRIPTION_UPDATE = spec(
  ['cancel_at_period_end', 'metadata', 'description', 'cancellation_details', 'proration_behavior'],
  [
    'add_invoice_items',
    'application_fee_percent',
    'automatic_tax',
    'billing_cycle_anchor',
    'billing_schedules',
    'billing_thresholds',
    'cancel_at',
    'collection_method',
    'days_until_due',
    'default_payment_method',
    'default_source',
    'default_tax_rates',
    'discounts',
    'invoice_settings',
    'items',
    'off_session',
    'on_behalf_of',
    'pause_collection',
    'payment_behavior',
    'payment_settings',
    'pending_invoice_item_interval',
    'proration_date',
    'transfer_data',
    'trial_end',
    'trial_from_plan',
    'trial_settings',
  ],
);

export const SUBSCRIPTION_CANCEL = spec(['cancellation_details', 'invoice_now', 'prorate'], []);

export const INVOICE_LIST = spec(
  ['customer', 'subscription', 'status', ...PAGE],
  ['collection_method', 'created', 'customer_account', 'due_date'],
);

export const INVOICE_PAYMENT_LIST = spec(['invoice', 'payment', 'status', ...PAGE], ['created']);

export const PAYMENT_INTENT_LIST = spec(['customer', ...PAGE], ['created', 'customer_account']);

export const PAYMENT_INTENT_RETRIEVE = spec([], ['client_secret']);

export const CHARGE_LIST = spec(['customer', 'payment_intent', ...PAGE], ['created', 'transfer_group']);

export const REFUND_CREATE = spec(
  ['payment_intent', 'charge', 'amount', 'reason', 'metadata'],
  ['currency', 'customer', 'instructions_email', 'origin', 'refund_application_fee', 'reverse_transfer'],
);

export const REFUND_LIST = spec(['charge', 'payment_intent', ...PAGE], ['created']);

export const PORTAL_SESSION_CREATE = spec(
  ['customer', 'return_url', 'locale'],
  ['after_expiration', 'configuration', 'customer_account', 'flow_data', 'on_behalf_of'],
);

export const EVENT_LIST = spec(['type', 'types', ...PAGE], ['created', 'delivery_success']);

import { useMutation } from '@tanstack/react-query';
import { ZPortalResponseSchema } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/payments/customer-portal: a one-time URL of the payment provider's billing portal for this user. */
export async function getCustomerPortalUrl(): Promise<string> {
  return ZPortalResponseSchema.parse(await callApi('payments.customerPortal')).url;
}

/** A GET, but one the user triggers and that is never cached: each click asks for a fresh portal session. */
export function useCustomerPortal() {
  return useMutation({ mutationFn: getCustomerPortalUrl });
}

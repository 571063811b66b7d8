import { useMutation } from '@tanstack/react-query';
import { ZSyncRolesResponseSchema, type TSyncRolesResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

export type { TSyncRolesResponse };

/** POST /api/payments/sync-roles (admin): reconciles every customer's premium with Stripe. */
export async function syncRoles(): Promise<TSyncRolesResponse> {
  return ZSyncRolesResponseSchema.parse(await callApi('admin.syncRoles'));
}

export function useSyncRoles() {
  return useMutation({ mutationFn: syncRoles });
}

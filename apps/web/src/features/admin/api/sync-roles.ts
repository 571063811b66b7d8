import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** The answer of POST /api/payments/sync-roles (admin): how many customers were checked and what changed. */
export const ZSyncRolesResponseSchema = z.object({
  checked: z.number(),
  changed: z.number(),
  changes: z.array(
    z.object({
      username: z.string(),
      email: z.string(),
      before: z.boolean(),
      after: z.boolean(),
      premiumUntil: z.string().nullable(),
      premiumLifetime: z.boolean(),
    }),
  ),
});
export type TSyncRolesResponse = z.infer<typeof ZSyncRolesResponseSchema>;

/** POST /api/payments/sync-roles: reconciles every customer's premium with Stripe. */
export async function syncRoles(): Promise<TSyncRolesResponse> {
  return ZSyncRolesResponseSchema.parse(await api.post<unknown>(API_ROUTES.payments.syncRoles));
}

export function useSyncRoles() {
  return useMutation({ mutationFn: syncRoles });
}

import { ROLES } from '@polski/contracts';
import type { Prisma } from '../../generated/prisma/client';
import { hasActivePremium } from '../premium/access';

type Tx = Prisma.TransactionClient;

/** Subscription states that keep access until the end of the paid period. */
const PAID_STATES = new Set(['active', 'trialing']);

export interface TAccessChange {
  before: boolean;
  after: boolean;
  premiumUntil: Date | null;
  premiumLifetime: boolean;
}

/**
 * Derives a user's premium access from their payment records, so duplicate, late or reordered events always end in
 * the same state (docs/product.md, "Payments"; docs/payments.md, "Who is premium"): lifetime if any lifetime
 * purchase stands (status `paid`: not refunded by half or more, disputed, or a refunded duplicate); otherwise until
 * the latest of: a yearly purchase's end, an active subscription's period end, a past-due subscription's paid time
 * (up to the start of the unpaid period Stripe has moved on to) plus the grace days. Cancelled, unpaid, expired or duplicate subscriptions, and a period whose invoice was
 * refunded, give nothing. Keeps the PremiumMember role in step.
 */
export async function recomputeAccess(
  tx: Tx,
  userId: string,
  now: Date,
  graceDays: number,
): Promise<TAccessChange> {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    include: { roles: { include: { role: true } } },
  });
  const before = hasActivePremium(
    {
      premiumUntil: user.premiumUntil,
      premiumLifetime: user.premiumLifetime,
      roles: user.roles.map((r) => r.role.name),
    },
    now,
  );
  const payments = await tx.payment.findMany({ where: { userId, status: 'paid' } });
  const subscriptions = await tx.subscription.findMany({ where: { userId } });
  const lifetime = payments.some((p) => p.plan === 'lifetime');
  let until: Date | null = null;
  const consider = (d: Date | null | undefined) => {
    if (d && (!until || d > until)) until = d;
  };
  for (const p of payments) if (p.plan !== 'lifetime') consider(p.accessUntil);
  for (const s of subscriptions) {
    // a duplicate subscription gives nothing; nor does a period whose invoice was refunded (half or more), until
    // the next paid period starts
    if (s.duplicate || !s.currentPeriodEnd) continue;
    if (s.refundedPeriodEnd && s.refundedPeriodEnd >= s.currentPeriodEnd) continue;
    if (PAID_STATES.has(s.status)) consider(s.currentPeriodEnd);
    // past due: Stripe has moved the period on to the unpaid one, so the paid time ended at its start; the grace
    // days count from there (a row recorded before the start was stored falls back to the period end)
    else if (s.status === 'past_due')
      consider(new Date((s.currentPeriodStart ?? s.currentPeriodEnd).getTime() + graceDays * 86_400_000));
  }
  const after = lifetime || (until !== null && (until as Date) > now);
  await tx.user.update({ where: { id: userId }, data: { premiumUntil: until, premiumLifetime: lifetime } });
  const role = await tx.role.findUniqueOrThrow({ where: { name: ROLES.premium } });
  if (after) {
    await tx.userRole.upsert({
      where: { userId_roleId: { userId, roleId: role.id } },
      create: { userId, roleId: role.id },
      update: {},
    });
  } else {
    await tx.userRole.deleteMany({ where: { userId, roleId: role.id } });
  }
  return { before, after, premiumUntil: until, premiumLifetime: lifetime };
}

-- The start of a subscription's current billing period. When a renewal payment fails, Stripe has already moved
-- the period on to the unpaid one; a past-due subscription keeps access for the grace days after the period that
-- was paid for, which ended where the current one starts. Rows from before this migration get it with their next
-- subscription event.
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" TIMESTAMPTZ(3);

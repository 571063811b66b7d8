-- Issue 17, items 6 and 7 (docs/database.md, "Account data tables"): review reminders (the opt-in, one row per
-- learner-day a reminder was queued, so several API processes never send two), headers of outbox emails
-- (List-Unsubscribe), and the payment records kept after an account is deleted.

-- AlterTable
ALTER TABLE "learner_settings" ADD COLUMN "review_reminders" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN "headers" JSONB;

-- CreateTable
CREATE TABLE "review_reminders" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "review_reminders_pkey" PRIMARY KEY ("user_id","day")
);

-- CreateTable
CREATE TABLE "retained_payments" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "stripe_customer_id" TEXT,
    "stripe_session_id" TEXT,
    "stripe_payment_intent_id" TEXT,
    "stripe_subscription_id" TEXT,
    "plan" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" INTEGER,
    "amount_refunded" INTEGER,
    "status" TEXT NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "period_end" TIMESTAMPTZ(3),
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "account_deleted_at" TIMESTAMPTZ(3) NOT NULL,
    "keep_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "retained_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "review_reminders_queued_at_idx" ON "review_reminders"("queued_at");

-- CreateIndex
CREATE INDEX "retained_payments_keep_until_idx" ON "retained_payments"("keep_until");

-- AddForeignKey
ALTER TABLE "review_reminders" ADD CONSTRAINT "review_reminders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

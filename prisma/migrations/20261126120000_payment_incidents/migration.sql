-- Issue 13, items 3, 4 and 17 (docs/payments.md): partial refunds, duplicate subscriptions, refunded subscription
-- periods, and the incidents the administrators see (unverified checkouts, duplicates and their refunds, refunds).

-- AlterTable
ALTER TABLE "payments" ADD COLUMN "amount_refunded" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN "started_at" TIMESTAMPTZ(3),
ADD COLUMN "duplicate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "refunded_period_start" TIMESTAMPTZ(3),
ADD COLUMN "refunded_period_end" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "payment_incidents" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "user_id" UUID,
    "stripe_session_id" TEXT,
    "stripe_subscription_id" TEXT,
    "stripe_payment_intent_id" TEXT,
    "amount" INTEGER,
    "amount_refunded" INTEGER,
    "currency" TEXT,
    "outcome" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "action" TEXT NOT NULL DEFAULT 'none',
    "action_status" TEXT NOT NULL DEFAULT 'none',
    "stripe_refund_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_incidents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_incidents_key_key" ON "payment_incidents"("key");

-- CreateIndex
CREATE INDEX "payment_incidents_user_id_idx" ON "payment_incidents"("user_id");

-- CreateIndex
CREATE INDEX "payment_incidents_action_status_next_attempt_at_idx" ON "payment_incidents"("action_status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

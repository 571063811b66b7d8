-- Server-side sessions (docs/product.md, "Sessions and tokens"): one row per login or registration, named by the
-- access token's `sid` claim, ended by a logout (revoked_at) and 30 days after signed_in_at. Access tokens issued
-- before this migration carry no `sid` and are refused (session_expired): everyone signs in again once.
-- Payment-redirect handles now belong to the session and token version they were saved in; the handles of the old
-- kind (at most 30 minutes old, bound to neither) are deleted.

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "signed_in_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- DeleteRows: handles of the old kind
DELETE FROM "saved_sessions";

-- AlterTable
ALTER TABLE "saved_sessions" ADD COLUMN "session_id" UUID NOT NULL,
ADD COLUMN "token_version" INTEGER NOT NULL;

-- CreateIndex
CREATE INDEX "saved_sessions_user_id_idx" ON "saved_sessions"("user_id");

-- CreateIndex
CREATE INDEX "saved_sessions_session_id_idx" ON "saved_sessions"("session_id");

-- AddForeignKey
ALTER TABLE "saved_sessions" ADD CONSTRAINT "saved_sessions_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTrigger: the user cache keeps each user's session states, so a change to a session is announced like a
-- change to the user's row (function of migration 20261122190000_user_change_notify)
CREATE TRIGGER "sessions_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "polski_notify_user_changed"('user_id');
CREATE TRIGGER "sessions_notify_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "polski_notify_user_changed"();

-- Look-alike usernames (issue 13, item 14): each account's username skeleton (UTS #39, computed by the API), unique,
-- so two processes cannot register look-alikes at once. Accounts made before this column get theirs from the API
-- at start (apps/api/src/modules/auth/usernames.ts, backfillUsernameSkeletons): the skeleton needs Unicode's
-- confusables data, which PostgreSQL does not have. NULLs do not conflict in a unique index.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "username_skeleton" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users"("username_skeleton");

-- Rate-limit rows (issue 13, item 15): the periodic sweep deletes rows whose window ended.

-- CreateIndex
CREATE INDEX "rate_limit_buckets_reset_at_idx" ON "rate_limit_buckets"("reset_at");

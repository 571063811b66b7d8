-- Change of email address (docs/product.md, "Changing the password or the email address"): the link sent to the new
-- address is a one-time token of its own purpose that carries the address it confirms; the account's address
-- changes only when the link is used.
-- AlterEnum
ALTER TYPE "TokenPurpose" ADD VALUE 'CHANGE_EMAIL';

-- AlterTable
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" TEXT;

-- The progress summary counts a learner's known words (docs/performance.md, "Learning tables at scale"): with
-- this index the count reads the index alone instead of one heap page per status of the learner.
-- CreateIndex
CREATE INDEX "word_statuses_user_id_status_idx" ON "word_statuses"("user_id", "status");

-- Issue 17 (docs/database.md, "Learning tables"): word statuses, saved words, their FSRS cards and review logs,
-- learner settings and activity per learner-day. Every row belongs to a user and goes with them (ON DELETE
-- CASCADE). None of these tables is held by the user cache, so none is watched (lib/user-writes.ts).

-- CreateTable
CREATE TABLE "word_statuses" (
    "user_id" UUID NOT NULL,
    "lemma" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "stage" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "word_statuses_pkey" PRIMARY KEY ("user_id","lemma"),
    CONSTRAINT "word_statuses_status_check" CHECK (
        ("status" = 'learning' AND "stage" BETWEEN 1 AND 4) OR ("status" IN ('known', 'ignored') AND "stage" = 0)
    )
);

-- CreateTable
CREATE TABLE "saved_words" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "lemma" TEXT NOT NULL,
    "pos" TEXT NOT NULL,
    "form" TEXT NOT NULL,
    "sentence" TEXT NOT NULL,
    "translation" TEXT NOT NULL,
    "hub" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "sentence_index" INTEGER NOT NULL,
    "token" INTEGER NOT NULL,
    "meaning" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_words_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_cards" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "saved_word_id" UUID NOT NULL,
    "due" TIMESTAMPTZ(3) NOT NULL,
    "stability" DOUBLE PRECISION NOT NULL,
    "difficulty" DOUBLE PRECISION NOT NULL,
    "elapsed_days" INTEGER NOT NULL,
    "scheduled_days" INTEGER NOT NULL,
    "learning_steps" INTEGER NOT NULL,
    "reps" INTEGER NOT NULL,
    "lapses" INTEGER NOT NULL,
    "state" INTEGER NOT NULL,
    "last_review" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_logs" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "card_type" TEXT NOT NULL,
    "state" INTEGER NOT NULL,
    "card_before" JSONB NOT NULL,
    "day" DATE NOT NULL,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "review" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "review_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "learner_settings" (
    "user_id" UUID NOT NULL,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "goal_kind" TEXT NOT NULL DEFAULT 'items',
    "goal_amount" INTEGER NOT NULL DEFAULT 20,
    "new_per_day" INTEGER NOT NULL DEFAULT 10,
    "reviews_per_day" INTEGER NOT NULL DEFAULT 100,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "learner_settings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "activity_days" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "lessons" INTEGER NOT NULL DEFAULT 0,
    "reviews" INTEGER NOT NULL DEFAULT 0,
    "new_cards" INTEGER NOT NULL DEFAULT 0,
    "items" INTEGER NOT NULL DEFAULT 0,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "freeze_used" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "activity_days_pkey" PRIMARY KEY ("user_id","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_words_user_id_lemma_key" ON "saved_words"("user_id", "lemma");

-- CreateIndex
CREATE UNIQUE INDEX "review_cards_saved_word_id_key" ON "review_cards"("saved_word_id");

-- CreateIndex
CREATE INDEX "review_cards_user_id_due_idx" ON "review_cards"("user_id", "due");

-- CreateIndex
CREATE INDEX "review_logs_user_id_review_idx" ON "review_logs"("user_id", "review");

-- CreateIndex
CREATE INDEX "review_logs_card_id_idx" ON "review_logs"("card_id");

-- AddForeignKey
ALTER TABLE "word_statuses" ADD CONSTRAINT "word_statuses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_words" ADD CONSTRAINT "saved_words_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_saved_word_id_fkey" FOREIGN KEY ("saved_word_id") REFERENCES "saved_words"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "review_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "learner_settings" ADD CONSTRAINT "learner_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

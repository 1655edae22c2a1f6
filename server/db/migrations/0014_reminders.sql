ALTER TABLE "swap_requests" ADD COLUMN "addressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "responder_answered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "swap_requests_remind_idx" ON "swap_requests" USING btree ("remind_at") WHERE "swap_requests"."remind_at" is not null;--> statement-breakpoint
-- Requests made before reminders existed: asked when made, answered if the responder has written,
-- agreed or declined. No reminder is scheduled for them (remind_at stays null), so deploying does
-- not send a burst of late reminders; the 'Ask everyone who could cover' offer applies to them.
UPDATE "swap_requests" r SET "addressed_at" = r."created_at",
  "responder_answered" = r."responder_agreed" OR r."status" = 'declined'
    OR EXISTS (SELECT 1 FROM "messages" m WHERE m."swap_request_id" = r."id" AND m."sender_id" = r."responder_id")
  WHERE r."responder_id" IS NOT NULL;

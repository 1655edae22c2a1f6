ALTER TABLE "shifts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_etag" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_changed_at" timestamp with time zone;
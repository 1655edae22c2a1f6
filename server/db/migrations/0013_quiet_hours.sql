ALTER TABLE "notification_outbox" ADD COLUMN "push_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_start" varchar(5);--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_end" varchar(5);--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_after_night_until" varchar(5);--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "cover_alerts_per_day" integer;
DROP INDEX "user_availability_date_status_idx";--> statement-breakpoint
CREATE INDEX "user_availability_day_idx" ON "user_availability" USING btree ("date","status","user_id","id");--> statement-breakpoint
CREATE INDEX "users_match_idx" ON "users" USING btree ("clinical_grade","id","first_name","last_name","hub") WHERE "users"."email_verified_at" is not null;
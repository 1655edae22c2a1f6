ALTER TABLE "user_availability" ADD COLUMN "wide_shifts" text;--> statement-breakpoint
-- An Available Off Day whose 17 weeks hold more than 47,460 minutes (the most under which the
-- fortnight decides taking any shift, with the default limits) keeps the working shifts of its
-- whole window too, as server/db/availability-index.ts keeps them from now on (`allKeptColumnsSql`).
UPDATE "user_availability" ua SET
  "wide_shifts" = coalesce((
    SELECT string_agg(0 || ',' || ("w"."date" - date '1970-01-01') || ',' || CASE "w"."shift_type" WHEN 'day' THEN 'd' WHEN 'night' THEN 'n' WHEN 'seeking_coverage' THEN 's' ELSE "w"."shift_type"::text END || ',' || coalesce("w"."start_time", '') || ',' || coalesce("w"."end_time", ''), ';') FROM "shifts" "w"
    WHERE "w"."user_id" = ua."user_id" AND "w"."shift_type" IN ('day', 'night', 'seeking_coverage')
      AND "w"."date" BETWEEN ua."date" - 60 AND ua."date" + 59), '')
WHERE ua."status" = 'available' AND ua."window_minutes" > 47460;

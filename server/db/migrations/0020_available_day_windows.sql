ALTER TABLE "user_availability" ADD COLUMN "near_shifts" text;--> statement-breakpoint
ALTER TABLE "user_availability" ADD COLUMN "window_minutes" integer;--> statement-breakpoint
-- Each Available Off Day keeps its working shifts of the fortnight around it (as
-- `workingShiftsText` without ids writes them, '' for none) and the minutes worked in the 17 weeks
-- around it, as server/db/availability-index.ts keeps them from now on (`allKeptColumnsSql`).
UPDATE "user_availability" ua SET
  "near_shifts" = coalesce((
    SELECT string_agg(0 || ',' || ("w"."date" - date '1970-01-01') || ',' || CASE "w"."shift_type" WHEN 'day' THEN 'd' WHEN 'night' THEN 'n' WHEN 'seeking_coverage' THEN 's' ELSE "w"."shift_type"::text END || ',' || coalesce("w"."start_time", '') || ',' || coalesce("w"."end_time", ''), ';') FROM "shifts" "w"
    WHERE "w"."user_id" = ua."user_id" AND "w"."shift_type" IN ('day', 'night', 'seeking_coverage')
      AND "w"."date" BETWEEN ua."date" - 14 AND ua."date" + 13), ''),
  "window_minutes" = (
    SELECT coalesce(sum("b"."worked_minutes"), 0)::int FROM "user_availability" "b"
    WHERE "b"."user_id" = ua."user_id" AND "b"."worked_minutes" > 0
      AND "b"."date" BETWEEN ua."date" - 60 AND ua."date" + 59)
WHERE ua."status" = 'available';

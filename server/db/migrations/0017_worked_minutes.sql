-- Each indexed day keeps at least the minutes its working shifts cover (day, night, seeking
-- coverage; untimed as SPEC §9's 12 display hours; a shift ending at or before its start runs past
-- midnight), as server/db/availability-index.ts keeps it from now on.
ALTER TABLE "user_availability" ADD COLUMN "worked_minutes" integer;--> statement-breakpoint
UPDATE "user_availability" AS ua SET "worked_minutes" = m.minutes
FROM (
  SELECT a."id", coalesce(sum(CASE WHEN s."start_time" IS NULL OR s."end_time" IS NULL THEN 720
      ELSE ((split_part(s."end_time", ':', 1)::int * 60 + split_part(s."end_time", ':', 2)::int)
        - (split_part(s."start_time", ':', 1)::int * 60 + split_part(s."start_time", ':', 2)::int) + 1439) % 1440 + 1 END)
    FILTER (WHERE s."shift_type" IN ('day', 'night', 'seeking_coverage')), 0)::int AS minutes
  FROM "user_availability" a LEFT JOIN "shifts" s ON s."user_id" = a."user_id" AND s."date" = a."date"
  GROUP BY a."id"
) m
WHERE ua."id" = m."id";--> statement-breakpoint
ALTER TABLE "user_availability" ALTER COLUMN "worked_minutes" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "user_availability_worked_idx" ON "user_availability" USING btree ("user_id","date","worked_minutes") WHERE "user_availability"."worked_minutes" > 0;

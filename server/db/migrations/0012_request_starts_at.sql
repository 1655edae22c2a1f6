ALTER TABLE "swap_requests" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "swap_requests_open_starts_idx" ON "swap_requests" USING btree ("starts_at") WHERE "swap_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
-- When a shift starts: its start time in London, or for an untimed shift the display time of
-- SPEC §9 (a night from 18:00, anything else from 06:00). Decision 035.
CREATE FUNCTION "shift_starts_at"(d date, start_time varchar, kind shift_type) RETURNS timestamptz
  LANGUAGE sql STABLE AS $$
  SELECT (d + coalesce(start_time, CASE WHEN kind = 'night' THEN '18:00' ELSE '06:00' END)::time)
    AT TIME ZONE 'Europe/London'
$$;
--> statement-breakpoint
CREATE FUNCTION "swap_request_starts_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT shift_starts_at(s.date, s.start_time, s.shift_type) INTO NEW.starts_at
    FROM shifts s WHERE s.id = NEW.requester_shift_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_requests_starts_at" BEFORE INSERT OR UPDATE OF requester_shift_id ON "swap_requests"
  FOR EACH ROW EXECUTE FUNCTION swap_request_starts_at();
--> statement-breakpoint
CREATE FUNCTION "shift_moves_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swap_requests SET starts_at = shift_starts_at(NEW.date, NEW.start_time, NEW.shift_type)
    WHERE requester_shift_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shifts_move_requests" AFTER UPDATE OF date, start_time, shift_type ON "shifts"
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date OR OLD.start_time IS DISTINCT FROM NEW.start_time
    OR OLD.shift_type IS DISTINCT FROM NEW.shift_type)
  EXECUTE FUNCTION shift_moves_requests();
--> statement-breakpoint
UPDATE swap_requests r SET starts_at = shift_starts_at(s.date, s.start_time, s.shift_type)
  FROM shifts s WHERE s.id = r.requester_shift_id;

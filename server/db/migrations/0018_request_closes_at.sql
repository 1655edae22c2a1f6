ALTER TABLE "swap_requests" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "swap_requests_open_closes_idx" ON "swap_requests" USING btree ("closes_at") WHERE "swap_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
-- When an open request closes (decision 040): the earliest start among the shifts it would move, the
-- requester's for a pair, the three given shifts for a three-way request (decision 038).
CREATE FUNCTION "request_closes_at"(request integer, requester_starts timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE AS $$
  SELECT least(requester_starts, (
    SELECT min(shift_starts_at(s.date, s.start_time, s.shift_type))
    FROM swap_request_parties p JOIN shifts s ON s.id = p.gives_shift_id
    WHERE p.swap_request_id = request))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "swap_request_starts_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT shift_starts_at(s.date, s.start_time, s.shift_type) INTO NEW.starts_at
    FROM shifts s WHERE s.id = NEW.requester_shift_id;
  NEW.closes_at := request_closes_at(NEW.id, NEW.starts_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A shift that moves in time moves the requests it is the requester's shift of, and the three-way
-- requests it is given in.
CREATE OR REPLACE FUNCTION "shift_moves_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz := shift_starts_at(NEW.date, NEW.start_time, NEW.shift_type);
BEGIN
  UPDATE swap_requests SET starts_at = starts, closes_at = request_closes_at(id, starts)
    WHERE requester_shift_id = NEW.id;
  -- Only open ones: a closed request never closes again.
  UPDATE swap_requests r SET closes_at = request_closes_at(r.id, r.starts_at)
    WHERE r.id IN (SELECT p.swap_request_id FROM swap_request_parties p WHERE p.gives_shift_id = NEW.id)
      AND r.requester_shift_id <> NEW.id AND r.status IN ('pending', 'accepted');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A three-way request's parties are written after its row: their shifts bring its closing forward.
CREATE FUNCTION "party_moves_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swap_requests SET closes_at = request_closes_at(id, starts_at) WHERE id = NEW.swap_request_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_request_parties_move_request" AFTER INSERT OR UPDATE OF gives_shift_id ON "swap_request_parties"
  FOR EACH ROW EXECUTE FUNCTION party_moves_request();
--> statement-breakpoint
UPDATE swap_requests SET closes_at = request_closes_at(id, starts_at);

ALTER TABLE "swap_requests" ADD COLUMN "offers_start_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "swap_requests_open_offers_start_idx" ON "swap_requests" USING btree ("offers_start_at") WHERE "swap_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
-- When the first of a request's offered shifts starts: the time the timed work drops it from a
-- request still open (DESIGN §5.22), found through the partial index instead of every open offer.
CREATE FUNCTION "request_offers_start_at"(request integer) RETURNS timestamptz
  LANGUAGE sql STABLE AS $$
  SELECT min(shift_starts_at(s.date, s.start_time, s.shift_type))
  FROM swap_request_offers o JOIN shifts s ON s.id = o.shift_id
  WHERE o.swap_request_id = request
$$;
--> statement-breakpoint
-- Offers come and go by insert and delete (a shift's deletion cascades here too); the request's
-- time follows, once per statement.
CREATE FUNCTION "offers_move_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swap_requests r SET offers_start_at = request_offers_start_at(r.id)
    WHERE r.id IN (SELECT swap_request_id FROM changed)
      AND r.offers_start_at IS DISTINCT FROM request_offers_start_at(r.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_request_offers_move_request_insert" AFTER INSERT ON "swap_request_offers"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offers_move_request();
--> statement-breakpoint
CREATE TRIGGER "swap_request_offers_move_request_delete" AFTER DELETE ON "swap_request_offers"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offers_move_request();
--> statement-breakpoint
-- As in 0018, and a shift that moves in time also moves the open requests it is offered in.
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
  -- A declined request too: its responder can restore it.
  UPDATE swap_requests r SET offers_start_at = request_offers_start_at(r.id)
    WHERE r.id IN (SELECT o.swap_request_id FROM swap_request_offers o WHERE o.shift_id = NEW.id)
      AND r.status IN ('pending', 'accepted', 'declined');
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE swap_requests r SET offers_start_at = request_offers_start_at(r.id)
  WHERE EXISTS (SELECT 1 FROM swap_request_offers o WHERE o.swap_request_id = r.id);

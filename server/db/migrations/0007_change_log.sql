CREATE TABLE "change_log" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"user_id" integer NOT NULL,
	"from_day" date,
	"to_day" date,
	"profile" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_log_txid_idx" ON "change_log" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "change_log_at_idx" ON "change_log" USING btree ("at");--> statement-breakpoint
-- Calendars: shifts and user_availability, one row per user and statement with the days touched.
CREATE FUNCTION "log_calendar_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (user_id, from_day, to_day)
      SELECT user_id, min(date), max(date) FROM new_rows GROUP BY user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (user_id, from_day, to_day)
      SELECT user_id, min(date), max(date)
      FROM (SELECT user_id, date FROM old_rows UNION ALL SELECT user_id, date FROM new_rows) c
      GROUP BY user_id;
  ELSE
    INSERT INTO change_log (user_id, from_day, to_day)
      SELECT user_id, min(date), max(date) FROM old_rows GROUP BY user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shifts_log_insert" AFTER INSERT ON "shifts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
CREATE TRIGGER "shifts_log_update" AFTER UPDATE ON "shifts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
CREATE TRIGGER "shifts_log_delete" AFTER DELETE ON "shifts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
CREATE TRIGGER "user_availability_log_insert" AFTER INSERT ON "user_availability" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
CREATE TRIGGER "user_availability_log_update" AFTER UPDATE ON "user_availability" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
CREATE TRIGGER "user_availability_log_delete" AFTER DELETE ON "user_availability" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_calendar_change();
--> statement-breakpoint
-- Profiles: only what colleagues are shown or matched on; a sign-in or a new password is not a change.
CREATE FUNCTION "log_profile_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (user_id, profile)
      SELECT n.id, true FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.first_name, n.last_name, n.clinical_grade, n.paramedic_base, n.hub, n.swap_urgency,
             n.actively_seeking_swaps, n.email_verified_at)
        IS DISTINCT FROM (o.first_name, o.last_name, o.clinical_grade, o.paramedic_base, o.hub, o.swap_urgency,
             o.actively_seeking_swaps, o.email_verified_at);
  ELSE
    INSERT INTO change_log (user_id, profile) SELECT id, true FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_log_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_profile_change();
--> statement-breakpoint
CREATE TRIGGER "users_log_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_profile_change();
--> statement-breakpoint
-- Swap requests and their offers: both parties of each request touched.
CREATE FUNCTION "log_swap_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (user_id)
      SELECT requester_id FROM new_rows UNION SELECT responder_id FROM new_rows WHERE responder_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (user_id)
      SELECT requester_id FROM old_rows UNION SELECT responder_id FROM old_rows WHERE responder_id IS NOT NULL
      UNION SELECT requester_id FROM new_rows UNION SELECT responder_id FROM new_rows WHERE responder_id IS NOT NULL;
  ELSE
    INSERT INTO change_log (user_id)
      SELECT requester_id FROM old_rows UNION SELECT responder_id FROM old_rows WHERE responder_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_requests_log_insert" AFTER INSERT ON "swap_requests" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_swap_change();
--> statement-breakpoint
CREATE TRIGGER "swap_requests_log_update" AFTER UPDATE ON "swap_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_swap_change();
--> statement-breakpoint
CREATE TRIGGER "swap_requests_log_delete" AFTER DELETE ON "swap_requests" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_swap_change();
--> statement-breakpoint
CREATE FUNCTION "log_offer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (user_id)
      SELECT r.requester_id FROM swap_requests r WHERE r.id IN (SELECT swap_request_id FROM old_rows)
      UNION SELECT r.responder_id FROM swap_requests r
        WHERE r.id IN (SELECT swap_request_id FROM old_rows) AND r.responder_id IS NOT NULL;
  ELSE
    INSERT INTO change_log (user_id)
      SELECT r.requester_id FROM swap_requests r WHERE r.id IN (SELECT swap_request_id FROM new_rows)
      UNION SELECT r.responder_id FROM swap_requests r
        WHERE r.id IN (SELECT swap_request_id FROM new_rows) AND r.responder_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_request_offers_log_insert" AFTER INSERT ON "swap_request_offers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_offer_change();
--> statement-breakpoint
CREATE TRIGGER "swap_request_offers_log_update" AFTER UPDATE ON "swap_request_offers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_offer_change();
--> statement-breakpoint
CREATE TRIGGER "swap_request_offers_log_delete" AFTER DELETE ON "swap_request_offers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_offer_change();

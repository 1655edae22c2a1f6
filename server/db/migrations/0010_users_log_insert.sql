-- A new account changes who can be listed (hub pages and counts, find-matches): log it as a profile
-- change, as an update or a deletion already is.
CREATE OR REPLACE FUNCTION "log_profile_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (user_id, profile)
      SELECT n.id, true FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.first_name, n.last_name, n.clinical_grade, n.paramedic_base, n.hub, n.swap_urgency,
             n.actively_seeking_swaps, n.email_verified_at)
        IS DISTINCT FROM (o.first_name, o.last_name, o.clinical_grade, o.paramedic_base, o.hub, o.swap_urgency,
             o.actively_seeking_swaps, o.email_verified_at);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (user_id, profile) SELECT id, true FROM new_rows;
  ELSE
    INSERT INTO change_log (user_id, profile) SELECT id, true FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_log_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_profile_change();

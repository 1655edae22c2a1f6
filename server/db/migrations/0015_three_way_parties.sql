CREATE TABLE "swap_request_parties" (
	"swap_request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gives_shift_id" integer NOT NULL,
	"agreed_at" timestamp with time zone,
	"read_through_message_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "swap_request_parties_swap_request_id_position_pk" PRIMARY KEY("swap_request_id","position")
);
--> statement-breakpoint
ALTER TABLE "swap_requests" ADD COLUMN "three_way" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_request_parties" ADD CONSTRAINT "swap_request_parties_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_request_parties" ADD CONSTRAINT "swap_request_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_request_parties" ADD CONSTRAINT "swap_request_parties_gives_shift_id_shifts_id_fk" FOREIGN KEY ("gives_shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_request_parties_request_user_unique" ON "swap_request_parties" USING btree ("swap_request_id","user_id");--> statement-breakpoint
CREATE INDEX "swap_request_parties_user_idx" ON "swap_request_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "swap_request_parties_shift_idx" ON "swap_request_parties" USING btree ("gives_shift_id");--> statement-breakpoint
-- A three-way request's parties: each party's cached lists depend on it (change log, decision 016).
CREATE FUNCTION "log_party_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (user_id) SELECT DISTINCT user_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (user_id) SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows;
  ELSE
    INSERT INTO change_log (user_id) SELECT DISTINCT user_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_request_parties_log_insert" AFTER INSERT ON "swap_request_parties" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_party_change();
--> statement-breakpoint
CREATE TRIGGER "swap_request_parties_log_update" AFTER UPDATE ON "swap_request_parties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_party_change();
--> statement-breakpoint
CREATE TRIGGER "swap_request_parties_log_delete" AFTER DELETE ON "swap_request_parties" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_party_change();

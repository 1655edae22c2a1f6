-- The colleagues of a need for cover still to be told after the first slice its own transaction
-- told, and how many of them are; the push workers' cover lane tells the rest (decision 044).
CREATE TABLE "cover_fanouts" (
	"swap_request_id" integer PRIMARY KEY NOT NULL,
	"recipients" integer[] NOT NULL,
	"told" integer DEFAULT 0 NOT NULL,
	"push" json NOT NULL,
	"per_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cover_fanouts" ADD CONSTRAINT "cover_fanouts_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;

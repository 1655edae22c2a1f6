CREATE TABLE "cover_alerts" (
	"swap_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_alerts_swap_request_id_user_id_pk" PRIMARY KEY("swap_request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "cover_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "follow_all_hubs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "followed_hubs" "hub"[];--> statement-breakpoint
ALTER TABLE "cover_alerts" ADD CONSTRAINT "cover_alerts_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_alerts" ADD CONSTRAINT "cover_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cover_alerts_user_idx" ON "cover_alerts" USING btree ("user_id","created_at");
CREATE TYPE "public"."availability" AS ENUM('available', 'unavailable', 'rest');--> statement-breakpoint
CREATE TYPE "public"."hub" AS ENUM('Bromsgrove Hub', 'Coventry Hub', 'Dudley Hub', 'Erdington Hub', 'Hollymoor Hub', 'Lichfield Hub', 'Sandwell Hub', 'Shrewsbury Hub', 'Stafford Hub', 'Stoke Hub', 'Warwick Hub', 'Willenhall Hub');--> statement-breakpoint
CREATE TYPE "public"."shift_type" AS ENUM('day', 'night', 'rest_day', 'annual_leave', 'seeking_coverage');--> statement-breakpoint
CREATE TYPE "public"."swap_status" AS ENUM('pending', 'accepted', 'declined', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."swap_urgency" AS ENUM('urgent', 'none', 'not_available');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('student_paramedic', 'technician', 'paramedic');--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"swap_request_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"shift_type" "shift_type" NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"location" varchar(200),
	"notes" text,
	"is_protected" boolean DEFAULT false NOT NULL,
	"rest_day_shift_interest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_request_offers" (
	"swap_request_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "swap_request_offers_swap_request_id_shift_id_pk" PRIMARY KEY("swap_request_id","shift_id")
);
--> statement-breakpoint
CREATE TABLE "swap_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"responder_id" integer,
	"requester_shift_id" integer NOT NULL,
	"responder_availability_id" integer,
	"status" "swap_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grs_submitted" boolean DEFAULT false NOT NULL,
	"grs_approved" boolean DEFAULT false NOT NULL,
	"requester_agreed" boolean DEFAULT false NOT NULL,
	"responder_agreed" boolean DEFAULT false NOT NULL,
	"requester_agreed_at" timestamp with time zone,
	"responder_agreed_at" timestamp with time zone,
	"accepted_offer_shift_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" "availability" DEFAULT 'unavailable' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"clinical_grade" "user_role" DEFAULT 'paramedic' NOT NULL,
	"paramedic_base" varchar(100),
	"hub" "hub",
	"phone_number" varchar(40),
	"experience" text,
	"actively_seeking_swaps" boolean DEFAULT false NOT NULL,
	"swap_urgency" "swap_urgency" DEFAULT 'none' NOT NULL,
	"calendar_token" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_request_offers" ADD CONSTRAINT "swap_request_offers_swap_request_id_swap_requests_id_fk" FOREIGN KEY ("swap_request_id") REFERENCES "public"."swap_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_request_offers" ADD CONSTRAINT "swap_request_offers_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_requester_shift_id_shifts_id_fk" FOREIGN KEY ("requester_shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_requests" ADD CONSTRAINT "swap_requests_responder_availability_id_user_availability_id_fk" FOREIGN KEY ("responder_availability_id") REFERENCES "public"."user_availability"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_availability" ADD CONSTRAINT "user_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_request_created_idx" ON "messages" USING btree ("swap_request_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("swap_request_id","sender_id") WHERE not "messages"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shifts_user_date_idx" ON "shifts" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "shifts_date_type_idx" ON "shifts" USING btree ("date","shift_type");--> statement-breakpoint
CREATE INDEX "swap_request_offers_shift_idx" ON "swap_request_offers" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "swap_requests_requester_idx" ON "swap_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "swap_requests_responder_idx" ON "swap_requests" USING btree ("responder_id");--> statement-breakpoint
CREATE INDEX "swap_requests_shift_idx" ON "swap_requests" USING btree ("requester_shift_id");--> statement-breakpoint
CREATE INDEX "swap_requests_open_idx" ON "swap_requests" USING btree ("status") WHERE "swap_requests"."responder_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_availability_user_date_unique" ON "user_availability" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "user_availability_date_status_idx" ON "user_availability" USING btree ("date","status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_unique" ON "users" USING btree ("calendar_token");--> statement-breakpoint
CREATE INDEX "users_hub_idx" ON "users" USING btree ("hub","clinical_grade");
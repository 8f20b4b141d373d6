CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"app_id" text,
	"password_hash" text NOT NULL,
	"name" text,
	"last_name" text,
	"avatar" text,
	"avatar_file_id" integer,
	"phone" text,
	"city" text,
	"gender" text,
	"birthday" text,
	"instagram_id" text,
	"timezone" text,
	"locale" text,
	"language_code" text,
	"disable_notification" smallint DEFAULT 0 NOT NULL,
	"is_require_update_password" smallint DEFAULT 0 NOT NULL,
	"is_require_update_profile" smallint DEFAULT 0 NOT NULL,
	"is_admin" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_lifetime" smallint DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"period_count" integer DEFAULT 1 NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"next_pay_at" timestamp with time zone,
	"end_date" timestamp with time zone,
	"course_service_type" text DEFAULT 'main_subscription' NOT NULL,
	"recurrent_payments_enabled" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"uniq" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"chat_only" smallint DEFAULT 0 NOT NULL,
	"course_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"is_optional_purchase" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"day_number" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_demo" smallint DEFAULT 0 NOT NULL,
	"course_version" integer DEFAULT 1 NOT NULL,
	"course_full_access" smallint DEFAULT 0 NOT NULL,
	"mobile_access" smallint DEFAULT 0 NOT NULL,
	"is_optional_purchase" smallint DEFAULT 0 NOT NULL,
	"complete_days_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"href" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tech_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"support_category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD CONSTRAINT "payment_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_stages" ADD CONSTRAINT "course_stages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_day_id_stage_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."stage_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_days" ADD CONSTRAINT "stage_days_stage_id_course_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."course_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD CONSTRAINT "user_course_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD CONSTRAINT "user_course_streams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_questions" ADD CONSTRAINT "tech_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_id_key" ON "users" USING btree ("app_id") WHERE "users"."app_id" is not null;--> statement-breakpoint
CREATE INDEX "installments_user_id_idx" ON "installments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_subscriptions_user_id_idx" ON "payment_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_scores_user_id_idx" ON "user_scores" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communities_uniq_key" ON "communities" USING btree ("uniq");--> statement-breakpoint
CREATE INDEX "user_communities_user_id_idx" ON "user_communities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_communities_community_id_idx" ON "user_communities" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "banners_sort_idx" ON "banners" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "course_stages_course_id_idx" ON "course_stages" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lessons_day_id_idx" ON "lessons" USING btree ("day_id");--> statement-breakpoint
CREATE INDEX "stage_days_stage_id_idx" ON "stage_days" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "user_course_streams_user_id_idx" ON "user_course_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_course_streams_course_id_idx" ON "user_course_streams" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "outbox_to_address_idx" ON "outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "client_errors_created_at_idx" ON "client_errors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "client_errors_user_id_idx" ON "client_errors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tech_questions_user_id_idx" ON "tech_questions" USING btree ("user_id");
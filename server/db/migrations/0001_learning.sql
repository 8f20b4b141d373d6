-- The foundation's placeholder lessons hung off days and had no course; they carry nothing worth keeping.
DELETE FROM "lessons";--> statement-breakpoint
CREATE TABLE "course_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"course_id" integer,
	"access_days" integer DEFAULT 30 NOT NULL,
	"appstore_products" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"file_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"version" integer NOT NULL,
	"is_supported" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_statistics" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"day_id" integer NOT NULL,
	"lesson_set_lesson_id" integer NOT NULL,
	"day_status_id" integer NOT NULL,
	"day_status" text,
	"viewed_seconds" integer NOT NULL,
	"play_count" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_set_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_set_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"repeat_count" integer DEFAULT 1 NOT NULL,
	"user_repeat_range_from" integer,
	"user_repeat_range_to" integer
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 4 NOT NULL,
	"name" text NOT NULL,
	"storage_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course_stream_freezes" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_day_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream_id" integer NOT NULL,
	"day_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_lesson_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream_id" integer NOT NULL,
	"lesson_set_lesson_id" integer NOT NULL,
	"viewed_seconds" integer DEFAULT 0 NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_file_id" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_media_file_id_unique" UNIQUE("media_file_id")
);
--> statement-breakpoint
ALTER TABLE "course_stages" DROP CONSTRAINT "course_stages_course_id_courses_id_fk";
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_day_id_stage_days_id_fk";
--> statement-breakpoint
ALTER TABLE "stage_days" DROP CONSTRAINT "stage_days_stage_id_course_stages_id_fk";
--> statement-breakpoint
DROP INDEX "lessons_day_id_idx";--> statement-breakpoint
ALTER TABLE "user_course_streams" ALTER COLUMN "end_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_course_streams" ALTER COLUMN "mobile_access" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "payment_subscriptions" ADD COLUMN "course_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_short" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_short" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "complexity" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "consultation_limit" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "main_image_file_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "background_image_file_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "demo_video_file_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_demo_documents_accessible" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_demo_expert_message_enabled" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_demo_user_message_enabled" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_demo_offline_mode_accessible" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "course_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "local_video_file_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "local_description_video_file_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "vertical_video_file_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "vertical_description_video_file_id" integer;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "description_short" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "day_of_rest" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "opening_delay_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "is_demo_accessible" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "finish_total_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stage_days" ADD COLUMN "required_to_complete" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "chat_channel_id" integer;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "chat_status" text;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "message_expires_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "max_consultation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "filters" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "appstore_product_id" text;--> statement-breakpoint
ALTER TABLE "user_course_streams" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_documents" ADD CONSTRAINT "course_documents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_documents" ADD CONSTRAINT "course_documents_file_id_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_statistics" ADD CONSTRAINT "day_statistics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_statistics" ADD CONSTRAINT "day_statistics_stream_id_user_course_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."user_course_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_statistics" ADD CONSTRAINT "day_statistics_day_id_stage_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."stage_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_statistics" ADD CONSTRAINT "day_statistics_lesson_set_lesson_id_lesson_set_lessons_id_fk" FOREIGN KEY ("lesson_set_lesson_id") REFERENCES "public"."lesson_set_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_statistics" ADD CONSTRAINT "day_statistics_day_status_id_user_day_statuses_id_fk" FOREIGN KEY ("day_status_id") REFERENCES "public"."user_day_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_set_lessons" ADD CONSTRAINT "lesson_set_lessons_lesson_set_id_lesson_sets_id_fk" FOREIGN KEY ("lesson_set_id") REFERENCES "public"."lesson_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_set_lessons" ADD CONSTRAINT "lesson_set_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_sets" ADD CONSTRAINT "lesson_sets_day_id_stage_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."stage_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_stream_freezes" ADD CONSTRAINT "user_course_stream_freezes_stream_id_user_course_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."user_course_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_day_statuses" ADD CONSTRAINT "user_day_statuses_stream_id_user_course_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."user_course_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_day_statuses" ADD CONSTRAINT "user_day_statuses_day_id_stage_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."stage_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lesson_statuses" ADD CONSTRAINT "user_lesson_statuses_stream_id_user_course_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."user_course_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lesson_statuses" ADD CONSTRAINT "user_lesson_statuses_lesson_set_lesson_id_lesson_set_lessons_id_fk" FOREIGN KEY ("lesson_set_lesson_id") REFERENCES "public"."lesson_set_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_media_file_id_media_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_documents_course_id_idx" ON "course_documents" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_documents_file_id_idx" ON "course_documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_versions_course_version_idx" ON "course_versions" USING btree ("course_id","version");--> statement-breakpoint
CREATE INDEX "day_statistics_stream_idx" ON "day_statistics" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "day_statistics_day_idx" ON "day_statistics" USING btree ("day_id");--> statement-breakpoint
CREATE INDEX "day_statistics_lesson_idx" ON "day_statistics" USING btree ("lesson_set_lesson_id");--> statement-breakpoint
CREATE INDEX "day_statistics_day_status_idx" ON "day_statistics" USING btree ("day_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "day_statistics_idempotency_idx" ON "day_statistics" USING btree ("user_id","idempotency_key") WHERE "day_statistics"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "lesson_set_lessons_set_idx" ON "lesson_set_lessons" USING btree ("lesson_set_id");--> statement-breakpoint
CREATE INDEX "lesson_set_lessons_lesson_idx" ON "lesson_set_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_sets_day_id_idx" ON "lesson_sets" USING btree ("day_id");--> statement-breakpoint
CREATE INDEX "user_course_stream_freezes_stream_idx" ON "user_course_stream_freezes" USING btree ("stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_day_statuses_stream_day_idx" ON "user_day_statuses" USING btree ("stream_id","day_id");--> statement-breakpoint
CREATE INDEX "user_day_statuses_day_idx" ON "user_day_statuses" USING btree ("day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_lesson_statuses_stream_lesson_idx" ON "user_lesson_statuses" USING btree ("stream_id","lesson_set_lesson_id");--> statement-breakpoint
CREATE INDEX "user_lesson_statuses_lesson_idx" ON "user_lesson_statuses" USING btree ("lesson_set_lesson_id");--> statement-breakpoint
ALTER TABLE "course_stages" ADD CONSTRAINT "course_stages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_main_image_file_id_media_files_id_fk" FOREIGN KEY ("main_image_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_background_image_file_id_media_files_id_fk" FOREIGN KEY ("background_image_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_demo_video_file_id_media_files_id_fk" FOREIGN KEY ("demo_video_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_local_video_file_id_media_files_id_fk" FOREIGN KEY ("local_video_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_local_description_video_file_id_media_files_id_fk" FOREIGN KEY ("local_description_video_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_vertical_video_file_id_media_files_id_fk" FOREIGN KEY ("vertical_video_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_vertical_description_video_file_id_media_files_id_fk" FOREIGN KEY ("vertical_description_video_file_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_days" ADD CONSTRAINT "stage_days_stage_id_course_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."course_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_main_image_file_id_idx" ON "courses" USING btree ("main_image_file_id");--> statement-breakpoint
CREATE INDEX "courses_background_image_file_id_idx" ON "courses" USING btree ("background_image_file_id");--> statement-breakpoint
CREATE INDEX "courses_demo_video_file_id_idx" ON "courses" USING btree ("demo_video_file_id");--> statement-breakpoint
CREATE INDEX "lessons_course_id_idx" ON "lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lessons_local_video_file_id_idx" ON "lessons" USING btree ("local_video_file_id");--> statement-breakpoint
CREATE INDEX "lessons_local_description_video_file_id_idx" ON "lessons" USING btree ("local_description_video_file_id");--> statement-breakpoint
CREATE INDEX "lessons_vertical_video_file_id_idx" ON "lessons" USING btree ("vertical_video_file_id");--> statement-breakpoint
CREATE INDEX "lessons_vertical_description_video_file_id_idx" ON "lessons" USING btree ("vertical_description_video_file_id");--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "day_id";--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "sort";--> statement-breakpoint
ALTER TABLE "user_course_streams" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "user_course_streams" DROP COLUMN "complete_days_count";
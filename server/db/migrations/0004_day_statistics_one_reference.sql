ALTER TABLE "day_statistics" DROP CONSTRAINT "day_statistics_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "day_statistics" DROP CONSTRAINT "day_statistics_stream_id_user_course_streams_id_fk";
--> statement-breakpoint
ALTER TABLE "day_statistics" DROP CONSTRAINT "day_statistics_day_id_stage_days_id_fk";
--> statement-breakpoint
ALTER TABLE "day_statistics" DROP CONSTRAINT "day_statistics_lesson_set_lesson_id_lesson_set_lessons_id_fk";
--> statement-breakpoint
DROP INDEX "day_statistics_stream_idx";--> statement-breakpoint
DROP INDEX "day_statistics_day_idx";--> statement-breakpoint
DROP INDEX "day_statistics_lesson_idx";
-- A statistic's day status is started in the same statement that writes it, and only for a
-- statistic that is written (its idempotency key not used before, whichever statement came first):
-- the statistic goes in first, so its reference is checked when the statement commits.
ALTER TABLE "day_statistics" ALTER CONSTRAINT "day_statistics_day_status_id_user_day_statuses_id_fk" DEFERRABLE INITIALLY DEFERRED;

-- The jobs of the release before kept only their counts, not which rows were done: none of them
-- could be resumed, and only the dialog that started one reads it. They go with their columns.
DELETE FROM "bulk_jobs";--> statement-breakpoint
CREATE TABLE "bulk_job_rows" (
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"record_id" integer NOT NULL,
	"done" boolean NOT NULL,
	"label" text,
	"message" text,
	"errors" jsonb,
	CONSTRAINT "bulk_job_rows_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD COLUMN "ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "bulk_job_rows" ADD CONSTRAINT "bulk_job_rows_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_running_idx" ON "bulk_jobs" USING btree ("updated_at") WHERE "bulk_jobs"."state" = 'running';--> statement-breakpoint
ALTER TABLE "bulk_jobs" DROP COLUMN "done";--> statement-breakpoint
ALTER TABLE "bulk_jobs" DROP COLUMN "refused";--> statement-breakpoint
ALTER TABLE "bulk_jobs" DROP COLUMN "refused_rows";--> statement-breakpoint
ALTER TABLE "bulk_jobs" DROP COLUMN "message";
CREATE TABLE "bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"screen" text NOT NULL,
	"request" jsonb NOT NULL,
	"administrator_id" integer NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refused_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_administrator_idx" ON "bulk_jobs" USING btree ("administrator_id");
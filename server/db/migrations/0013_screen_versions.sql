CREATE TABLE "screen_drafts" (
	"screen" text PRIMARY KEY NOT NULL,
	"definition" json NOT NULL,
	"labels" json NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"screen" text NOT NULL,
	"version" integer NOT NULL,
	"definition" json,
	"labels" json,
	"author_id" integer,
	"author_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"base_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screen_drafts" ADD CONSTRAINT "screen_drafts_author_id_administrators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_versions" ADD CONSTRAINT "screen_versions_author_id_administrators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screen_versions_screen_version_idx" ON "screen_versions" USING btree ("screen","version");--> statement-breakpoint
CREATE INDEX "screen_versions_screen_idx" ON "screen_versions" USING btree ("screen","id");
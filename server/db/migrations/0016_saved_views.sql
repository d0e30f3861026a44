CREATE TABLE "default_views" (
	"administrator_id" integer NOT NULL,
	"screen" text NOT NULL,
	"view_id" integer NOT NULL,
	CONSTRAINT "default_views_administrator_id_screen_pk" PRIMARY KEY("administrator_id","screen")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"screen" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "default_views" ADD CONSTRAINT "default_views_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_views" ADD CONSTRAINT "default_views_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_author_id_administrators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "default_views_view_idx" ON "default_views" USING btree ("view_id");--> statement-breakpoint
CREATE INDEX "saved_views_screen_idx" ON "saved_views" USING btree ("screen","author_id");--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("screen") WHERE "saved_views"."shared";
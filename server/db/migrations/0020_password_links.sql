CREATE TABLE "password_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_links_token_unique" ON "password_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_links_administrator_idx" ON "password_links" USING btree ("administrator_id");
CREATE TABLE "administrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "adaptation_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adaptation_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adaptation_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "author_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_ages" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_functions" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_genders" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_topologies" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "demand_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"requires_commentary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demand_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color" varchar(7) DEFAULT '#0091ea' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(5) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "locales_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"commitment" integer NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"credits" integer NOT NULL,
	CONSTRAINT "plans_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "reporter_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thematics" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ai_descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "times" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genres" ADD CONSTRAINT "genres_parent_id_genres_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."genres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thematics" ADD CONSTRAINT "thematics_parent_id_thematics_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."thematics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "administrators_email_unique" ON "administrators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sessions_administrator_idx" ON "sessions" USING btree ("administrator_id");--> statement-breakpoint
CREATE INDEX "adaptation_budgets_search_idx" ON "adaptation_budgets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adaptation_formats_search_idx" ON "adaptation_formats" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adaptation_kinds_search_idx" ON "adaptation_kinds" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audiences_search_idx" ON "audiences" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_idx" ON "categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "character_ages_search_idx" ON "character_ages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "character_functions_search_idx" ON "character_functions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "character_genders_search_idx" ON "character_genders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "character_topologies_search_idx" ON "character_topologies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_search_idx" ON "countries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "formats_search_idx" ON "formats" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "genres_search_idx" ON "genres" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "genres_parent_idx" ON "genres" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "periods_search_idx" ON "periods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thematics_search_idx" ON "thematics" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thematics_parent_idx" ON "thematics" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "times_search_idx" ON "times" USING gin ("search_text" gin_trgm_ops);
CREATE TABLE "book_facets" (
	"book_id" integer PRIMARY KEY NOT NULL,
	"quality" smallint,
	"concept" smallint,
	"plot" smallint,
	"characters" smallint,
	"coherence" smallint,
	"emotions" smallint,
	"dialogues" smallint,
	"commercial" smallint,
	"status_id" integer NOT NULL,
	"rights_status_id" integer NOT NULL,
	"time_id" integer,
	"format_id" integer,
	"original_country_id" integer,
	"language_id" integer,
	"publication_date" date,
	"serie" boolean NOT NULL,
	"author_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"genre_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"thematic_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"place_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"period_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_original_title_idx";--> statement-breakpoint
DROP INDEX "books_publication_date_idx";--> statement-breakpoint
DROP INDEX "books_updated_at_idx";--> statement-breakpoint
ALTER TABLE "book_facets" ADD CONSTRAINT "book_facets_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_facets_author_ids_idx" ON "book_facets" USING gin ("author_ids");--> statement-breakpoint
CREATE INDEX "book_facets_genre_ids_idx" ON "book_facets" USING gin ("genre_ids");--> statement-breakpoint
CREATE INDEX "book_facets_thematic_ids_idx" ON "book_facets" USING gin ("thematic_ids");--> statement-breakpoint
CREATE INDEX "book_facets_audience_ids_idx" ON "book_facets" USING gin ("audience_ids");--> statement-breakpoint
CREATE INDEX "book_facets_category_ids_idx" ON "book_facets" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "book_facets_place_ids_idx" ON "book_facets" USING gin ("place_ids");--> statement-breakpoint
CREATE INDEX "book_facets_period_ids_idx" ON "book_facets" USING gin ("period_ids");--> statement-breakpoint
CREATE INDEX "book_facets_search_idx" ON "book_facets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "book_facets_ratings_idx" ON "book_facets" USING btree ("quality","concept","plot","characters","coherence","emotions","dialogues","commercial","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_status_idx" ON "book_facets" USING btree ("status_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_rights_status_idx" ON "book_facets" USING btree ("rights_status_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_time_idx" ON "book_facets" USING btree ("time_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_format_idx" ON "book_facets" USING btree ("format_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_original_country_idx" ON "book_facets" USING btree ("original_country_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_language_idx" ON "book_facets" USING btree ("language_id","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_publication_date_idx" ON "book_facets" USING btree ("publication_date","book_id");--> statement-breakpoint
CREATE INDEX "book_facets_serie_idx" ON "book_facets" USING btree ("serie","book_id");--> statement-breakpoint
CREATE INDEX "books_publication_date_desc_idx" ON "books" USING btree ("publication_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_original_title_idx" ON "books" USING btree ("original_title","id");--> statement-breakpoint
CREATE INDEX "books_publication_date_idx" ON "books" USING btree ("publication_date","id");--> statement-breakpoint
CREATE INDEX "books_updated_at_idx" ON "books" USING btree ("updated_at","id");
CREATE TYPE "public"."rating_type" AS ENUM('quality', 'concept', 'plot', 'characters', 'coherence', 'emotions', 'dialogues', 'commercial');--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer,
	"biographies" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"additional_address" text,
	"postal_code" text,
	"city" text,
	"country_id" integer,
	"phone" text,
	"website" text,
	"description" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"professional_role" text,
	"comment" text,
	"company_id" integer,
	"contact_type_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_title" text NOT NULL,
	"original_country_id" integer,
	"language_id" integer,
	"status_id" integer DEFAULT 1 NOT NULL,
	"rights_status_id" integer DEFAULT 4 NOT NULL,
	"rights_status_updated_at" timestamp with time zone,
	"time_id" integer,
	"format_id" integer,
	"company_id" integer,
	"adaptation_budget_id" integer,
	"publication_date" date,
	"nb_pages" integer,
	"universal" boolean DEFAULT false NOT NULL,
	"manuscript_confidential" boolean DEFAULT false NOT NULL,
	"serie" boolean DEFAULT false NOT NULL,
	"private_comment" text,
	"manuscript_original_name" text,
	"manuscript_stored_name" text,
	"manuscript_size" integer,
	"manuscript_mime" text,
	"manuscript_uploaded_at" timestamp with time zone,
	"is_ai_generation_running" boolean DEFAULT false NOT NULL,
	"has_ai_results" boolean DEFAULT false NOT NULL,
	"ai_generation_error" text,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subtitles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pitches" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public_comments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"newsletter_comments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summaries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scouts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"additional_periods" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"additional_places" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"durations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"additional_manuscripts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detailed_summaries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key_moments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"arenas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"promises" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"messages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"point_of_views" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"narrative_structures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"strong_points" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weak_points" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"book_references" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"movie_references" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_manuscript_stored_name_unique" UNIQUE("manuscript_stored_name"),
	CONSTRAINT "books_publication_date_first_of_month" CHECK (extract(day from "books"."publication_date") = 1),
	CONSTRAINT "books_nb_pages_positive" CHECK ("books"."nb_pages" >= 0),
	CONSTRAINT "books_manuscript_size_positive" CHECK ("books"."manuscript_size" >= 0),
	CONSTRAINT "books_version_positive" CHECK ("books"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "book_adaptation_formats" (
	"book_id" integer NOT NULL,
	"adaptation_format_id" integer NOT NULL,
	CONSTRAINT "book_adaptation_formats_pk" PRIMARY KEY("book_id","adaptation_format_id")
);
--> statement-breakpoint
CREATE TABLE "book_adaptation_kinds" (
	"book_id" integer NOT NULL,
	"adaptation_kind_id" integer NOT NULL,
	CONSTRAINT "book_adaptation_kinds_pk" PRIMARY KEY("book_id","adaptation_kind_id")
);
--> statement-breakpoint
CREATE TABLE "book_audiences" (
	"book_id" integer NOT NULL,
	"audience_id" integer NOT NULL,
	CONSTRAINT "book_audiences_pk" PRIMARY KEY("book_id","audience_id")
);
--> statement-breakpoint
CREATE TABLE "book_categories" (
	"book_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "book_categories_pk" PRIMARY KEY("book_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "book_genres" (
	"book_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "book_genres_pk" PRIMARY KEY("book_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "book_literary_prizes" (
	"book_id" integer NOT NULL,
	"literary_prize_id" integer NOT NULL,
	CONSTRAINT "book_literary_prizes_pk" PRIMARY KEY("book_id","literary_prize_id")
);
--> statement-breakpoint
CREATE TABLE "book_periods" (
	"book_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	CONSTRAINT "book_periods_pk" PRIMARY KEY("book_id","period_id")
);
--> statement-breakpoint
CREATE TABLE "book_places" (
	"book_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "book_places_pk" PRIMARY KEY("book_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "book_thematics" (
	"book_id" integer NOT NULL,
	"thematic_id" integer NOT NULL,
	CONSTRAINT "book_thematics_pk" PRIMARY KEY("book_id","thematic_id")
);
--> statement-breakpoint
CREATE TABLE "book_authors" (
	"book_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"author_type_id" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_authors_pk" PRIMARY KEY("book_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "book_contacts" (
	"book_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"audiovisual_law" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_contacts_pk" PRIMARY KEY("book_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "book_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_series_number_positive" CHECK ("book_series"."number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "book_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"contact_id" integer,
	"other" text,
	"date" date,
	"mail" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_sources_contact_or_other" CHECK ("book_sources"."contact_id" is not null or "book_sources"."other" is not null)
);
--> statement-breakpoint
CREATE TABLE "book_ratings" (
	"book_id" integer NOT NULL,
	"type" "rating_type" NOT NULL,
	"rate" smallint NOT NULL,
	CONSTRAINT "book_ratings_pk" PRIMARY KEY("book_id","type"),
	CONSTRAINT "book_ratings_rate_range" CHECK ("book_ratings"."rate" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "book_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_files_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "book_files_type_known" CHECK ("book_files"."type" in (1, 2, 3)),
	CONSTRAINT "book_files_size_positive" CHECK ("book_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "character_age_links" (
	"character_id" integer NOT NULL,
	"age_id" integer NOT NULL,
	CONSTRAINT "character_age_links_pk" PRIMARY KEY("character_id","age_id")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"name" text NOT NULL,
	"function_id" integer,
	"gender_id" integer,
	"country_id" integer,
	"topology_id" integer,
	"characterisations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issues" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evolutions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"contents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"json_structure" text DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_prompts_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "literary_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"image" text,
	"link" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_type_known" CHECK ("news"."type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" text NOT NULL,
	"administrator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_books" (
	"library_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_books_pk" PRIMARY KEY("library_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text_search" text,
	"saved_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filter_texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ratings_filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"commitment" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"subscription_end_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"job" text,
	"company" text,
	"vat_number" text,
	"locale_id" integer,
	"address" text,
	"additional_address" text,
	"city" text,
	"postal_code" text,
	"country_id" integer,
	"is_accepted" boolean DEFAULT false NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"number_connections" integer DEFAULT 0 NOT NULL,
	"last_connection_date" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_positive" CHECK ("users"."credits" >= 0),
	CONSTRAINT "users_number_connections_positive" CHECK ("users"."number_connections" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book_id" integer,
	"demand_date" date DEFAULT now() NOT NULL,
	"demand_end_date" date,
	"demand_type_id" integer NOT NULL,
	"demand_status_id" integer NOT NULL,
	"commentary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporter_books" (
	"reporter_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reporter_books_pk" PRIMARY KEY("reporter_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "reporter_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"text_type" text NOT NULL,
	"lang" varchar(2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reporter_texts_type_known" CHECK ("reporter_texts"."text_type" in ('rights', 'alerts', 'buzz', 'news')),
	CONSTRAINT "reporter_texts_lang_known" CHECK ("reporter_texts"."lang" in ('en', 'fr', 'es', 'de', 'it'))
);
--> statement-breakpoint
CREATE TABLE "reporter_user_roles" (
	"reporter_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "reporter_user_roles_pk" PRIMARY KEY("reporter_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "reporter_users" (
	"reporter_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "reporter_users_pk" PRIMARY KEY("reporter_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reporters" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" date DEFAULT now() NOT NULL,
	"reporter_status_id" integer DEFAULT 1 NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reporters_lang_known" CHECK ("reporters"."lang" in ('en', 'fr', 'es', 'de', 'it'))
);
--> statement-breakpoint
CREATE TABLE "ai_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"locale" varchar(2) NOT NULL,
	"model" text NOT NULL,
	"generate_from" text DEFAULT 'report' NOT NULL,
	"author" text,
	"publishing_house_name" text,
	"title" text,
	"subtitle" text,
	"pitch" text,
	"public_comment" text,
	"newsletter_comment" text,
	"summary" text,
	"report" text,
	"scout" text,
	"additional_period" text,
	"additional_place" text,
	"duration" text,
	"additional_manuscript" text,
	"detailed_summary" text,
	"key_moments" text,
	"arena" text,
	"promise" text,
	"message" text,
	"tone" text,
	"point_of_view" text,
	"narrative_structure" text,
	"strong_points" text,
	"weak_points" text,
	"book_references" text,
	"movie_references" text,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"justifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ratings_justifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_books_book_unique" UNIQUE("book_id"),
	CONSTRAINT "ai_books_locale_known" CHECK ("ai_books"."locale" in ('en', 'fr', 'es', 'de', 'it')),
	CONSTRAINT "ai_books_generate_from_known" CHECK ("ai_books"."generate_from" in ('report', 'manuscript'))
);
--> statement-breakpoint
CREATE TABLE "book_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_contact_type_id_contact_types_id_fk" FOREIGN KEY ("contact_type_id") REFERENCES "public"."contact_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_original_country_id_countries_id_fk" FOREIGN KEY ("original_country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_status_id_book_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."book_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_rights_status_id_rights_statuses_id_fk" FOREIGN KEY ("rights_status_id") REFERENCES "public"."rights_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_time_id_times_id_fk" FOREIGN KEY ("time_id") REFERENCES "public"."times"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_format_id_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_adaptation_budget_id_adaptation_budgets_id_fk" FOREIGN KEY ("adaptation_budget_id") REFERENCES "public"."adaptation_budgets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_adaptation_formats" ADD CONSTRAINT "book_adaptation_formats_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_adaptation_formats" ADD CONSTRAINT "book_adaptation_formats_adaptation_format_fk" FOREIGN KEY ("adaptation_format_id") REFERENCES "public"."adaptation_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_adaptation_kinds" ADD CONSTRAINT "book_adaptation_kinds_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_adaptation_kinds" ADD CONSTRAINT "book_adaptation_kinds_adaptation_kind_fk" FOREIGN KEY ("adaptation_kind_id") REFERENCES "public"."adaptation_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_audiences" ADD CONSTRAINT "book_audiences_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_audiences" ADD CONSTRAINT "book_audiences_audience_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_genre_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_literary_prizes" ADD CONSTRAINT "book_literary_prizes_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_literary_prizes" ADD CONSTRAINT "book_literary_prizes_literary_prize_fk" FOREIGN KEY ("literary_prize_id") REFERENCES "public"."literary_prizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_periods" ADD CONSTRAINT "book_periods_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_periods" ADD CONSTRAINT "book_periods_period_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_places" ADD CONSTRAINT "book_places_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_places" ADD CONSTRAINT "book_places_country_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_thematics" ADD CONSTRAINT "book_thematics_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_thematics" ADD CONSTRAINT "book_thematics_thematic_fk" FOREIGN KEY ("thematic_id") REFERENCES "public"."thematics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_type_fk" FOREIGN KEY ("author_type_id") REFERENCES "public"."author_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_contacts" ADD CONSTRAINT "book_contacts_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_contacts" ADD CONSTRAINT "book_contacts_contact_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_series" ADD CONSTRAINT "book_series_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_sources" ADD CONSTRAINT "book_sources_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_sources" ADD CONSTRAINT "book_sources_contact_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_ratings" ADD CONSTRAINT "book_ratings_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_files" ADD CONSTRAINT "book_files_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_age_links" ADD CONSTRAINT "character_age_links_character_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_age_links" ADD CONSTRAINT "character_age_links_age_fk" FOREIGN KEY ("age_id") REFERENCES "public"."character_ages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_function_fk" FOREIGN KEY ("function_id") REFERENCES "public"."character_functions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_gender_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."character_genders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_country_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_topology_fk" FOREIGN KEY ("topology_id") REFERENCES "public"."character_topologies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libraries" ADD CONSTRAINT "libraries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_books" ADD CONSTRAINT "library_books_library_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_books" ADD CONSTRAINT "library_books_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_demand_type_id_demand_types_id_fk" FOREIGN KEY ("demand_type_id") REFERENCES "public"."demand_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_demand_status_id_demand_statuses_id_fk" FOREIGN KEY ("demand_status_id") REFERENCES "public"."demand_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_books" ADD CONSTRAINT "reporter_books_reporter_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."reporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_books" ADD CONSTRAINT "reporter_books_book_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_texts" ADD CONSTRAINT "reporter_texts_reporter_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."reporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_user_roles" ADD CONSTRAINT "reporter_user_roles_reporter_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."reporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_user_roles" ADD CONSTRAINT "reporter_user_roles_plan_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_users" ADD CONSTRAINT "reporter_users_reporter_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."reporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_users" ADD CONSTRAINT "reporter_users_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporters" ADD CONSTRAINT "reporters_reporter_status_id_reporter_statuses_id_fk" FOREIGN KEY ("reporter_status_id") REFERENCES "public"."reporter_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_books" ADD CONSTRAINT "ai_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_views" ADD CONSTRAINT "book_views_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_views" ADD CONSTRAINT "book_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authors_search_idx" ON "authors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "authors_name_idx" ON "authors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "authors_country_idx" ON "authors" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_country_idx" ON "companies" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contacts_contact_type_idx" ON "contacts" USING btree ("contact_type_id");--> statement-breakpoint
CREATE INDEX "books_search_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_original_title_idx" ON "books" USING btree ("original_title");--> statement-breakpoint
CREATE INDEX "books_status_idx" ON "books" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "books_rights_status_idx" ON "books" USING btree ("rights_status_id");--> statement-breakpoint
CREATE INDEX "books_time_idx" ON "books" USING btree ("time_id");--> statement-breakpoint
CREATE INDEX "books_format_idx" ON "books" USING btree ("format_id");--> statement-breakpoint
CREATE INDEX "books_original_country_idx" ON "books" USING btree ("original_country_id");--> statement-breakpoint
CREATE INDEX "books_language_idx" ON "books" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "books_company_idx" ON "books" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "books_adaptation_budget_idx" ON "books" USING btree ("adaptation_budget_id");--> statement-breakpoint
CREATE INDEX "books_publication_date_idx" ON "books" USING btree ("publication_date");--> statement-breakpoint
CREATE INDEX "books_updated_at_idx" ON "books" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "book_adaptation_formats_adaptation_format_idx" ON "book_adaptation_formats" USING btree ("adaptation_format_id","book_id");--> statement-breakpoint
CREATE INDEX "book_adaptation_kinds_adaptation_kind_idx" ON "book_adaptation_kinds" USING btree ("adaptation_kind_id","book_id");--> statement-breakpoint
CREATE INDEX "book_audiences_audience_idx" ON "book_audiences" USING btree ("audience_id","book_id");--> statement-breakpoint
CREATE INDEX "book_categories_category_idx" ON "book_categories" USING btree ("category_id","book_id");--> statement-breakpoint
CREATE INDEX "book_genres_genre_idx" ON "book_genres" USING btree ("genre_id","book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "book_genres_one_primary" ON "book_genres" USING btree ("book_id") WHERE "book_genres"."is_primary";--> statement-breakpoint
CREATE INDEX "book_literary_prizes_literary_prize_idx" ON "book_literary_prizes" USING btree ("literary_prize_id","book_id");--> statement-breakpoint
CREATE INDEX "book_periods_period_idx" ON "book_periods" USING btree ("period_id","book_id");--> statement-breakpoint
CREATE INDEX "book_places_country_idx" ON "book_places" USING btree ("country_id","book_id");--> statement-breakpoint
CREATE INDEX "book_thematics_thematic_idx" ON "book_thematics" USING btree ("thematic_id","book_id");--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id","book_id");--> statement-breakpoint
CREATE INDEX "book_contacts_contact_idx" ON "book_contacts" USING btree ("contact_id","book_id");--> statement-breakpoint
CREATE INDEX "book_series_book_idx" ON "book_series" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "book_sources_book_idx" ON "book_sources" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "book_sources_contact_idx" ON "book_sources" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "book_ratings_type_rate_idx" ON "book_ratings" USING btree ("type","rate","book_id");--> statement-breakpoint
CREATE INDEX "book_files_book_type_idx" ON "book_files" USING btree ("book_id","type");--> statement-breakpoint
CREATE INDEX "character_age_links_age_idx" ON "character_age_links" USING btree ("age_id","character_id");--> statement-breakpoint
CREATE INDEX "characters_book_idx" ON "characters" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "literary_prizes_label_unique" ON "literary_prizes" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "literary_prizes_search_idx" ON "literary_prizes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_created_at_idx" ON "news" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_movements_user_idx" ON "credit_movements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_movements_administrator_idx" ON "credit_movements" USING btree ("administrator_id");--> statement-breakpoint
CREATE INDEX "libraries_user_idx" ON "libraries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "library_books_book_idx" ON "library_books" USING btree ("book_id","library_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_created_at_idx" ON "saved_searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_connection_idx" ON "users" USING btree ("last_connection_date");--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "users_locale_idx" ON "users" USING btree ("locale_id");--> statement-breakpoint
CREATE INDEX "demands_user_idx" ON "demands" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "demands_book_idx" ON "demands" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "demands_type_idx" ON "demands" USING btree ("demand_type_id");--> statement-breakpoint
CREATE INDEX "demands_status_idx" ON "demands" USING btree ("demand_status_id");--> statement-breakpoint
CREATE INDEX "demands_date_idx" ON "demands" USING btree ("demand_date");--> statement-breakpoint
CREATE INDEX "reporter_books_book_idx" ON "reporter_books" USING btree ("book_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reporter_texts_reporter_idx" ON "reporter_texts" USING btree ("reporter_id","lang");--> statement-breakpoint
CREATE INDEX "reporter_user_roles_plan_idx" ON "reporter_user_roles" USING btree ("plan_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reporter_users_user_idx" ON "reporter_users" USING btree ("user_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reporters_search_idx" ON "reporters" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reporters_date_idx" ON "reporters" USING btree ("date");--> statement-breakpoint
CREATE INDEX "reporters_status_idx" ON "reporters" USING btree ("reporter_status_id");--> statement-breakpoint
CREATE INDEX "ai_books_created_at_idx" ON "ai_books" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "book_views_book_idx" ON "book_views" USING btree ("book_id","viewed_at");--> statement-breakpoint
CREATE INDEX "book_views_user_idx" ON "book_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "book_views_viewed_at_idx" ON "book_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "user_connections_user_idx" ON "user_connections" USING btree ("user_id","connected_at");--> statement-breakpoint
CREATE INDEX "user_connections_connected_at_idx" ON "user_connections" USING btree ("connected_at");
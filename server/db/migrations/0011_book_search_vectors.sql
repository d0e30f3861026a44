-- The reading-sheet list's free text becomes PostgreSQL full-text search (docs/books-list.md):
-- `book_search`, a text-search configuration that folds accents (unaccent) and lowers case without
-- stemming or stop words, and two vectors per sheet in book_facets, kept by the triggers of 0005:
-- title_vector (the words of the original title, the titles in every locale and the authors:
-- books.search_text, each with all its beginnings, so a word being typed is an exact lookup) and
-- search_vector (those and the report's words in every locale). The trigram copy of search_text
-- goes, and one GIN index over both vectors and every criterion array replaces the arrays' own.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'book_search') THEN
    CREATE TEXT SEARCH CONFIGURATION book_search (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION book_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX "book_facets_author_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_genre_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_thematic_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_audience_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_category_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_place_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_period_ids_idx";--> statement-breakpoint
DROP INDEX "book_facets_search_idx";--> statement-breakpoint
ALTER TABLE "book_facets" ADD COLUMN "title_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "book_facets" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "book_facets" DROP COLUMN "search_text";--> statement-breakpoint

-- Every beginning of every word of a vector ('jardin' → 'j', 'ja', 'jar', 'jard', 'jardi', 'jardin').
CREATE FUNCTION book_search_beginnings(words tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(word, n))), ''::tsvector)
  FROM unnest(tsvector_to_array(words)) AS word, generate_series(1, length(word)) AS n
$$;
--> statement-breakpoint
-- The two vectors of a sheet, from its search_text and its report (a map of locale to plain text):
-- words only, without positions (nothing ranks by them), so the report's vector stays small.
-- Callers compute the title vector once per row (a lateral subquery, OFFSET 0 so it is not inlined twice).
CREATE FUNCTION book_title_vector(search_text text) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT book_search_beginnings(to_tsvector('book_search', coalesce(search_text, '')))
$$;
--> statement-breakpoint
CREATE FUNCTION book_search_vector(title_vector tsvector, report jsonb) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT title_vector || strip(jsonb_to_tsvector('book_search', coalesce(report, '{}'::jsonb), '["string"]'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_facets_from_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_facets (book_id, status_id, rights_status_id, time_id, format_id, original_country_id, language_id, publication_date, serie, title_vector, search_vector)
    SELECT n.id, n.status_id, n.rights_status_id, n.time_id, n.format_id, n.original_country_id, n.language_id, n.publication_date, n.serie,
      t.v, book_search_vector(t.v, n.report)
    FROM new_rows n CROSS JOIN LATERAL (SELECT book_title_vector(n.search_text) AS v OFFSET 0) t
    ON CONFLICT (book_id) DO NOTHING;
  ELSE
    UPDATE book_facets f
    SET status_id = n.status_id, rights_status_id = n.rights_status_id, time_id = n.time_id, format_id = n.format_id,
        original_country_id = n.original_country_id, language_id = n.language_id, publication_date = n.publication_date, serie = n.serie,
        title_vector = n.title_vector, search_vector = n.search_vector
    FROM (
      SELECT n.*, t.v AS title_vector, book_search_vector(t.v, n.report) AS search_vector
      FROM new_rows n CROSS JOIN LATERAL (SELECT book_title_vector(n.search_text) AS v OFFSET 0) t
    ) n
    WHERE f.book_id = n.id
      AND (f.status_id, f.rights_status_id, f.time_id, f.format_id, f.original_country_id, f.language_id, f.publication_date, f.serie, f.title_vector, f.search_vector)
          IS DISTINCT FROM (n.status_id, n.rights_status_id, n.time_id, n.format_id, n.original_country_id, n.language_id, n.publication_date, n.serie, n.title_vector, n.search_vector);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_facets_rebuild() RETURNS void LANGUAGE sql AS $$
  INSERT INTO book_facets (book_id, status_id, rights_status_id, time_id, format_id, original_country_id, language_id, publication_date, serie, title_vector, search_vector, author_ids, genre_ids, thematic_ids, audience_ids, category_ids, place_ids, period_ids, quality, concept, plot, characters, coherence, emotions, dialogues, commercial)
  SELECT b.id,
    b.status_id,
    b.rights_status_id,
    b.time_id,
    b.format_id,
    b.original_country_id,
    b.language_id,
    b.publication_date,
    b.serie,
    t.v,
    book_search_vector(t.v, b.report),
    coalesce((SELECT array_agg(DISTINCT j.author_id ORDER BY j.author_id) FROM book_authors j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.genre_id ORDER BY j.genre_id) FROM book_genres j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.thematic_id ORDER BY j.thematic_id) FROM book_thematics j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.audience_id ORDER BY j.audience_id) FROM book_audiences j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.category_id ORDER BY j.category_id) FROM book_categories j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.country_id ORDER BY j.country_id) FROM book_places j WHERE j.book_id = b.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT j.period_id ORDER BY j.period_id) FROM book_periods j WHERE j.book_id = b.id), '{}'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'quality'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'concept'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'plot'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'characters'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'coherence'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'emotions'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'dialogues'),
    (SELECT rate FROM book_ratings r WHERE r.book_id = b.id AND r.type = 'commercial')
  FROM books b CROSS JOIN LATERAL (SELECT book_title_vector(b.search_text) AS v OFFSET 0) t
  ON CONFLICT (book_id) DO UPDATE SET
    status_id = excluded.status_id,
    rights_status_id = excluded.rights_status_id,
    time_id = excluded.time_id,
    format_id = excluded.format_id,
    original_country_id = excluded.original_country_id,
    language_id = excluded.language_id,
    publication_date = excluded.publication_date,
    serie = excluded.serie,
    title_vector = excluded.title_vector,
    search_vector = excluded.search_vector,
    author_ids = excluded.author_ids,
    genre_ids = excluded.genre_ids,
    thematic_ids = excluded.thematic_ids,
    audience_ids = excluded.audience_ids,
    category_ids = excluded.category_ids,
    place_ids = excluded.place_ids,
    period_ids = excluded.period_ids,
    quality = excluded.quality,
    concept = excluded.concept,
    plot = excluded.plot,
    characters = excluded.characters,
    coherence = excluded.coherence,
    emotions = excluded.emotions,
    dialogues = excluded.dialogues,
    commercial = excluded.commercial;
$$;
--> statement-breakpoint
-- Fill the vectors of the sheets written before (only these two columns: the rest is current).
UPDATE book_facets f SET title_vector = t.v, search_vector = book_search_vector(t.v, b.report)
FROM books b CROSS JOIN LATERAL (SELECT book_title_vector(b.search_text) AS v OFFSET 0) t WHERE b.id = f.book_id;
--> statement-breakpoint
CREATE INDEX "book_facets_match_idx" ON "book_facets" USING gin ("title_vector","search_vector","author_ids","genre_ids","thematic_ids","audience_ids","category_ids","place_ids","period_ids");

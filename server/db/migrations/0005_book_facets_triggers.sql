-- book_facets: a narrow projection of what the reading-sheet list filters on (server/db/schema/book-facets.ts),
-- kept here by statement-level triggers with transition tables, so bulk writes refresh it once per statement.
-- books → its filtered columns; criteria, author and rating tables → the id arrays and the eight ratings.

CREATE FUNCTION book_facets_from_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_facets (book_id, status_id, rights_status_id, time_id, format_id, original_country_id, language_id, publication_date, serie, search_text)
    SELECT n.id, n.status_id, n.rights_status_id, n.time_id, n.format_id, n.original_country_id, n.language_id, n.publication_date, n.serie, n.search_text
    FROM new_rows n
    ON CONFLICT (book_id) DO NOTHING;
  ELSE
    UPDATE book_facets f
    SET status_id = n.status_id, rights_status_id = n.rights_status_id, time_id = n.time_id, format_id = n.format_id,
        original_country_id = n.original_country_id, language_id = n.language_id, publication_date = n.publication_date, serie = n.serie,
        search_text = n.search_text
    FROM new_rows n
    WHERE f.book_id = n.id
      AND (f.status_id, f.rights_status_id, f.time_id, f.format_id, f.original_country_id, f.language_id, f.publication_date, f.serie, f.search_text)
          IS DISTINCT FROM (n.status_id, n.rights_status_id, n.time_id, n.format_id, n.original_country_id, n.language_id, n.publication_date, n.serie, n.search_text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER book_facets_books_insert AFTER INSERT ON books REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_books();
--> statement-breakpoint
CREATE TRIGGER book_facets_books_update AFTER UPDATE ON books REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_books();
--> statement-breakpoint

-- A criterion table changed: rebuild one id array of the sheets it touched.
-- TG_ARGV: the facet column, the table's criterion column.
CREATE FUNCTION book_facets_from_criteria() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT DISTINCT book_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT DISTINCT book_id FROM old_rows'
    ELSE 'SELECT book_id FROM new_rows UNION SELECT book_id FROM old_rows'
  END;
  EXECUTE format(
    'UPDATE book_facets f SET %1$I = n.ids
     FROM (
       SELECT t.book_id, coalesce(array_agg(DISTINCT j.%2$I ORDER BY j.%2$I) FILTER (WHERE j.%2$I IS NOT NULL), ''{}'') AS ids
       FROM (%4$s) t LEFT JOIN %3$I j ON j.book_id = t.book_id
       GROUP BY t.book_id
     ) n
     WHERE f.book_id = n.book_id AND f.%1$I IS DISTINCT FROM n.ids',
    TG_ARGV[0], TG_ARGV[1], TG_TABLE_NAME, touched);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The ratings changed: rebuild the eight rating columns of the sheets touched (NULL = not rated).
CREATE FUNCTION book_facets_from_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT DISTINCT book_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT DISTINCT book_id FROM old_rows'
    ELSE 'SELECT book_id FROM new_rows UNION SELECT book_id FROM old_rows'
  END;
  EXECUTE format(
    'UPDATE book_facets f SET quality = r.quality, concept = r.concept, plot = r.plot, characters = r.characters, coherence = r.coherence,
       emotions = r.emotions, dialogues = r.dialogues, commercial = r.commercial
     FROM (
       SELECT t.book_id,
         max(b.rate) FILTER (WHERE b.type = ''quality'') AS quality, max(b.rate) FILTER (WHERE b.type = ''concept'') AS concept,
         max(b.rate) FILTER (WHERE b.type = ''plot'') AS plot, max(b.rate) FILTER (WHERE b.type = ''characters'') AS characters,
         max(b.rate) FILTER (WHERE b.type = ''coherence'') AS coherence, max(b.rate) FILTER (WHERE b.type = ''emotions'') AS emotions,
         max(b.rate) FILTER (WHERE b.type = ''dialogues'') AS dialogues, max(b.rate) FILTER (WHERE b.type = ''commercial'') AS commercial
       FROM (%s) t LEFT JOIN book_ratings b ON b.book_id = t.book_id
       GROUP BY t.book_id
     ) r
     WHERE f.book_id = r.book_id
       AND (f.quality, f.concept, f.plot, f.characters, f.coherence, f.emotions, f.dialogues, f.commercial)
           IS DISTINCT FROM (r.quality, r.concept, r.plot, r.characters, r.coherence, r.emotions, r.dialogues, r.commercial)',
    touched);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER book_facets_authors_insert AFTER INSERT ON book_authors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('author_ids', 'author_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_authors_delete AFTER DELETE ON book_authors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('author_ids', 'author_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_authors_update AFTER UPDATE ON book_authors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('author_ids', 'author_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_genres_insert AFTER INSERT ON book_genres REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('genre_ids', 'genre_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_genres_delete AFTER DELETE ON book_genres REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('genre_ids', 'genre_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_genres_update AFTER UPDATE ON book_genres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('genre_ids', 'genre_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_thematics_insert AFTER INSERT ON book_thematics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('thematic_ids', 'thematic_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_thematics_delete AFTER DELETE ON book_thematics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('thematic_ids', 'thematic_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_thematics_update AFTER UPDATE ON book_thematics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('thematic_ids', 'thematic_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_audiences_insert AFTER INSERT ON book_audiences REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('audience_ids', 'audience_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_audiences_delete AFTER DELETE ON book_audiences REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('audience_ids', 'audience_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_audiences_update AFTER UPDATE ON book_audiences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('audience_ids', 'audience_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_categories_insert AFTER INSERT ON book_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('category_ids', 'category_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_categories_delete AFTER DELETE ON book_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('category_ids', 'category_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_categories_update AFTER UPDATE ON book_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('category_ids', 'category_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_places_insert AFTER INSERT ON book_places REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('place_ids', 'country_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_places_delete AFTER DELETE ON book_places REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('place_ids', 'country_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_places_update AFTER UPDATE ON book_places REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('place_ids', 'country_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_periods_insert AFTER INSERT ON book_periods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('period_ids', 'period_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_periods_delete AFTER DELETE ON book_periods REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('period_ids', 'period_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_periods_update AFTER UPDATE ON book_periods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_criteria('period_ids', 'period_id');
--> statement-breakpoint
CREATE TRIGGER book_facets_ratings_insert AFTER INSERT ON book_ratings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_ratings();
--> statement-breakpoint
CREATE TRIGGER book_facets_ratings_delete AFTER DELETE ON book_ratings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_ratings();
--> statement-breakpoint
CREATE TRIGGER book_facets_ratings_update AFTER UPDATE ON book_ratings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_facets_from_ratings();
--> statement-breakpoint

-- Rebuilds every facets row from the source tables: run once below for the sheets written before this
-- migration; also the repair if the projection is ever suspected stale (SELECT book_facets_rebuild()),
-- and what a bulk loader calls after writing with these triggers disabled (bench/generate.ts).
CREATE FUNCTION book_facets_rebuild() RETURNS void LANGUAGE sql AS $$
  INSERT INTO book_facets (book_id, status_id, rights_status_id, time_id, format_id, original_country_id, language_id, publication_date, serie, search_text, author_ids, genre_ids, thematic_ids, audience_ids, category_ids, place_ids, period_ids, quality, concept, plot, characters, coherence, emotions, dialogues, commercial)
  SELECT b.id,
    b.status_id,
    b.rights_status_id,
    b.time_id,
    b.format_id,
    b.original_country_id,
    b.language_id,
    b.publication_date,
    b.serie,
    b.search_text,
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
  FROM books b
  ON CONFLICT (book_id) DO UPDATE SET
    status_id = excluded.status_id,
    rights_status_id = excluded.rights_status_id,
    time_id = excluded.time_id,
    format_id = excluded.format_id,
    original_country_id = excluded.original_country_id,
    language_id = excluded.language_id,
    publication_date = excluded.publication_date,
    serie = excluded.serie,
    search_text = excluded.search_text,
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
SELECT book_facets_rebuild();

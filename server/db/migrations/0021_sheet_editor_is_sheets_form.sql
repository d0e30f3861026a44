-- The reading sheet's editor was a screen of its own, `readingSheet` (a form alone, its texts under
-- `screens.readingSheet.*`); it is now the form of the screen `reading-sheets` (its texts under
-- `screens.reading-sheets.*`). What staff published or drafted of it is kept, as versions and the
-- draft of `reading-sheets`:
-- - each editor version N becomes version M + N of `reading-sheets` (M: its newest version), holding
--   the newest `reading-sheets` definition in use with the editor's form, the texts of both, and
--   its base file likewise, so the release re-applies its changes onto the new file (a version
--   with no recorded base is only checked, and the studio offers its repair if it no longer fits);
-- - the sheets' revisions made with editor version N name version M + N, and the publishes of the
--   editor in the activity name `reading-sheets` and its new numbers;
-- - the editor's draft joins the draft of `reading-sheets` (or, without one, the definition in use).
-- Objects are merged as json, not jsonb: a definition's key order is kept (it is the order of
-- its properties, and a release's merge tells a reorder from a change).
CREATE FUNCTION pg_temp.sheet_editor_merge(a json, b json) RETURNS json LANGUAGE sql AS $$
  SELECT coalesce(json_object_agg(key, value ORDER BY side, ord), '{}'::json)
  FROM (
    SELECT 1 AS side, key, value, ord FROM json_each(a) WITH ORDINALITY AS t(key, value, ord) WHERE b IS NULL OR NOT (b::jsonb ? key)
    UNION ALL
    SELECT 2, key, value, ord FROM json_each(b) WITH ORDINALITY AS t(key, value, ord)
  ) AS members
$$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.sheet_editor_form(definition json) RETURNS json LANGUAGE sql AS $$
  SELECT json_build_object('form', replace((definition->'form')::text, '"screens.readingSheet.', '"screens.reading-sheets.')::json)
$$;
--> statement-breakpoint
UPDATE record_revisions AS r SET
  changes = jsonb_set(
    jsonb_set(r.changes, '{screen,to}', '"reading-sheets"'),
    '{version}',
    jsonb_build_object('from', o.offset_by + (r.changes->'version'->>'from')::int, 'to', o.offset_by + (r.changes->'version'->>'to')::int)
  ),
  label = 'reading-sheets v' || (o.offset_by + (r.changes->'version'->>'to')::int)
FROM (SELECT coalesce(max(version), 0) AS offset_by FROM screen_versions WHERE screen = 'reading-sheets') AS o
WHERE r.resource = 'screens' AND r.changes->'screen'->>'to' = 'readingSheet';
--> statement-breakpoint
UPDATE record_revisions AS r SET screen_version = o.offset_by + r.screen_version
FROM (SELECT coalesce(max(version), 0) AS offset_by FROM screen_versions WHERE screen = 'reading-sheets') AS o
WHERE r.resource = 'books' AND r.screen_version > 0;
--> statement-breakpoint
UPDATE screen_drafts AS d SET
  definition = pg_temp.sheet_editor_merge(d.definition, pg_temp.sheet_editor_form(e.definition)),
  labels = pg_temp.sheet_editor_merge(d.labels, e.labels),
  author_id = e.author_id,
  author_name = e.author_name,
  updated_at = greatest(d.updated_at, e.updated_at)
FROM screen_drafts AS e
WHERE d.screen = 'reading-sheets' AND e.screen = 'readingSheet';
--> statement-breakpoint
INSERT INTO screen_drafts (screen, definition, labels, author_id, author_name, updated_at)
SELECT
  'reading-sheets',
  pg_temp.sheet_editor_merge(
    coalesce(latest.definition, json_build_object('$schemaVersion', e.definition->'$schemaVersion')),
    pg_temp.sheet_editor_form(e.definition)
  ),
  pg_temp.sheet_editor_merge(latest.labels, e.labels),
  e.author_id,
  e.author_name,
  e.updated_at
FROM screen_drafts AS e
LEFT JOIN LATERAL (SELECT definition, labels FROM screen_versions WHERE screen = 'reading-sheets' ORDER BY version DESC LIMIT 1) AS latest ON true
WHERE e.screen = 'readingSheet' AND NOT EXISTS (SELECT 1 FROM screen_drafts WHERE screen = 'reading-sheets');
--> statement-breakpoint
DELETE FROM screen_drafts WHERE screen = 'readingSheet';
--> statement-breakpoint
UPDATE screen_versions AS e SET
  screen = 'reading-sheets',
  version = o.offset_by + e.version,
  base_version = o.offset_by + e.base_version,
  definition = CASE
    WHEN e.definition IS NULL THEN o.definition
    ELSE pg_temp.sheet_editor_merge(
      coalesce(o.definition, json_build_object('$schemaVersion', e.definition->'$schemaVersion')),
      pg_temp.sheet_editor_form(e.definition)
    )
  END,
  base_file = CASE
    WHEN e.definition IS NULL THEN o.base_file
    WHEN e.base_file IS NULL THEN NULL
    ELSE pg_temp.sheet_editor_merge(
      coalesce(o.base_file, json_build_object('$schemaVersion', e.base_file->'$schemaVersion')),
      pg_temp.sheet_editor_form(e.base_file)
    )
  END,
  labels = CASE WHEN e.definition IS NULL OR e.labels IS NULL THEN o.labels ELSE pg_temp.sheet_editor_merge(o.labels, e.labels) END,
  base_labels = CASE WHEN e.definition IS NULL OR e.base_labels IS NULL THEN o.base_labels ELSE pg_temp.sheet_editor_merge(o.base_labels, e.base_labels) END
FROM (
  SELECT coalesce((SELECT max(version) FROM screen_versions WHERE screen = 'reading-sheets'), 0) AS offset_by, latest.*
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT definition, base_file, labels, base_labels FROM screen_versions WHERE screen = 'reading-sheets' ORDER BY version DESC LIMIT 1
  ) AS latest ON latest.definition IS NOT NULL
) AS o
WHERE e.screen = 'readingSheet';
--> statement-breakpoint
DROP FUNCTION pg_temp.sheet_editor_form(json);
--> statement-breakpoint
DROP FUNCTION pg_temp.sheet_editor_merge(json, json);

-- The AI draft's texts move into one jsonb column, `texts`, keyed by the draft's field names (the
-- `x-aiDraft.field` of the sheet's maps, schemas/books/readingSheet.schema.json), so a map added to
-- the sheet needs no column here. Each draft keeps its texts (a text left empty is absent), then
-- the text columns go. `author` and `publishing_house_name` stay columns.
ALTER TABLE "ai_books" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "ai_books" SET "texts" = jsonb_strip_nulls(jsonb_build_object(
  'title', "title",
  'subtitle', "subtitle",
  'pitch', "pitch",
  'public_comment', "public_comment",
  'newsletter_comment', "newsletter_comment",
  'summary', "summary",
  'report', "report",
  'scout', "scout",
  'additional_period', "additional_period",
  'additional_place', "additional_place",
  'duration', "duration",
  'additional_manuscript', "additional_manuscript",
  'detailed_summary', "detailed_summary",
  'key_moments', "key_moments",
  'arena', "arena",
  'promise', "promise",
  'message', "message",
  'tone', "tone",
  'point_of_view', "point_of_view",
  'narrative_structure', "narrative_structure",
  'strong_points', "strong_points",
  'weak_points', "weak_points",
  'book_references', "book_references",
  'movie_references', "movie_references"
));--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "subtitle";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "pitch";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "public_comment";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "newsletter_comment";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "summary";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "report";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "scout";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "additional_period";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "additional_place";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "duration";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "additional_manuscript";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "detailed_summary";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "key_moments";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "arena";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "promise";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "tone";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "point_of_view";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "narrative_structure";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "strong_points";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "weak_points";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "book_references";--> statement-breakpoint
ALTER TABLE "ai_books" DROP COLUMN "movie_references";
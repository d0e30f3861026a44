ALTER TABLE "screen_versions" ADD COLUMN "base_file" json;--> statement-breakpoint
ALTER TABLE "screen_versions" ADD COLUMN "base_labels" json;
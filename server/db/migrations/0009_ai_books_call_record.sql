ALTER TABLE "ai_books" ADD COLUMN "prompt" text;--> statement-breakpoint
ALTER TABLE "ai_books" ADD COLUMN "raw_answer" text;--> statement-breakpoint
ALTER TABLE "ai_books" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "ai_books" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "ai_books" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "ai_books" ADD COLUMN "corrections" jsonb DEFAULT '[]'::jsonb NOT NULL;
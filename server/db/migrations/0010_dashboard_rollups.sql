CREATE TABLE "book_view_counts" (
	"book_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_days" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_days_pk" PRIMARY KEY("metric","day"),
	CONSTRAINT "usage_days_metric_known" CHECK ("usage_days"."metric" in ('views', 'connections'))
);
--> statement-breakpoint
ALTER TABLE "book_view_counts" ADD CONSTRAINT "book_view_counts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_view_counts_views_idx" ON "book_view_counts" USING btree ("views" DESC NULLS LAST,"book_id");--> statement-breakpoint
CREATE INDEX "subscriptions_start_date_idx" ON "subscriptions" USING btree ("start_date");--> statement-breakpoint

-- usage_days and book_view_counts (server/db/schema/usage.ts): the dashboard's daily counts of views and
-- connections and each sheet's views, kept by statement-level triggers with transition tables, so a bulk
-- insert updates them once per statement. Days are UTC.
CREATE FUNCTION usage_from_book_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_days (metric, day, count)
  SELECT 'views', (n.viewed_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows n GROUP BY 2
  ON CONFLICT (metric, day) DO UPDATE SET count = usage_days.count + excluded.count;
  INSERT INTO book_view_counts (book_id, views)
  SELECT n.book_id, count(*) FROM new_rows n GROUP BY n.book_id
  ON CONFLICT (book_id) DO UPDATE SET views = book_view_counts.views + excluded.views;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_book_views_insert AFTER INSERT ON book_views REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_from_book_views();
--> statement-breakpoint
CREATE FUNCTION usage_from_user_connections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_days (metric, day, count)
  SELECT 'connections', (n.connected_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows n GROUP BY 2
  ON CONFLICT (metric, day) DO UPDATE SET count = usage_days.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_user_connections_insert AFTER INSERT ON user_connections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_from_user_connections();
--> statement-breakpoint

-- What the logs hold already.
INSERT INTO usage_days (metric, day, count)
SELECT 'views', (viewed_at AT TIME ZONE 'UTC')::date, count(*) FROM book_views GROUP BY 2;
--> statement-breakpoint
INSERT INTO usage_days (metric, day, count)
SELECT 'connections', (connected_at AT TIME ZONE 'UTC')::date, count(*) FROM user_connections GROUP BY 2;
--> statement-breakpoint
INSERT INTO book_view_counts (book_id, views) SELECT book_id, count(*) FROM book_views GROUP BY book_id;

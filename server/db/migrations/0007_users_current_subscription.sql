ALTER TABLE "users" ADD COLUMN "current_subscription_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_subscription_fk" FOREIGN KEY ("current_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_current_subscription_idx" ON "users" USING btree ("current_subscription_id");--> statement-breakpoint

-- users.current_subscription_id: the user's latest subscription by start date (then by id), kept by
-- statement-level triggers on subscriptions (whoever writes them: this API, the front site, a script),
-- so the users list filters by subscription state and plan through one row per user.
CREATE FUNCTION users_current_subscription_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT DISTINCT user_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT DISTINCT user_id FROM old_rows'
    ELSE 'SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows'
  END;
  EXECUTE format(
    'UPDATE users u SET current_subscription_id = c.id
     FROM (
       SELECT t.user_id,
         (SELECT s.id FROM subscriptions s WHERE s.user_id = t.user_id ORDER BY s.start_date DESC, s.id DESC LIMIT 1) AS id
       FROM (%s) t
     ) c
     WHERE u.id = c.user_id AND u.current_subscription_id IS DISTINCT FROM c.id',
    touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_current_subscription_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_current_subscription_refresh();
--> statement-breakpoint
CREATE TRIGGER users_current_subscription_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_current_subscription_refresh();
--> statement-breakpoint
CREATE TRIGGER users_current_subscription_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_current_subscription_refresh();
--> statement-breakpoint
UPDATE users u SET current_subscription_id = (
  SELECT s.id FROM subscriptions s WHERE s.user_id = u.id ORDER BY s.start_date DESC, s.id DESC LIMIT 1
);

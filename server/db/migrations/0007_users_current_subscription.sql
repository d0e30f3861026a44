ALTER TABLE "users" ADD COLUMN "current_subscription_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_plan_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_subscription_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_subscription_canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_subscription_fk" FOREIGN KEY ("current_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_current_subscription_idx" ON "users" USING btree ("current_subscription_id");--> statement-breakpoint
CREATE INDEX "users_current_plan_idx" ON "users" USING btree ("current_plan_id");--> statement-breakpoint
CREATE INDEX "users_subscription_state_idx" ON "users" USING btree ("current_subscription_end_at","current_subscription_canceled_at","current_subscription_id");--> statement-breakpoint

-- users.current_*: the user's latest subscription by start date (then by id), with a copy of its plan,
-- end and cancel dates, kept by statement-level triggers on subscriptions (whoever writes them: this API,
-- the front site, a script), so the users list filters by subscription state and plan on the users row
-- alone (server/db/repositories/subscriptionState.ts).
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
    'UPDATE users u
     SET current_subscription_id = c.id, current_plan_id = c.plan_id,
         current_subscription_end_at = c.subscription_end_at, current_subscription_canceled_at = c.canceled_at
     FROM (
       SELECT t.user_id, s.id, s.plan_id, s.subscription_end_at, s.canceled_at
       FROM (%s) t
       LEFT JOIN LATERAL (
         SELECT s.id, s.plan_id, s.subscription_end_at, s.canceled_at FROM subscriptions s
         WHERE s.user_id = t.user_id ORDER BY s.start_date DESC, s.id DESC LIMIT 1
       ) s ON true
     ) c
     WHERE u.id = c.user_id
       AND (u.current_subscription_id, u.current_plan_id, u.current_subscription_end_at, u.current_subscription_canceled_at)
           IS DISTINCT FROM (c.id, c.plan_id, c.subscription_end_at, c.canceled_at)',
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
UPDATE users u
SET current_subscription_id = c.id, current_plan_id = c.plan_id,
    current_subscription_end_at = c.subscription_end_at, current_subscription_canceled_at = c.canceled_at
FROM (
  SELECT DISTINCT ON (s.user_id) s.user_id, s.id, s.plan_id, s.subscription_end_at, s.canceled_at
  FROM subscriptions s ORDER BY s.user_id, s.start_date DESC, s.id DESC
) c
WHERE u.id = c.user_id;

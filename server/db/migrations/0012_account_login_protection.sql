CREATE TABLE "login_account_locks" (
	"account" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "login_account_locks_level_positive" CHECK ("login_account_locks"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "login_known_clients" (
	"administrator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_known_clients_administrator_id_kind_value_pk" PRIMARY KEY("administrator_id","kind","value"),
	CONSTRAINT "login_known_clients_kind_known" CHECK ("login_known_clients"."kind" in ('address', 'device'))
);
--> statement-breakpoint
ALTER TABLE "login_known_clients" ADD CONSTRAINT "login_known_clients_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_account_locks_locked_until_idx" ON "login_account_locks" USING btree ("locked_until");--> statement-breakpoint
CREATE INDEX "login_known_clients_last_login_idx" ON "login_known_clients" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account","failed_at");
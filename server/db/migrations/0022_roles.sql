CREATE TABLE "administrator_roles" (
	"administrator_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "administrator_roles_pk" PRIMARY KEY("administrator_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "administrator_roles" ADD CONSTRAINT "administrator_roles_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrator_roles" ADD CONSTRAINT "administrator_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "administrator_roles_role_idx" ON "administrator_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
-- The built-in roles (docs/permissions.md). Owner grants everything, including what later releases add: a flag, not a list.
INSERT INTO "roles" ("name", "description", "owner", "permissions") VALUES
  ('Owner', 'Everything, including screens and permissions added later.', true, '{}'::jsonb),
  ('Editor', 'The catalogue and the directory: reading sheets, reference lists, authors, companies, contacts, news, reporters and requests.', false,
   jsonb_build_object('screens', (
     SELECT jsonb_object_agg(screen, jsonb_build_object('actions', '["list","read","create","update","delete","export","bulk","history","restore"]'::jsonb))
     FROM unnest(ARRAY['books','genres','times','periods','thematics','audiences','categories','formats','countries','literary-prizes','authors','companies','contacts','news','reporters','demands']) AS screen
   ), 'system', '["ai"]'::jsonb)),
  ('Screen designer', 'The studio: drafts and publishing; reads everything.', false,
   jsonb_build_object('screens', (
     SELECT jsonb_object_agg(screen, jsonb_build_object('actions', '["list","read","history"]'::jsonb))
     FROM unnest(ARRAY['books','genres','times','periods','thematics','audiences','categories','formats','countries','literary-prizes','authors','companies','contacts','news','reporters','demands','users','administrators','ai-prompts','plans']) AS screen
   ), 'system', '["studio.edit","studio.publish","activity"]'::jsonb)),
  ('Viewer', 'Reads everything; the subscribers'' contact fields are hidden.', false,
   jsonb_build_object('screens', (
     SELECT jsonb_object_agg(screen, CASE WHEN screen = 'users'
       THEN jsonb_build_object('actions', '["list","read"]'::jsonb, 'fields', '{"email":"hidden","phone":"hidden","address":"hidden","additional_address":"hidden","city":"hidden","postal_code":"hidden"}'::jsonb)
       ELSE jsonb_build_object('actions', '["list","read"]'::jsonb) END)
     FROM unnest(ARRAY['books','genres','times','periods','thematics','audiences','categories','formats','countries','literary-prizes','authors','companies','contacts','news','reporters','demands','users','ai-prompts','plans']) AS screen
   )));
--> statement-breakpoint
-- Nothing changes for a running installation until staff decide: every administrator is an Owner.
INSERT INTO "administrator_roles" ("administrator_id", "role_id")
SELECT a."id", r."id" FROM "administrators" a CROSS JOIN "roles" r WHERE r."owner";
--> statement-breakpoint
-- A role changed outside the app is marked in its history, as every resource's record is (0015).
CREATE TRIGGER "roles_changed_outside" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH ROW WHEN (coalesce(current_setting('app.history', true), '') = '') EXECUTE FUNCTION "record_changed_outside"('roles', 'id', 'updated_at');

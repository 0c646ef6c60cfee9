CREATE TABLE "application_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" uuid,
	"user_id" uuid,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"type" text NOT NULL,
	"step" text,
	"status_from" smallint,
	"status_to" smallint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"client_hash" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_steps" (
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reopened_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_steps_application_id_step_pk" PRIMARY KEY("application_id","step")
);
--> statement-breakpoint
CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_id_number_idx";--> statement-breakpoint
DROP INDEX "documents_app_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "step" text DEFAULT 'identity' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "step" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_steps" ADD CONSTRAINT "application_steps_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_app_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_events_app_type_idx" ON "application_events" USING btree ("application_id","type","created_at");--> statement-breakpoint
CREATE INDEX "application_events_user_idx" ON "application_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "application_steps_id_hash_idx" ON "application_steps" USING btree (("sealed"->'id_number'->>'hash')) WHERE step = 'identity';--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_app_number_idx" ON "submissions" USING btree ("application_id","number");--> statement-breakpoint
CREATE INDEX "documents_app_idx" ON "documents" USING btree ("application_id","step","kind");--> statement-breakpoint
-- The ID step's columns move into its step row (issue #5 §2); its photos were the only documents.
INSERT INTO "application_steps" ("application_id", "step", "answers", "sealed", "version", "confirmed_at", "created_at", "updated_at")
SELECT "id", 'identity',
	jsonb_strip_nulls(jsonb_build_object(
		'id_location', "id_location",
		'nationality', "nationality",
		'id_type', "id_type",
		'chinese_name', "chinese_name",
		'english_surname', "english_surname",
		'english_given_name', "english_given_name",
		'name_matches_bank', CASE WHEN "name_matches_bank" THEN true ELSE NULL END,
		'gender', "gender",
		'birth_date', to_char("birth_date", 'YYYY-MM-DD')
	)),
	CASE WHEN "id_number_enc" IS NULL THEN '{}'::jsonb
		ELSE jsonb_build_object('id_number', jsonb_build_object('sealed', "id_number_enc", 'hash', "id_number_hash", 'masked', "id_number_masked"))
	END,
	1, "id_confirmed_at", "created_at", "updated_at"
FROM "applications"
WHERE "id_location" IS NOT NULL OR "id_number_enc" IS NOT NULL OR "english_surname" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_location";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "nationality";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_type";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_number_enc";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_number_hash";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_number_masked";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "chinese_name";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "english_surname";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "english_given_name";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "name_matches_bank";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "gender";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "birth_date";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "id_confirmed_at";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "stages_done";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "info_progress";;--> statement-breakpoint
-- History and submissions are append-only: nothing may change or remove a row once written.
CREATE FUNCTION "refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% rows are append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_events_append_only" BEFORE UPDATE OR DELETE ON "application_events" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "submissions_append_only" BEFORE UPDATE OR DELETE ON "submissions" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "application_events_no_truncate" BEFORE TRUNCATE ON "application_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "submissions_no_truncate" BEFORE TRUNCATE ON "submissions" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();
CREATE TABLE "review_case_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_case_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"previous" jsonb,
	"next" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_case_events_type_check" CHECK (type in ('assigned', 'item_decided', 'returned', 'recommended', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "review_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"submission_number" integer NOT NULL,
	"submission_sha256" text NOT NULL,
	"applicant_name" text NOT NULL,
	"stage" text NOT NULL,
	"queue" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"assignee_id" uuid,
	"recommended_by" uuid,
	"recommended_at" timestamp with time zone,
	"recommended_sha256" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"decline_reason" text,
	"decline_note" text,
	"declined_by" uuid,
	"declined_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cases_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "review_cases_stage_check" CHECK (stage in ('queued', 'in_review', 'recommended', 'returned', 'approved', 'declined')),
	CONSTRAINT "review_cases_queue_check" CHECK (queue in ('first_review', 'resubmission', 'approval')),
	CONSTRAINT "review_cases_maker_checker_check" CHECK (approved_by is null or (recommended_by is not null and approved_by <> recommended_by)),
	CONSTRAINT "review_cases_version_check" CHECK (version >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_item_decisions" (
	"case_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"verdict" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"applicant_comment" text,
	"internal_note" text,
	"staff_id" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_item_decisions_case_id_item_key_pk" PRIMARY KEY("case_id","item_key"),
	CONSTRAINT "review_item_decisions_verdict_check" CHECK (verdict in ('approved', 'revision'))
);
--> statement-breakpoint
CREATE TABLE "staff_access_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_access_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"case_id" uuid,
	"what" text NOT NULL,
	"document_id" uuid,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_case_events" ADD CONSTRAINT "review_case_events_case_id_review_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."review_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case_events" ADD CONSTRAINT "review_case_events_actor_id_staff_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_assignee_id_staff_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_recommended_by_staff_members_id_fk" FOREIGN KEY ("recommended_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_approved_by_staff_members_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_declined_by_staff_members_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_item_decisions" ADD CONSTRAINT "review_item_decisions_case_id_review_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."review_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_item_decisions" ADD CONSTRAINT "review_item_decisions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_events" ADD CONSTRAINT "staff_access_events_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_events" ADD CONSTRAINT "staff_access_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_events" ADD CONSTRAINT "staff_access_events_case_id_review_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."review_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_case_events_case_idx" ON "review_case_events" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_cases_app_number_idx" ON "review_cases" USING btree ("application_id","submission_number");--> statement-breakpoint
CREATE INDEX "review_cases_open_due_idx" ON "review_cases" USING btree ("due_at","id") WHERE stage in ('queued', 'in_review', 'recommended');--> statement-breakpoint
CREATE INDEX "review_cases_open_submitted_idx" ON "review_cases" USING btree ("submitted_at","id") WHERE stage in ('queued', 'in_review', 'recommended');--> statement-breakpoint
CREATE INDEX "review_cases_stage_due_idx" ON "review_cases" USING btree ("stage","due_at","id");--> statement-breakpoint
CREATE INDEX "review_cases_assignee_due_idx" ON "review_cases" USING btree ("assignee_id","due_at");--> statement-breakpoint
CREATE INDEX "review_cases_flags_idx" ON "review_cases" USING gin ("flags");--> statement-breakpoint
CREATE INDEX "staff_access_events_app_idx" ON "staff_access_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "staff_access_events_staff_idx" ON "staff_access_events" USING btree ("staff_id","id");--> statement-breakpoint
-- the review's events and the staff's reads are the audit trail: written once, never changed (refuse_change() is from 0003)
CREATE TRIGGER "review_case_events_append_only" BEFORE UPDATE OR DELETE ON "review_case_events" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "review_case_events_no_truncate" BEFORE TRUNCATE ON "review_case_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "staff_access_events_append_only" BEFORE UPDATE OR DELETE ON "staff_access_events" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "staff_access_events_no_truncate" BEFORE TRUNCATE ON "staff_access_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();

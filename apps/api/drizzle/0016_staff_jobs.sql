CREATE TABLE "staff_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"result" jsonb,
	"error_code" text,
	"result_key" text,
	"result_expires_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "staff_jobs_kind_check" CHECK (kind in ('statement_import', 'evidence_export')),
	CONSTRAINT "staff_jobs_state_check" CHECK (state in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "staff_jobs_progress_check" CHECK (progress_done >= 0 and (progress_total is null or progress_done <= progress_total)),
	CONSTRAINT "staff_jobs_failed_check" CHECK (state <> 'failed' or error_code is not null)
);
--> statement-breakpoint
ALTER TABLE "staff_jobs" ADD CONSTRAINT "staff_jobs_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_jobs_due_idx" ON "staff_jobs" USING btree ("state","run_after") WHERE state in ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "staff_jobs_created_by_idx" ON "staff_jobs" USING btree ("created_by","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_jobs_result_key_idx" ON "staff_jobs" USING btree ("result_key");
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "job_id" uuid;

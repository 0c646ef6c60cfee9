ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK (status in ('pending', 'sending', 'sent', 'unknown', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_error_kind_check" CHECK (error_kind in ('refused', 'no_answer', 'interrupted', 'no_recipient'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_version_check" CHECK (version >= 0);--> statement-breakpoint
CREATE INDEX "outbox_messages_sending_idx" ON "outbox_messages" USING btree ("available_at") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "outbox_messages_open_idx" ON "outbox_messages" USING btree ("status","created_at") WHERE status in ('pending', 'sending', 'unknown', 'failed');

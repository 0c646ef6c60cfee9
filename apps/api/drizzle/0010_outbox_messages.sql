CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"provider_message_id" text,
	CONSTRAINT "outbox_messages_channel_check" CHECK (channel in ('sms', 'email')),
	CONSTRAINT "outbox_messages_template_check" CHECK (template in ('refused', 'approved', 'declined')),
	CONSTRAINT "outbox_messages_lang_check" CHECK (lang in ('zh-CN', 'zh-HK', 'en')),
	CONSTRAINT "outbox_messages_status_check" CHECK (status in ('pending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "outbox_messages_attempts_check" CHECK (attempts >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_event_channel_idx" ON "outbox_messages" USING btree ("event_key","channel");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("available_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_app_idx" ON "outbox_messages" USING btree ("application_id","created_at");
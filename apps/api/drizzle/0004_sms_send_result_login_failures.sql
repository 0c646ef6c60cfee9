CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "send_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
CREATE INDEX "login_failures_mobile_idx" ON "login_failures" USING btree ("mobile_hash","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
-- Codes from before this migration were only kept when the provider accepted them.
UPDATE "sms_codes" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL;

CREATE TABLE "live_video_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"digits_sealed" text NOT NULL,
	"digits_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"document_id" uuid
);
--> statement-breakpoint
ALTER TABLE "live_video_codes" ADD CONSTRAINT "live_video_codes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_video_codes" ADD CONSTRAINT "live_video_codes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_video_codes_app_idx" ON "live_video_codes" USING btree ("application_id","created_at");
CREATE TABLE "client_fingerprints" (
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_fingerprints_application_id_kind_value_hash_pk" PRIMARY KEY("application_id","kind","value_hash"),
	CONSTRAINT "client_fingerprints_kind_check" CHECK (kind in ('name_birth', 'bank_account', 'email', 'device'))
);
--> statement-breakpoint
ALTER TABLE "client_fingerprints" ADD CONSTRAINT "client_fingerprints_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_fingerprints_value_idx" ON "client_fingerprints" USING btree ("kind","value_hash");
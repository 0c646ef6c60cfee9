CREATE TABLE "content_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text DEFAULT 'all' NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_key" text NOT NULL,
	"image_mime" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"image_sha256" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "content_banners_type_check" CHECK (type in ('openWebView', 'stock_detail', 'miniProgram', 'ipoList', 'stock_ipo')),
	CONSTRAINT "content_banners_language_check" CHECK (language in ('all', 'zh-CN', 'zh-HK', 'en'))
);
--> statement-breakpoint
CREATE TABLE "content_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"previous" jsonb,
	"next" jsonb,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_events_entity_check" CHECK (entity in ('ipo', 'banner', 'service', 'receiving_account', 'fx_rate'))
);
--> statement-breakpoint
CREATE TABLE "content_ipos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"popularity" smallint DEFAULT 0 NOT NULL,
	"leverage" text DEFAULT '0' NOT NULL,
	"min_sub_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"subscribe_from" date NOT NULL,
	"subscribe_to" date NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "content_ipos_dates_check" CHECK (subscribe_to >= subscribe_from),
	CONSTRAINT "content_ipos_amount_check" CHECK (min_sub_amount_minor >= 0),
	CONSTRAINT "content_ipos_currency_check" CHECK (currency in ('HKD', 'USD', 'CNY'))
);
--> statement-breakpoint
CREATE TABLE "content_service" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone_hk" text NOT NULL,
	"phone_cn" text NOT NULL,
	"hours" jsonb NOT NULL,
	"show_qr" boolean DEFAULT false NOT NULL,
	"qr_image_key" text,
	"qr_image_mime" text,
	"chat_account" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_service_one_row_check" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"valid_on" date NOT NULL,
	"hkd_per_unit" numeric(18, 8) NOT NULL,
	"entered_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_valid_on_pk" PRIMARY KEY("currency","valid_on"),
	CONSTRAINT "fx_rates_currency_check" CHECK (currency in ('USD')),
	CONSTRAINT "fx_rates_rate_check" CHECK (hkd_per_unit > 0)
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"placed_by" uuid NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"release_reason" text,
	CONSTRAINT "legal_holds_release_check" CHECK ((released_at is null) = (released_by is null))
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"bank_name" jsonb NOT NULL,
	"bank_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"fps_id" text,
	"swift" text NOT NULL,
	"statement_format" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receiving_accounts_currency_check" CHECK (currency in ('HKD', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"currency" text,
	"voucher_document_id" uuid,
	"paid_at" timestamp with time zone,
	"voucher_requested_at" timestamp with time zone,
	"voucher_requested_by" uuid,
	"voucher_request_reason" text,
	"voucher_request_note" text,
	"matched_credit_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remittances_state_check" CHECK (state in ('open', 'paid', 'voucher_requested', 'matched')),
	CONSTRAINT "remittances_currency_check" CHECK (currency is null or currency in ('HKD', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "statement_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"receiving_account_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payer_name" text,
	"payer_account_sealed" text,
	"payer_account_hash" text,
	"payer_account_masked" text,
	"reference" text,
	"state" text DEFAULT 'unmatched' NOT NULL,
	"flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"application_id" uuid,
	"match_kind" text,
	"matched_by" uuid,
	"matched_at" timestamp with time zone,
	"refund_recorded_by" uuid,
	"refund_recorded_at" timestamp with time zone,
	"refund_note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_credits_line_key_unique" UNIQUE("line_key"),
	CONSTRAINT "statement_credits_state_check" CHECK (state in ('unmatched', 'matched', 'flagged', 'refund_recorded')),
	CONSTRAINT "statement_credits_match_check" CHECK (state <> 'matched' or application_id is not null),
	CONSTRAINT "statement_credits_match_kind_check" CHECK (match_kind is null or match_kind in ('auto', 'manual')),
	CONSTRAINT "statement_credits_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receiving_account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"line_count" integer NOT NULL,
	"credit_count" integer NOT NULL,
	"new_credit_count" integer NOT NULL,
	"imported_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_imports_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "statement_imports_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_template_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "deposit_reference" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "bcan" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sell_only" boolean;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "relationship_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_banners" ADD CONSTRAINT "content_banners_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_events" ADD CONSTRAINT "content_events_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_ipos" ADD CONSTRAINT "content_ipos_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_service" ADD CONSTRAINT "content_service_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_entered_by_staff_members_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_placed_by_staff_members_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_released_by_staff_members_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_voucher_document_id_documents_id_fk" FOREIGN KEY ("voucher_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_voucher_requested_by_staff_members_id_fk" FOREIGN KEY ("voucher_requested_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_matched_credit_id_statement_credits_id_fk" FOREIGN KEY ("matched_credit_id") REFERENCES "public"."statement_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_matched_by_staff_members_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_refund_recorded_by_staff_members_id_fk" FOREIGN KEY ("refund_recorded_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_staff_members_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_banners_live_idx" ON "content_banners" USING btree ("language","sort");--> statement-breakpoint
CREATE INDEX "content_events_entity_idx" ON "content_events" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "content_ipos_dates_idx" ON "content_ipos" USING btree ("subscribe_from","subscribe_to");--> statement-breakpoint
CREATE INDEX "legal_holds_app_idx" ON "legal_holds" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_accounts_number_idx" ON "receiving_accounts" USING btree ("bank_code","account_number","currency");--> statement-breakpoint
CREATE INDEX "remittances_state_idx" ON "remittances" USING btree ("state","paid_at");--> statement-breakpoint
CREATE INDEX "statement_credits_state_idx" ON "statement_credits" USING btree ("state","booking_date");--> statement-breakpoint
CREATE INDEX "statement_credits_app_idx" ON "statement_credits" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "statement_credits_reference_idx" ON "statement_credits" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_one_match_idx" ON "statement_credits" USING btree ("application_id") WHERE state = 'matched';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_deposit_reference_unique" UNIQUE("deposit_reference");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_number_unique" UNIQUE("account_number");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_bcan_unique" UNIQUE("bcan");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_template_check" CHECK (template in ('refused', 'approved', 'declined', 'voucher_requested', 'activated', 'opened', 'third_party_refund'));--> statement-breakpoint
CREATE TRIGGER "content_events_append_only" BEFORE UPDATE OR DELETE ON "content_events" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "content_events_no_truncate" BEFORE TRUNCATE ON "content_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
INSERT INTO "receiving_accounts" ("currency", "bank_name", "bank_code", "account_name", "account_number", "fps_id", "swift", "statement_format", "sort") VALUES
  ('HKD', '{"zh-CN":"香港上海汇丰银行有限公司","zh-HK":"香港上海滙豐銀行有限公司","en":"The Hongkong and Shanghai Banking Corporation Limited"}', '004', 'Harbour Peak Securities Limited - Client Account', '808-123456-838', '1234567', 'HSBCHKHHHKH', 'hsbc_hk_csv', 1),
  ('USD', '{"zh-CN":"中国银行（香港）有限公司","zh-HK":"中國銀行（香港）有限公司","en":"Bank of China (Hong Kong) Limited"}', '012', 'Harbour Peak Securities Limited - Client Account', '012-875-1-234567-8', NULL, 'BKCHHKHHXXX', 'boc_hk_csv', 2);--> statement-breakpoint
INSERT INTO "content_service" ("id", "phone_hk", "phone_cn", "hours") VALUES
  (1, '+852 3000 8888', '400-800-8888', '{"zh-CN":"周一至周五 9:00–18:00（香港时间，公众假期除外）","zh-HK":"星期一至五 9:00–18:00（香港時間，公眾假期除外）","en":"Monday to Friday, 9:00–18:00 Hong Kong time, except public holidays"}');

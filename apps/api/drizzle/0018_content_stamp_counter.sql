-- The content stamp (content-cache.ts) as one row bumped by every content event, in the event's own
-- transaction: reading it costs one index look-up however many events there are, where
-- max(id) || count(*) over content_events grew with the table (0.9 ms of the status call's 0.1 ms at
-- 10,000 events; decision 027). Every content change writes an event (content-repository.ts), so a
-- committed change moves the stamp; two changes at once queue on the row, each bumping it once.
CREATE TABLE "content_stamp" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "content_stamp_one_row" CHECK (id = 1)
);--> statement-breakpoint
INSERT INTO "content_stamp" ("id", "version") SELECT 1, count(*) FROM "content_events";--> statement-breakpoint
CREATE FUNCTION "content_stamp_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_stamp" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_events_bump_stamp" AFTER INSERT ON "content_events" FOR EACH ROW EXECUTE FUNCTION "content_stamp_bump"();--> statement-breakpoint
CREATE TRIGGER "content_stamp_no_delete" BEFORE DELETE OR TRUNCATE ON "content_stamp" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();

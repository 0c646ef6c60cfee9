-- issue #22 finding 3, separation of duties: the person who approves a case held it at no time and
-- decided none of its items. The recommender rule is a CHECK (0009); this one reads other rows, so
-- it is a trigger. "Held": the case's assignee, or the assignee of any of its `assigned` events (the
-- re-submission's routing included). "Decided": the decider of any current decision (an approval
-- carried over from the previous submission keeps its original decider, who therefore counts), or
-- the actor of any `item_decided` event (a decision replaced since still counts).
CREATE FUNCTION "review_cases_approver_took_no_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.approved_by IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.approved_by IS DISTINCT FROM OLD.approved_by) THEN
		IF NEW.approved_by = NEW.assignee_id
			OR EXISTS (SELECT 1 FROM review_item_decisions d WHERE d.case_id = NEW.id AND d.staff_id = NEW.approved_by)
			OR EXISTS (
				SELECT 1 FROM review_case_events e
				WHERE e.case_id = NEW.id
					AND ((e.type = 'item_decided' AND e.actor_id = NEW.approved_by)
						OR (e.type = 'assigned' AND e.next->>'assigneeId' = NEW.approved_by::text))
			)
		THEN
			RAISE EXCEPTION 'review case %: the approver held the case or decided an item of it', NEW.id
				USING ERRCODE = 'check_violation', CONSTRAINT = 'review_cases_approver_took_no_part';
		END IF;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "review_cases_approver_took_no_part" BEFORE INSERT OR UPDATE OF "approved_by" ON "review_cases" FOR EACH ROW EXECUTE FUNCTION "review_cases_approver_took_no_part"();--> statement-breakpoint
-- issue #22 finding 7, search in the queue: keyed hashes (the vault's look-up hash) of normalised
-- name tokens and of the last 4 or more digits of the mobile and the identity number, written at
-- each submission; never the values (docs/decisions/003-personal-data-at-rest.md).
CREATE TABLE "review_search_keys" (
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_search_keys_application_id_kind_value_hash_pk" PRIMARY KEY("application_id","kind","value_hash"),
	CONSTRAINT "review_search_keys_kind_check" CHECK (kind in ('name', 'digits'))
);
--> statement-breakpoint
ALTER TABLE "review_search_keys" ADD CONSTRAINT "review_search_keys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_search_keys_value_idx" ON "review_search_keys" USING btree ("kind","value_hash","application_id");

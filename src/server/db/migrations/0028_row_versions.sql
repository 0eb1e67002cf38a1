-- Row versions (issue 37): users, car rules, rule sets and debtor rule sets get the update_id departments have, so a
-- save of a copy read before another save is refused (409) instead of writing over it.
ALTER TABLE "users" ADD COLUMN "update_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "car_rules" ADD COLUMN "update_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "debitor_rule_sets" ADD COLUMN "update_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "rule_sets" ADD COLUMN "update_id" uuid DEFAULT gen_random_uuid() NOT NULL;
CREATE SEQUENCE "public"."order_nr_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
-- Carry on from the numbers already given.
SELECT setval('order_nr_seq', greatest((SELECT max(order_nr) FROM orders), (SELECT value FROM counters WHERE name = 'order'), 100000)::bigint + 1, false);--> statement-breakpoint
DROP TABLE "counters" CASCADE;
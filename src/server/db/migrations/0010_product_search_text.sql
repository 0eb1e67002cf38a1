DROP INDEX "products_search_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(no || ' ' || name || ' ' || description || ' ' || description2 || ' ' || description3 || ' ' || description4)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);
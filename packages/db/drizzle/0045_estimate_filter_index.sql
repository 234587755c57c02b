-- The board's estimate filter (decision 0082): apps/server/src/board/filtering.ts asks
-- `estimate in (3, 5) and estimate is not null` (and `estimate is null` for "no estimate"), which this
-- answers without reading every issue; the old `coalesce(estimate in (…), false)` could use no index.
CREATE INDEX "issues_estimate_idx" ON "issues" USING btree ("estimate");
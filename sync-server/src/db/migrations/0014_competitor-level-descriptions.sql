-- Issue 19: a description per competitor level, shown to families choosing a level on the
-- competitor form (e.g. "Under 1 year of training"). Empty for levels nobody described yet.
ALTER TABLE competitor_levels ADD COLUMN IF NOT EXISTS description text NOT NULL DEFAULT '';

-- Issue 31 (defect 2): whose turn a line is now follows the level's "convert agent" flag (DECISIONS.md section 3).
-- Before, every agent line was the learner's turn whatever the flag, and a level added by hand or imported
-- was stored with the flag off. Keep those levels as their learners knew them: every level turns the flag on
-- except the listening levels — the sim's first level (order 0, 'Watch and Learn') and Generate Sim's
-- 'Watch the experts' (order 1), which are the ones meant to be watched.
UPDATE "sim_levels"
SET "convert_agent" = true
WHERE "convert_agent" = false
  AND "sort_order" > 0
  AND NOT ("sort_order" = 1 AND "name" = 'Watch the experts');

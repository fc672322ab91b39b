-- Natural order for the employee list's text sorts (modules/employees/natural-order.ts): digits compare as
-- numbers and letters without regard to case. A PostgreSQL built without ICU keeps going without it (the
-- list then sorts by lower case).
DO $$
BEGIN
  CREATE COLLATION IF NOT EXISTS natural_sort (provider = icu, locale = 'und-u-kn-true');
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'natural_sort collation not created: %', SQLERRM;
END
$$;

ALTER TABLE "companies" ADD COLUMN "access_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The access hook caches a user's access under companies.access_version; these triggers bump it whenever
-- anything that decides access changes, whatever code path writes it. Deferred to commit (one bump per company
-- and transaction), so the hot company row is locked only while the transaction commits.
CREATE FUNCTION "bump_access_version"(cid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flag text;
BEGIN
  IF cid IS NULL THEN
    RETURN;
  END IF;
  flag := 'sim.access_bumped_' || replace(cid::text, '-', '');
  IF current_setting(flag, true) = '1' THEN
    RETURN;
  END IF;
  UPDATE "companies" SET "access_version" = "access_version" + 1 WHERE "id" = cid;
  PERFORM set_config(flag, '1', true);
END;
$$;
--> statement-breakpoint
-- a row that carries its company_id (users, roles): its company, and the old one when it moved
CREATE FUNCTION "access_changed_company_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "bump_access_version"(OLD."company_id");
    RETURN NULL;
  END IF;
  PERFORM "bump_access_version"(NEW."company_id");
  IF TG_OP = 'UPDATE' AND OLD."company_id" IS DISTINCT FROM NEW."company_id" THEN
    PERFORM "bump_access_version"(OLD."company_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_access_version_upd" AFTER UPDATE ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD."company_id", OLD."role_id", OLD."status", OLD."deleted_at", OLD."tokens_valid_after",
     OLD."is_platform_admin", OLD."first_name", OLD."last_name", OLD."nick_name", OLD."email", OLD."profile_pic_url")
    IS DISTINCT FROM
    (NEW."company_id", NEW."role_id", NEW."status", NEW."deleted_at", NEW."tokens_valid_after",
     NEW."is_platform_admin", NEW."first_name", NEW."last_name", NEW."nick_name", NEW."email", NEW."profile_pic_url")
  ) EXECUTE FUNCTION "access_changed_company_row"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_access_version_del" AFTER DELETE ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "access_changed_company_row"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_access_version" AFTER UPDATE OR DELETE ON "roles" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "access_changed_company_row"();
--> statement-breakpoint
CREATE FUNCTION "access_changed_role_permissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "bump_access_version"((SELECT "company_id" FROM "roles" WHERE "id" = OLD."role_id"));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "bump_access_version"((SELECT "company_id" FROM "roles" WHERE "id" = NEW."role_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "access_changed_role_permissions"();
--> statement-breakpoint
CREATE FUNCTION "access_changed_temp_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "bump_access_version"((SELECT "company_id" FROM "users" WHERE "id" = OLD."user_id"));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "bump_access_version"((SELECT "company_id" FROM "users" WHERE "id" = NEW."user_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "temp_roles_access_version" AFTER INSERT OR UPDATE OR DELETE ON "temp_roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "access_changed_temp_roles"();
--> statement-breakpoint
CREATE FUNCTION "access_changed_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" AND NEW."access_version" = OLD."access_version" THEN
    NEW."access_version" := OLD."access_version" + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_access_version" BEFORE UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "access_changed_company"();

-- Every committed change to what an API process caches about a signed-in user (the user row, its roles, its
-- Stripe customer, its lesson progress) is announced on the channel "polski_user_changed" with the user's id, so
-- every API process evicts that user from its cache. A TRUNCATE announces an empty payload: evict everyone.
-- Notifications are delivered at commit, and not at all for a rolled-back transaction.

-- CreateFunction
CREATE FUNCTION "polski_notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id TEXT;
  new_id TEXT;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('polski_user_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_id := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('polski_user_changed', old_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_id := to_jsonb(NEW) ->> TG_ARGV[0];
    IF new_id IS DISTINCT FROM old_id THEN
      PERFORM pg_notify('polski_user_changed', new_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "users_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "polski_notify_user_changed"('id');
CREATE TRIGGER "users_notify_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "polski_notify_user_changed"();

CREATE TRIGGER "user_roles_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "polski_notify_user_changed"('user_id');
CREATE TRIGGER "user_roles_notify_truncated" AFTER TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "polski_notify_user_changed"();

CREATE TRIGGER "payment_customers_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "payment_customers"
  FOR EACH ROW EXECUTE FUNCTION "polski_notify_user_changed"('user_id');
CREATE TRIGGER "payment_customers_notify_truncated" AFTER TRUNCATE ON "payment_customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "polski_notify_user_changed"();

CREATE TRIGGER "lesson_progress_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "lesson_progress"
  FOR EACH ROW EXECUTE FUNCTION "polski_notify_user_changed"('user_id');
CREATE TRIGGER "lesson_progress_notify_truncated" AFTER TRUNCATE ON "lesson_progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "polski_notify_user_changed"();

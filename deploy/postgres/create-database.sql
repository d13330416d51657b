-- The analytics service's PostgreSQL database and its two roles, least privileged. Run once, as a
-- superuser (or a role with CREATEROLE and CREATEDB), with psql:
--
--   psql -v ON_ERROR_STOP=1 -v owner_password="$(openssl rand -base64 33)" \
--        -v service_password="$(openssl rand -base64 33)" -f deploy/postgres/create-database.sql
--
-- aisle_analytics_owner owns the schema and runs the migrations (`npm run analytics:admin -- migrate`
-- with its URL), before each upgrade. aisle_analytics is what the service's processes connect as:
-- it reads and writes rows, and can create, alter or drop nothing. The processes' URL (the role's
-- search_path, set below, finds the schema):
--   AISLE_ANALYTICS_DATABASE_URL=postgres://aisle_analytics:<service_password>@db.internal:5432/aisle_analytics

CREATE ROLE aisle_analytics_owner LOGIN PASSWORD :'owner_password';
-- N processes × 1.5 × AISLE_ANALYTICS_POOL_SIZE (8 for events, 4 for rate limits), with room for a
-- rolling restart.
CREATE ROLE aisle_analytics LOGIN PASSWORD :'service_password' CONNECTION LIMIT 64;

CREATE DATABASE aisle_analytics OWNER aisle_analytics_owner ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE aisle_analytics FROM PUBLIC;
GRANT CONNECT ON DATABASE aisle_analytics TO aisle_analytics;

\connect aisle_analytics
-- Nobody creates in public; the service's tables live in their own schema, owned by the owner role.
REVOKE ALL ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA analytics AUTHORIZATION aisle_analytics_owner;
ALTER ROLE aisle_analytics_owner IN DATABASE aisle_analytics SET search_path = analytics;
ALTER ROLE aisle_analytics IN DATABASE aisle_analytics SET search_path = analytics;
GRANT USAGE ON SCHEMA analytics TO aisle_analytics;

-- Every table and sequence the owner's migrations create, now and later, is the service's to read
-- and write: no DDL, no TRUNCATE, no triggers, no references.
ALTER DEFAULT PRIVILEGES FOR ROLE aisle_analytics_owner IN SCHEMA analytics
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO aisle_analytics;
ALTER DEFAULT PRIVILEGES FOR ROLE aisle_analytics_owner IN SCHEMA analytics
  GRANT USAGE, SELECT ON SEQUENCES TO aisle_analytics;

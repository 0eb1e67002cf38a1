-- Time-ordered ids (UUID version 7, RFC 9562): a new row's key goes at the right end of its primary-key index
-- instead of on a random page of it, so an insert touches one hot page, not a cold one that must be read and
-- written whole to the WAL. PostgreSQL 18 has uuidv7(); 15 to 17 do not, so this is the same layout by hand:
-- 48 bits of Unix time in milliseconds over a random UUID, its version bits turned from 4 to 7.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;

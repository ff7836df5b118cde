/// v20: several servers on one log. Each reporting device's engine is run by one server at a time, under a lease
/// (`device_lease`: its holder, an epoch that grows each time another server takes it, and when it expires); and
/// each outbox message is delivered by one server at a time, under a claim (`claimed_by`, `claimed_until`) that
/// another server may take over once it has run out (its server stopped mid-delivery).
let serverSharingSchemaV20 = """
    CREATE TABLE device_lease (
        device_id INTEGER PRIMARY KEY REFERENCES device(id) ON DELETE CASCADE,
        holder TEXT NOT NULL CONSTRAINT device_lease_holder CHECK (length(holder) BETWEEN 1 AND 200),
        epoch INTEGER NOT NULL CONSTRAINT device_lease_epoch CHECK (epoch >= 1),
        expires_at REAL NOT NULL
    ) STRICT;
    ALTER TABLE mail_outbox ADD COLUMN claimed_by TEXT;
    ALTER TABLE mail_outbox ADD COLUMN claimed_until REAL;
    ALTER TABLE hours_outbox ADD COLUMN claimed_by TEXT;
    ALTER TABLE hours_outbox ADD COLUMN claimed_until REAL;
    """

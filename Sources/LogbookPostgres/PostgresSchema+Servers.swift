extension PostgresSchema {
    /// v9 (SQLite's v20): several servers on one log — each device's engine under a lease, each outbox message and
    /// payroll change under a claim while one server delivers it.
    static let serverSharing = PostgresMigration(
        version: 9, name: "servers: device engine leases, outbox claims",
        statements: [
            """
            CREATE TABLE device_lease (
                device_id bigint PRIMARY KEY REFERENCES device (id) ON DELETE CASCADE,
                holder text NOT NULL CONSTRAINT device_lease_holder CHECK (length(holder) BETWEEN 1 AND 200),
                epoch bigint NOT NULL CONSTRAINT device_lease_epoch CHECK (epoch >= 1),
                expires_at double precision NOT NULL
            )
            """,
            "ALTER TABLE mail_outbox ADD COLUMN claimed_by text",
            "ALTER TABLE mail_outbox ADD COLUMN claimed_until double precision",
            "ALTER TABLE hours_outbox ADD COLUMN claimed_by text",
            "ALTER TABLE hours_outbox ADD COLUMN claimed_until double precision",
        ])
}

import LogbookTestSupport
import Testing

/// `scripts/test` asks for the PostgreSQL tests (`LOGBOOK_REQUIRE_POSTGRES=1`): then a missing cluster is a failure,
/// not a skip.
@Suite struct TestClusterPresence {
    @Test func theClusterIsThereWhenAskedFor() {
        if TestCluster.environment["LOGBOOK_REQUIRE_POSTGRES"] == "1" {
            #expect(TestCluster.isAvailable, "scripts/test-postgres did not start a cluster")
        }
    }
}

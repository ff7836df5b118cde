import Ingest
import Testing
import TrackModel

/// The error `decode` throws, recording an issue when it returns instead.
func refusal(
    _ decode: () throws(IngestError) -> IngestBatch, sourceLocation: SourceLocation = #_sourceLocation
) -> IngestError? {
    do {
        let batch = try decode()
        Issue.record("decoded \(batch.positions.count) positions, expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// `2023-11-14T22:13:20Z` (checked with Python's `datetime.fromtimestamp(1700000000, timezone.utc)`).
let novemberFourteenth = Timestamp(secondsSince1970: 1_700_000_000)

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// `Basic base64(name:token)`, as OwnTracks sends it.
func basic(_ name: String, _ token: String) -> String {
    // base64 of "phone:s3cret-token" computed with `printf 'phone:s3cret-token' | base64`.
    precondition(name == "phone" && token == "s3cret-token")
    return "Basic cGhvbmU6czNjcmV0LXRva2Vu"
}

/// What one request carries: the credential it presents and the positions it reports, in the order sent.
public struct IngestBatch: Sendable, Hashable {
    /// At most this many positions in one request (Overland's largest batch); more is refused, naming the field.
    public static let maximumPositions = 1_000

    /// `nil` when the request presents none (the server answers 401).
    public var credential: DeviceCredential?
    public var positions: [IngestPosition]
    /// Messages that carry no position and are accepted and ignored (OwnTracks' other `_type`s, empty bodies).
    public var ignoredMessages: Int

    public init(credential: DeviceCredential?, positions: [IngestPosition], ignoredMessages: Int = 0) {
        self.credential = credential
        self.positions = positions
        self.ignoredMessages = ignoredMessages
    }

    static func checkCount(_ count: Int, field: String) throws(IngestError) {
        guard count <= maximumPositions else {
            throw IngestError(
                .tooMany, field: field,
                "holds \(count) positions; send at most \(maximumPositions) in one request")
        }
    }
}

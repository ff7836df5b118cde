import Ingest
import Testing

@Suite struct DeviceCredentialTests {
    let query = "lat=1&lon=2&timestamp=1700000000"

    @Test func bearerAndBasicHeaders() throws {
        let bearer = try OsmAndDecoder.decode(IngestRequest(queryString: query, authorization: "Bearer abc"))
        #expect(bearer.credential == .token("abc"))
        let lower = try OsmAndDecoder.decode(IngestRequest(queryString: query, authorization: "bearer  abc"))
        #expect(lower.credential == .token("abc"))
        let basic = try OsmAndDecoder.decode(
            IngestRequest(queryString: query, authorization: basic("phone", "s3cret-token")))
        #expect(basic.credential == .basic(name: "phone", token: "s3cret-token"))
    }

    @Test func theQueryWinsOverTheHeader() throws {
        let batch = try OsmAndDecoder.decode(IngestRequest(queryString: "id=q&" + query, authorization: "Bearer h"))
        #expect(batch.credential == .token("q"))
        let token = try OwnTracksDecoder.decode(IngestRequest(queryString: "token=q", authorization: "Bearer h"))
        #expect(token.credential == .token("q"))
    }

    @Test func noCredentialIsNil() throws {
        #expect(try OsmAndDecoder.decode(IngestRequest(queryString: query)).credential == nil)
        #expect(try OsmAndDecoder.decode(IngestRequest(queryString: "id=&" + query)).credential == nil)
    }

    @Test(arguments: ["Digest abc", "Basic !!!notbase64", "Basic bm9jb2xvbg==", "Bearer", "Basic cGhvbmU6"])
    func badHeadersNameAuthorization(header: String) {
        let error = refusal { () throws(IngestError) in
            try OsmAndDecoder.decode(IngestRequest(queryString: query, authorization: header))
        }
        #expect(error?.field == "Authorization")
        #expect(error?.code == .badAuthorization)
        // The message never repeats what was sent.
        #expect(error?.message.contains("abc") == false)
    }
}

import CCurl
import CCurlShim

#if canImport(Glibc)
    import Glibc
#endif

/// What the server answered to a POST.
public struct HTTPPostAnswer: Sendable, Hashable {
    /// The HTTP status (200, 401, 503, …).
    public var status: Int
    /// The body, at most `HTTPPost.maximumAnswer` bytes of it.
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// Why a POST got no answer: the server could not be reached, TLS failed, the time ran out. In libcurl's words,
/// which name the host but never the body or a header (the token is in a header).
public struct HTTPPostError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// One HTTP(S) POST through libcurl, as a vehicle box sends its positions to the central server: no redirects
/// followed (a token must not go elsewhere), certificates verified, a connect timeout of 10 s.
public enum HTTPPost {
    /// At most this much of an answer is kept (the answers the box reads are a few bytes).
    public static let maximumAnswer = 64 * 1_024

    public static func post(
        url: String, body: [UInt8], headers: [String], timeoutSeconds: Int = 30
    ) throws(HTTPPostError) -> HTTPPostAnswer {
        guard globalInit == CURLE_OK.rawValue else { throw HTTPPostError(message: "libcurl could not be initialised") }
        guard let handle = curl_easy_init() else { throw HTTPPostError(message: "libcurl could not create a handle") }
        defer { curl_easy_cleanup(handle) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl_slist_free_all(list) }
        for header in headers {
            guard let appended = curl_slist_append(list, header) else {
                throw HTTPPostError(message: "out of memory building the headers")
            }
            list = appended
        }
        let sink = AnswerSink()
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        func set(_ result: CURLcode, _ option: String) throws(HTTPPostError) {
            guard result == CURLE_OK else {
                throw HTTPPostError(
                    message: "libcurl refused \(option): \(String(cString: curl_easy_strerror(result)))")
            }
        }
        try set(logbook_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
        try set(logbook_curl_setopt_string(handle, CURLOPT_URL, url), "CURLOPT_URL")
        try set(logbook_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "CURLOPT_PROTOCOLS_STR")
        try set(logbook_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0), "CURLOPT_FOLLOWLOCATION")
        try set(logbook_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list), "CURLOPT_HTTPHEADER")
        try set(logbook_curl_setopt_long(handle, CURLOPT_POST, 1), "CURLOPT_POST")
        try set(logbook_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count), "CURLOPT_POSTFIELDSIZE")
        // Copied by libcurl: the array need not outlive the call.
        let copied = body.withUnsafeBytes { bytes in
            logbook_curl_setopt_pointer(
                handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
        }
        try set(copied, "CURLOPT_COPYPOSTFIELDS")
        try set(
            logbook_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, writeCallback), "CURLOPT_WRITEFUNCTION")
        try set(logbook_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sinkPointer), "CURLOPT_WRITEDATA")
        try set(logbook_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, 10), "CURLOPT_CONNECTTIMEOUT")
        try set(logbook_curl_setopt_long(handle, CURLOPT_TIMEOUT, timeoutSeconds), "CURLOPT_TIMEOUT")
        try set(logbook_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")
        let result = withExtendedLifetime(sink) { curl_easy_perform(handle) }
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            throw HTTPPostError(message: detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail)
        }
        var status = 0
        _ = logbook_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPPostAnswer(status: status, body: sink.bytes)
    }

    private static let globalInit: UInt32 = curl_global_init(Int(CURL_GLOBAL_DEFAULT)).rawValue
}

/// The bytes of the answer, as libcurl hands them over.
private final class AnswerSink {
    var bytes: [UInt8] = []
}

/// CURLOPT_WRITEFUNCTION: keeps the answer up to `maximumAnswer` bytes (the rest is read and dropped).
private func writeCallback(
    buffer: UnsafeMutablePointer<CChar>?, size: Int, count: Int, userdata: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let buffer, let userdata else { return 0 }
    let sink = Unmanaged<AnswerSink>.fromOpaque(userdata).takeUnretainedValue()
    let room = max(0, HTTPPost.maximumAnswer - sink.bytes.count)
    if room > 0 {
        buffer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(room, length)))
        }
    }
    return length
}

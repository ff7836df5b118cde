#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import TrackModel
import TrackFormats

extension TrackFileReader {
    /// Reads one file like `read(_:_:)`, but decodes on a second thread while `body` runs on this one: reading
    /// and decoding overlap with whatever `body` does with the fixes (the trip engine), which on a machine
    /// with two cores takes a replay's time from their sum to the larger of the two. A format decoded in two
    /// stages (`StagedTrackDecoder`: GPX) scans on the second thread and converts its records into fixes on this
    /// one, so the two threads share the decoding.
    ///
    /// `body` sees the same fixes in the same order, on the calling thread. Records travel in batches, one per chunk
    /// read (`chunkSize` bytes of input), through a queue of at most `readAheadDepth` batches, so memory stays bounded
    /// (about `readAheadDepth + 2` batches, allocated once: emptied batches go back to the decoding thread) however
    /// long the file. A fault of the file is thrown
    /// after the fixes decoded before it have been handed to `body`; an error `body` throws stops the decoding
    /// thread and is rethrown.
    public func readAhead(_ path: String, _ body: (Fix) throws -> Void) throws -> TrackFileSummary {
        let file = try OpenedTrackFile(path: path, chunkSize: chunkSize, progress: progress)
        switch file.format {
        case .nmea: return try readAhead(UnstagedDecoder(NMEADecoder()), file, body)
        case .gpsdJSON:
            return try readAhead(UnstagedDecoder(GPSDJSONDecoder(device: decoderOptions.gpsdDevice)), file, body)
        case .gpx: return try readAhead(GPXDecoder(), file, body)
        }
    }

    private func readAhead<Decoder: StagedTrackDecoder>(
        _ decoder: Decoder, _ file: OpenedTrackFile, _ body: (Fix) throws -> Void
    ) throws -> TrackFileSummary {
        var converter = decoder.makeConverter()
        let channel = BatchChannel<Decoder.Batch>(depth: Self.readAheadDepth)
        let job = ReadAheadJob(reader: self, decoder: decoder, file: file, channel: channel)
        var thread = pthread_t()
        // The closure is made here, where the decoder's type is known, so the decoding thread runs code specialised
        // for it (a method of a generic class called through its vtable would not be).
        let box = Unmanaged.passRetained(ThreadEntry { job.run() }).toOpaque()
        guard
            pthread_create(
                &thread, nil,
                { raw in
                    let entry = Unmanaged<ThreadEntry>.fromOpaque(raw!).takeRetainedValue()
                    entry.body()
                    return nil
                }, box) == 0
        else {
            Unmanaged<ThreadEntry>.fromOpaque(box).release()
            return try read(decoder, file, body)  // no thread to be had: read on this one
        }
        defer { pthread_join(thread, nil) }
        do {
            while var batch = channel.take() {
                for index in 0..<batch.count {
                    let fix: Fix
                    do { fix = try converter.convert(batch, at: index) } catch {
                        throw TrackReadError(path: file.path, decoding: error)
                    }
                    try body(fix)
                }
                batch.clear()
                channel.recycle(batch)
            }
        } catch {
            channel.cancel()
            throw error
        }
        switch channel.outcome! {
        case .success(var summary):
            summary.statistics.merge(converter.statistics)
            return summary
        case .failure(let error): throw error
        }
    }

    /// Batches the decoding thread may run ahead.
    static let readAheadDepth = 4
}

/// What the decoding thread runs.
private final class ThreadEntry: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The decoding side of `readAhead`: reads the file and sends its records in batches.
private final class ReadAheadJob<Decoder: StagedTrackDecoder>: @unchecked Sendable {
    let reader: TrackFileReader
    let decoder: Decoder
    let file: OpenedTrackFile
    let channel: BatchChannel<Decoder.Batch>

    init(reader: TrackFileReader, decoder: Decoder, file: OpenedTrackFile, channel: BatchChannel<Decoder.Batch>) {
        self.reader = reader
        self.decoder = decoder
        self.file = file
        self.channel = channel
    }

    struct Cancelled: Error {}

    func run() {
        let outcome: Result<TrackFileSummary, any Error>
        do {
            // A batch goes over after each chunk read (a 64 KiB chunk holds some 450 NMEA epochs or GPX points).
            let summary = try reader.scan(decoder, file) { batch in
                guard batch.count > 0 else { return }
                var full = channel.emptyBatch() ?? Decoder.Batch()
                swap(&full, &batch)
                guard channel.put(full) else { throw Cancelled() }
            }
            outcome = .success(summary)
        } catch {
            outcome = .failure(error)
        }
        channel.close(outcome)
    }
}

/// A bounded queue of record batches between one producer and one consumer thread (a mutex and two conditions).
private final class BatchChannel<Batch: TrackRecordBatch>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var notEmpty = pthread_cond_t()
    private var notFull = pthread_cond_t()
    private var batches: [Batch] = []
    /// Emptied batches handed back by the consumer, for the producer to fill again.
    private var spare: [Batch] = []
    private var head = 0
    private let depth: Int
    private var closed = false
    private var cancelled = false
    /// How the producer ended; set by `close`, read after `take` returned nil.
    private(set) var outcome: Result<TrackFileSummary, any Error>?

    init(depth: Int) {
        self.depth = depth
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&notEmpty, nil)
        pthread_cond_init(&notFull, nil)
    }

    deinit {
        pthread_cond_destroy(&notFull)
        pthread_cond_destroy(&notEmpty)
        pthread_mutex_destroy(&mutex)
    }

    /// Producer: waits for room; `false` when the consumer has cancelled.
    func put(_ batch: Batch) -> Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while batches.count - head >= depth, !cancelled { pthread_cond_wait(&notFull, &mutex) }
        guard !cancelled else { return false }
        if head > 0, head == batches.count {
            batches.removeAll(keepingCapacity: true)
            head = 0
        }
        batches.append(batch)
        pthread_cond_signal(&notEmpty)
        return true
    }

    /// Producer: no more batches.
    func close(_ outcome: Result<TrackFileSummary, any Error>) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        self.outcome = outcome
        closed = true
        pthread_cond_signal(&notEmpty)
    }

    /// Consumer: the next batch, or nil once the producer closed and everything was taken.
    func take() -> Batch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while head == batches.count, !closed { pthread_cond_wait(&notEmpty, &mutex) }
        guard head < batches.count else { return nil }
        let batch = batches[head]
        batches[head] = Batch()
        head += 1
        pthread_cond_signal(&notFull)
        return batch
    }

    /// Consumer: an emptied batch whose storage the producer may fill again (so batches are allocated once).
    func recycle(_ batch: Batch) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if spare.count < depth { spare.append(batch) }
    }

    /// Producer: a recycled empty batch, if there is one.
    func emptyBatch() -> Batch? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return spare.popLast()
    }

    /// Consumer: stop the producer (it sees `put` fail and ends).
    func cancel() {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        cancelled = true
        pthread_cond_signal(&notFull)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import TrackModel

extension TrackFileReader {
    /// Reads one file like `read(_:_:)`, but decodes on a second thread while `body` runs on this one: reading
    /// and decoding overlap with whatever `body` does with the fixes (the trip engine), which on a machine
    /// with two cores takes a replay's time from their sum to the larger of the two.
    ///
    /// `body` sees the same fixes in the same order, on the calling thread. Fixes travel in batches of
    /// `readAheadBatch` through a queue of at most `readAheadDepth` batches, so memory stays bounded (about
    /// `(readAheadDepth + 2) × readAheadBatch` fixes, allocated once: emptied batches go back to the decoding
    /// thread) however long the file. A fault of the file is thrown
    /// after the fixes decoded before it have been handed to `body`; an error `body` throws stops the decoding
    /// thread and is rethrown.
    public func readAhead(_ path: String, _ body: (Fix) throws -> Void) throws -> TrackFileSummary {
        let channel = FixChannel(depth: Self.readAheadDepth)
        let job = ReadAheadJob(reader: self, path: path, channel: channel, batchSize: Self.readAheadBatch)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(job).toOpaque()
        guard
            pthread_create(
                &thread, nil,
                { raw in
                    let job = Unmanaged<ReadAheadJob>.fromOpaque(raw!).takeRetainedValue()
                    job.run()
                    return nil
                }, box) == 0
        else {
            Unmanaged<ReadAheadJob>.fromOpaque(box).release()
            return try read(path, body)  // no thread to be had: read on this one
        }
        defer { pthread_join(thread, nil) }
        do {
            while var batch = channel.take() {
                for fix in batch { try body(fix) }
                batch.removeAll(keepingCapacity: true)
                channel.recycle(batch)
            }
        } catch {
            channel.cancel()
            throw error
        }
        switch channel.outcome! {
        case .success(let summary): return summary
        case .failure(let error): throw error
        }
    }

    /// Fixes per batch handed between the threads.
    static let readAheadBatch = 256
    /// Batches the decoding thread may run ahead.
    static let readAheadDepth = 4
}

/// The decoding side of `readAhead`: reads the file and sends its fixes in batches.
private final class ReadAheadJob: @unchecked Sendable {
    let reader: TrackFileReader
    let path: String
    let channel: FixChannel
    let batchSize: Int

    init(reader: TrackFileReader, path: String, channel: FixChannel, batchSize: Int) {
        self.reader = reader
        self.path = path
        self.channel = channel
        self.batchSize = batchSize
    }

    struct Cancelled: Error {}

    func run() {
        var batch: [Fix] = []
        batch.reserveCapacity(batchSize)
        let outcome: Result<TrackFileSummary, any Error>
        do {
            let summary = try reader.read(path) { fix in
                batch.append(fix)
                if batch.count == batchSize {
                    guard channel.put(batch) else { throw Cancelled() }
                    batch = channel.emptyBatch() ?? []
                    batch.reserveCapacity(batchSize)
                }
            }
            outcome = .success(summary)
        } catch {
            outcome = .failure(error)
        }
        if !batch.isEmpty { _ = channel.put(batch) }
        channel.close(outcome)
    }
}

/// A bounded queue of fix batches between one producer and one consumer thread (a mutex and two conditions).
private final class FixChannel: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var notEmpty = pthread_cond_t()
    private var notFull = pthread_cond_t()
    private var batches: [[Fix]] = []
    /// Emptied batches handed back by the consumer, for the producer to fill again.
    private var spare: [[Fix]] = []
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
    func put(_ batch: [Fix]) -> Bool {
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
    func take() -> [Fix]? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while head == batches.count, !closed { pthread_cond_wait(&notEmpty, &mutex) }
        guard head < batches.count else { return nil }
        let batch = batches[head]
        batches[head] = []
        head += 1
        pthread_cond_signal(&notFull)
        return batch
    }

    /// Consumer: an emptied batch whose storage the producer may fill again (so batches are allocated once).
    func recycle(_ batch: [Fix]) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if spare.count < depth { spare.append(batch) }
    }

    /// Producer: a recycled empty batch, if there is one.
    func emptyBatch() -> [Fix]? {
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

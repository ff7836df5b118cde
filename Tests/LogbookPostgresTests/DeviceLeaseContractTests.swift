import Foundation
import LogbookStore
import Testing

/// Device engine leases on every backend: one holder at a time, renewed by it, taken over only when run out, the
/// epoch counting the take-overs, and a release that lets the next server in at once.
@Suite struct DeviceLeaseContractTests {
    @Test(
        "a lease is held by one server until it runs out; a take-over counts in the epoch",
        arguments: StoreBackend.available)
    func takeOver(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(0)) { log in
            let leases = log.deviceLeases
            let phone = try log.addDevice("phone")
            let other = try log.addDevice("tracker")
            #expect(try leases.deviceLease(deviceID: phone) == nil)
            let first = try #require(
                try leases.acquireDeviceLease(deviceID: phone, holder: "a", now: 1_000, duration: 60))
            #expect(first == DeviceLease(deviceID: phone, holder: "a", epoch: 1, expiresAt: 1_060))
            // While it runs, another server gets nothing, and the lease is unchanged.
            #expect(try leases.acquireDeviceLease(deviceID: phone, holder: "b", now: 1_059, duration: 60) == nil)
            #expect(try leases.deviceLease(deviceID: phone) == first)
            // Its holder renews it: same epoch, later expiry.
            let renewed = try leases.acquireDeviceLease(deviceID: phone, holder: "a", now: 1_030, duration: 60)
            #expect(renewed == DeviceLease(deviceID: phone, holder: "a", epoch: 1, expiresAt: 1_090))
            #expect(try leases.acquireDeviceLease(deviceID: phone, holder: "b", now: 1_089.5, duration: 60) == nil)
            // Run out: the other server takes it over, and the epoch tells the first one its engine is stale.
            let taken = try leases.acquireDeviceLease(deviceID: phone, holder: "b", now: 1_090, duration: 60)
            #expect(taken == DeviceLease(deviceID: phone, holder: "b", epoch: 2, expiresAt: 1_150))
            #expect(try leases.acquireDeviceLease(deviceID: phone, holder: "a", now: 1_100, duration: 60) == nil)
            // A lease of another device is another lease.
            #expect(try leases.acquireDeviceLease(deviceID: other, holder: "a", now: 1_100, duration: 60)?.epoch == 1)
            // Released: the next server need not wait, and it is a take-over.
            try leases.releaseDeviceLease(deviceID: phone, holder: "a")  // not a's: changes nothing
            #expect(try leases.acquireDeviceLease(deviceID: phone, holder: "a", now: 1_101, duration: 60) == nil)
            try leases.releaseDeviceLease(deviceID: phone, holder: "b")
            let back = try leases.acquireDeviceLease(deviceID: phone, holder: "a", now: 1_102, duration: 60)
            #expect(back == DeviceLease(deviceID: phone, holder: "a", epoch: 3, expiresAt: 1_162))
        }
    }

    @Test("eight servers asking for a free lease at once: exactly one gets it", arguments: StoreBackend.available)
    func concurrentAcquire(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(0)) { log in
            let leases = log.deviceLeases
            let phone = try log.addDevice("phone")
            let got = LeaseResults()
            let group = DispatchGroup()
            for server in 0..<8 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    got.add(
                        Result {
                            try leases.acquireDeviceLease(deviceID: phone, holder: "s\(server)", now: 10, duration: 60)
                        })
                }
            }
            group.wait()
            let answers = try got.all.map { try $0.get() }  // no server got an error
            let leasesGot = answers.compactMap { $0 }
            #expect(answers.count == 8)
            #expect(leasesGot.count == 1)
            #expect(try leases.deviceLease(deviceID: phone)?.holder == leasesGot.first?.holder)
        }
    }
}

/// What concurrent callers got, collected under a lock.
final class LeaseResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<DeviceLease?, any Error>] = []
    func add(_ result: Result<DeviceLease?, any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<DeviceLease?, any Error>] { lock.withLock { results } }
}

extension ScenarioBuilder {
    /// Stands 120 s, drives off at 120° to a light (5 s to 10 m/s, 60 s at it, 5 s to a stop: 25 + 600 + 25 m) and
    /// waits there `wait` seconds. Returns the departure, the wait, and the way, 650 m.
    @discardableResult
    public mutating func driveToALight(wait: Double) -> (go: Segment, light: Segment, way: Double) {
        stand(120)
        drive(0, heading: 120)
        let go = accelerate(5, to: 10)
        drive(60)
        accelerate(5, to: 0)
        return (go, stand(wait), 25 + 600 + 25)
    }

    /// On from a stand to a place 35 m on: 4 s to 5 m/s (10 m), 4 s at it (20 m), 2 s to a stop (5 m). Returns the way.
    @discardableResult
    public mutating func creepOn() -> Double {
        accelerate(4, to: 5)
        drive(4)
        accelerate(2, to: 0)
        return 35
    }

    /// The way after a stand: 5 s to 10 m/s (25 m), 50 s at 10 m/s (500 m), 5 s to a stop (25 m): 550 m; then the
    /// parking (900 s). Returns the departure and the parking.
    @discardableResult
    public mutating func driveOnAndPark() -> (go: Segment, park: Segment) {
        let go = accelerate(5, to: 10)
        drive(50)
        accelerate(5, to: 0)
        return (go, stand(900))
    }
}

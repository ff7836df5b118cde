import ArgumentParser
import Roofing

/// An amount on the command line as people write it (`1234.50`, `1.234,50`), at most two decimals; anything else
/// is a usage error naming the option (exit 64).
extension Money: ExpressibleByArgument {
    public init?(argument: String) {
        guard let money = try? Money(parsing: argument) else { return nil }
        self = money
    }
}

/// A quantity, hours or a percentage on the command line (`33,333`, `7.5`), at most three decimals.
extension Quantity: ExpressibleByArgument {
    public init?(argument: String) {
        guard let quantity = try? Quantity(parsing: argument) else { return nil }
        self = quantity
    }
}

import TrackModel

/// Locale-free number text: a dot for the decimal point, no grouping, so CSV cells stay numbers in any spreadsheet
/// that reads dots and the PDF shows the same figures as the CSV.
package enum DecimalText {
    /// `value` ÷ 10^`scale` with exactly `scale` decimals: `fixed(12345, scale: 1)` is `1234.5`.
    package static func fixed(_ value: Int64, scale: Int) -> String {
        let negative = value < 0
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let whole = magnitude / divisor
        let fraction = magnitude % divisor
        var text = negative ? "-" : ""
        text += String(whole)
        if scale > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: scale - digits.count) + digits
        }
        return text
    }

    /// An odometer reading to a tenth of the unit, with one decimal (`48213.4`) or, when `decimals` is 0, in whole
    /// units (`48213`); empty when absent.
    package static func odometer(_ value: Double?, decimals: Int) -> String {
        guard let value, value.isFinite else { return "" }
        let tenths = Int64((value * 10).rounded(.toNearestOrAwayFromZero))
        return decimals == 0 ? fixed((tenths + (tenths >= 0 ? 5 : -5)) / 10, scale: 0) : fixed(tenths, scale: 1)
    }

    /// 0 when every reading is whole (to a tenth), else 1: a column shows all its readings the same way.
    package static func odometerDecimals(_ rows: [ReportRow]) -> Int {
        for row in rows {
            for value in [row.odometerStart, row.odometerEnd] {
                guard let value, value.isFinite else { continue }
                if Int64((value * 10).rounded(.toNearestOrAwayFromZero)) % 10 != 0 { return 1 }
            }
        }
        return 0
    }
}

/// Local calendar text for a UTC instant and an offset.
package struct LocalTime {
    package let year: Int
    package let month: Int
    package let day: Int
    package let hour: Int
    package let minute: Int

    package init(_ instant: Timestamp, utcOffsetSeconds: Int) {
        // Truncate to the minute (a trip that started at 07:59:59 started at 07:59), then split.
        let seconds = instant.secondsSince1970 + Double(utcOffsetSeconds)
        let minutes = Int64((seconds / 60).rounded(.down))
        let c = Timestamp(secondsSince1970: Double(minutes) * 60).components
        (year, month, day, hour, minute) = (c.year, c.month, c.day, c.hour, c.minute)
    }

    /// `2026-10-05`.
    package var date: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    /// `07:30`.
    package var time: String { "\(Self.pad(hour, 2)):\(Self.pad(minute, 2))" }

    /// `2026-10-05 07:30`.
    package var dateTime: String { date + " " + time }

    /// Days from 1970-01-01 of the local date.
    package var dayNumber: Int { CivilDate.daysFromCivil(year: year, month: month, day: day) }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines.
    package var trimmingBlanks: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// The text when it is one or more ASCII digits, else `nil`.
    package var asDigits: String? {
        guard utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return String(self)
    }
}

extension String {
    /// The text on one line: line breaks and tabs become spaces, other control characters are dropped.
    package var singleLine: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: out.unicodeScalars.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

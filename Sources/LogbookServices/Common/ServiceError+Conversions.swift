import Checklists
import Foundation
import Hours
import LogbookStore
import PlainText
import Roofing
import ValueStreams

// What the store's, the domains' and the decoders' errors mean to a use case's caller. Each is said once here;
// the edges map `ServiceError` alone.

extension ServiceError {
    /// A field as the API names it: a flag some older code still passes (`--guaranteed-rate`) becomes
    /// `guaranteed_rate`; a JSON path (`activities[3].price`) and an empty field stay as they are.
    public static func neutralField(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.hasPrefix("--") else { return text }
        return String(text.dropFirst(2)).replacingOccurrences(of: "-", with: "_")
    }
}

extension StoreError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        switch code {
        case .notFound:
            return ServiceError(.notFound, field: field, detail, exitCode: exitCode)
        case .refused:
            return ServiceError(.refused, field: field, detail, exitCode: exitCode)
        case .invalidArgument, .constraint:
            // A schema rule whose field is known is a value the caller gave: a usage error on the command line.
            return ServiceError(.invalid, field: field, detail, exitCode: field == nil ? exitCode : 64)
        case .busy:
            return ServiceError(.unavailable, "the log is busy; try again", exitCode: exitCode)
        case .io, .corrupt, .invalidData, .other:
            return ServiceError(.failed, description, exitCode: exitCode)
        }
    }
}

extension RoofingError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        let kind: ServiceError.Kind =
            switch code {
            case .invalid: .invalid
            case .notFound: .notFound
            case .refused, .locked: .refused
            }
        let place = [line.map { "line \($0)" }, column.map { "column \($0)" }].compactMap { $0 }
        let text = place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
        return ServiceError(kind, field: ServiceError.neutralField(path), text)
    }
}

extension HoursError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        ServiceError(.invalid, field: ServiceError.neutralField(field), message)
    }
}

extension ChecklistError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        let kind: ServiceError.Kind =
            switch code {
            case .invalidTemplate: .invalid
            case .unknownTask: .notFound
            case .refused: .refused
            }
        return ServiceError(kind, field: ServiceError.neutralField(path), message)
    }
}

extension ValueStreamError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        let kind: ServiceError.Kind =
            switch code {
            case .invalid: .invalid
            case .notFound: .notFound
            case .refused: .refused
            }
        return ServiceError(kind, field: ServiceError.neutralField(path), message)
    }
}

extension PlainTextError: ServiceErrorConvertible {
    public var serviceError: ServiceError { ServiceError(.invalid, field: ServiceError.neutralField(field), message) }
}

extension DecodingError: ServiceErrorConvertible {
    /// A request body or file that does not decode: the field by its coding path (`roofers[2].hours`), never the
    /// value (it may be personal).
    public var serviceError: ServiceError {
        func path(_ codingPath: [any CodingKey]) -> String? {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return text.isEmpty ? nil : text
        }
        switch self {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return ServiceError(.invalid, field: field, "is required")
        case .valueNotFound(_, let context):
            return ServiceError(.invalid, field: path(context.codingPath), "is required")
        case .typeMismatch(let type, let context):
            // A form's decoder says what it expected (`expected a number`) where the type alone does not.
            let expected =
                type == Any.self && context.debugDescription.hasPrefix("expected ")
                ? context.debugDescription : "expected \(Self.describe(type))"
            return ServiceError(.invalid, field: path(context.codingPath), expected)
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            let reason = context.debugDescription
            // Foundation's text for a body that is not JSON at all mentions the parser, not the caller's field.
            if field == nil, context.underlyingError != nil {
                return ServiceError(.invalid, "the body is not valid JSON")
            }
            return ServiceError(.invalid, field: field, reason.isEmpty ? "is not valid" : reason)
        @unknown default:
            return ServiceError(.invalid, "the input does not decode")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: "a value of another kind"
        }
    }
}

import Foundation

/// What a template sees: text, flags, numbers, lists and objects of named values. Typed, so
/// that looking a name up is a dictionary read, not a runtime cast of an `Any` (a twelfth of
/// a large build went to those casts when pages were `[String: Any]` for swift-mustache).
/// A value that can be missing is left out of its object, never stored as nil.
enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Its named child, if it is an object that has one.
    subscript(name: String) -> TemplateValue? {
        guard case .object(let values) = self else { return nil }
        return values[name]
    }

    /// A transform (`{{count(cards)}}`, `{{#empty(topics)}}`), as swift-mustache names and
    /// applies them; nil for one the value does not have.
    func transformed(_ name: String) -> TemplateValue? {
        switch self {
        case .text(let text):
            switch name {
            case "empty": return .flag(text.isEmpty)
            case "capitalized": return .text(text.capitalized)
            case "lowercased": return .text(text.lowercased())
            case "uppercased": return .text(text.uppercased())
            case "reversed": return .text(String(text.reversed()))
            default: return nil
            }
        case .list(let items):
            switch name {
            case "first": return items.first
            case "last": return items.last
            case "reversed": return .list(items.reversed())
            case "count": return .number(items.count)
            case "empty": return .flag(items.isEmpty)
            default: return nil
            }
        case .object(let values):
            switch name {
            case "count": return .number(values.count)
            case "empty": return .flag(values.isEmpty)
            case "enumerated", "sorted":
                return .list(
                    values.sorted { $0.key < $1.key }.map { .object(["key": .text($0.key), "value": $0.value]) })
            default: return nil
            }
        case .number(let number):
            switch name {
            case "equalzero": return .flag(number == 0)
            case "plusone": return .number(number &+ 1)
            case "minusone": return .number(number &- 1)
            case "even": return .flag(number & 1 == 0)
            case "odd": return .flag(number & 1 == 1)
            default: return nil
            }
        case .flag:
            return nil
        }
    }
}

/// Where a section over a list is: what `{{first()}}`, `{{^last()}}` and `{{index()}}` read.
struct TemplateSequencePosition: Sendable {
    var index: Int
    var isLast: Bool

    func transformed(_ name: String) -> TemplateValue? {
        switch name {
        case "first": return .flag(index == 0)
        case "last": return .flag(isLast)
        case "index": return .number(index)
        case "even": return .flag(index & 1 == 0)
        case "odd": return .flag(index & 1 == 1)
        default: return nil
        }
    }
}

/// What may stand as a value in a page's context: written as plain Swift values where the
/// context is built, each turned into a `TemplateValue` once.
protocol TemplateRepresentable {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateRepresentable {
    var templateValue: TemplateValue { self }
}

extension String: TemplateRepresentable {
    var templateValue: TemplateValue { .text(self) }
}

extension Bool: TemplateRepresentable {
    var templateValue: TemplateValue { .flag(self) }
}

extension Int: TemplateRepresentable {
    var templateValue: TemplateValue { .number(self) }
}

extension Array: TemplateRepresentable where Element: TemplateRepresentable {
    var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension Dictionary: TemplateRepresentable where Key == String, Value: TemplateRepresentable {
    var templateValue: TemplateValue { .object(mapValues { $0.templateValue }) }
}

/// Header fields by case-insensitive name. A field sent twice keeps both values, joined with
/// ", " as RFC 9110 allows for list-valued fields such as `Link`.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    public subscript(name: String) -> String? {
        get {
            let values = fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}

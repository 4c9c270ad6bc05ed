extension HTTPHeaders {
    /// A field name as RFC 9110 has it: one or more token characters.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (0x21...0x7E).contains(byte) && !Array("\"(),/:;<=>?@[\\]{}".utf8).contains(byte)
            }
    }

    /// A value that cannot end its line or smuggle another: no CR, LF, NUL or other
    /// control character (a tab is allowed), no DEL.
    static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// The name of the first field that cannot be sent as it is; nil when all can.
    var firstInvalidField: String? {
        first { !Self.isValidName($0.name) || !Self.isValidValue($0.value) }?.name
    }
}

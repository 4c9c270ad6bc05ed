extension String {
    /// `lowercased()`, done on bytes when the text is ASCII, as names, descriptions and
    /// element names mostly are; other text goes through the Unicode tables as before. One
    /// pass over the string's own storage, where walking `utf8` as a collection cost a
    /// protocol call a byte.
    var quicklyLowercased: String {
        var text = self
        let ascii = text.withUTF8 { bytes -> (ascii: Bool, capitals: Bool) in
            var capitals = false
            for byte in bytes {
                if byte >= 0x80 { return (false, false) }
                if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { capitals = true }
            }
            return (true, capitals)
        }
        guard ascii.ascii else { return lowercased() }
        guard ascii.capitals else { return self }
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }
}

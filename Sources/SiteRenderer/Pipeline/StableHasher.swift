import Foundation

/// A 128-bit hash that is the same in every process, on every run and machine, unlike
/// Swift's randomly seeded `Hasher`: what a build keeps in the published marker to tell,
/// next run, whether a file's inputs or bytes changed. It reads eight bytes at a time, as a
/// build hashes every page model (READMEs included) and every file it writes.
///
/// Not cryptographic: a collision, which data would have to be crafted for, costs one page
/// carried over when it should have been rendered again.
struct StableHasher {
    private var first: UInt64 = 0x243f_6a88_85a3_08d3
    private var second: UInt64 = 0x1319_8a2e_0370_7344

    init() {}

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        // The length first, so that ("ab", "c") and ("a", "bc") differ.
        mix(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        mix(tail)
    }

    mutating func combine(_ data: Data) {
        data.withUnsafeBytes { combine($0) }
    }

    mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ value: Int) {
        mix(UInt64(bitPattern: Int64(value)))
    }

    mutating func combine(_ value: Bool) {
        mix(value ? 1 : 2)
    }

    /// Nil and present differ, and so do nil and the empty string.
    mutating func combine(_ string: String?) {
        guard let string else { return mix(0x6e69_6c00) }
        combine(string)
    }

    mutating func combine(_ value: Int?) {
        guard let value else { return mix(0x6e69_6c00) }
        mix(1)
        combine(value)
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* 0x9e37_79b9_7f4a_7c15
        first ^= first >> 29
        second = (second &+ word) &* 0xc2b2_ae3d_27d4_eb4f
        second = (second << 31) | (second >> 33)
    }

    /// 32 hex digits.
    func finalize() -> String {
        let (a, b) = words()
        return Self.hex(a) + Self.hex(b)
    }

    /// The same 128 bits as `finalize`, as two words: a fingerprint kept in memory by the thousand.
    func words() -> (UInt64, UInt64) {
        var a = first ^ (second >> 17)
        a = (a ^ (a >> 33)) &* 0xff51_afd7_ed55_8ccd
        a ^= a >> 33
        var b = second ^ (first << 13)
        b = (b ^ (b >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        b ^= b >> 33
        return (a, b)
    }

    /// Another fingerprint's words.
    mutating func combine(_ words: (UInt64, UInt64)) {
        mix(words.0)
        mix(words.1)
    }

    /// The hash of one file's bytes.
    static func fingerprint(of data: Data) -> String {
        var hasher = StableHasher()
        hasher.combine(data)
        return hasher.finalize()
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

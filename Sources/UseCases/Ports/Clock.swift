public import Foundation

/// The time, as a port: a build's "now" comes from here, so tests and reproducible builds
/// (`SOURCE_DATE_EPOCH`) can fix it.
public protocol Clock: Sendable {
    var now: Date { get }
}

import Foundation

/// App-wide delivery of decoding reports. Nothing is printed unless you ask.
///
/// ```swift
/// DecodingLog.level = .verbose                       // print every report with repairs
/// DecodingLog.onReport { report in analytics.log(report.description) }
/// ```
/// Only reports with repairs or a failure are delivered. Handlers run on the
/// decoding thread, after the value is decoded. Thread-safe.
public enum DecodingLog {
    public enum Level: Sendable {
        /// Print nothing (the default).
        case none
        /// Print each report's whole tree.
        case verbose
        /// Print one line per report: how many repairs, and the first.
        case alert
    }

    /// What is printed for reports with repairs. Default `.none`.
    public static var level: Level {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// Calls `handler` with every report that has repairs or a failure.
    public static func onReport(_ handler: @escaping @Sendable (DecodingReport) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    public static func removeAllHandlers() {
        state.withLock { $0.handlers.removeAll() }
    }

    package static func deliver(_ report: @autoclosure () -> DecodingReport, modelType: String) {
        let (level, handlers) = state.withLock { ($0.level, $0.handlers) }
        if level == .none && handlers.isEmpty { return }
        let report = report()
        if report.isClean { return }
        switch level {
        case .none: break
        case .verbose: print("CodableKit decoding \(modelType): \(report)")
        case .alert:
            let first = report.failure ?? report.issues.first.map(\.description) ?? ""
            print("CodableKit decoding \(modelType): \(report.issues.count) repairs; \(first)")
        }
        for handler in handlers { handler(report) }
    }

    private struct State {
        var level = Level.none
        var handlers: [@Sendable (DecodingReport) -> Void] = []
    }

    private static let state = Locked(State())
}

/// A value behind a lock: the only way CodableKit keeps app-wide state.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

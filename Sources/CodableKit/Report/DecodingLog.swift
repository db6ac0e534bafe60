#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// App-wide delivery of decoding reports. Nothing is printed unless you ask.
///
/// ```swift
/// DecodingLog.level = .verbose                       // print every report with repairs
/// DecodingLog.onReport { report in analytics.log(report.description) }
/// ```
/// Only reports with repairs or a failure are delivered. Handlers run on the
/// decoding thread, after the value is decoded. Thread-safe. A call that returns
/// the value alone (`deserialize`, `decode`) records its repairs only while a handler
/// or a level listens, from when it starts: a handler added during a decode does not
/// get that decode's report.
public enum DecodingLog {
    /// How much is printed for reports with repairs.
    public enum Level: Sendable {
        /// Print nothing (the default).
        case none
        /// Print each report's whole tree.
        case verbose
        /// Print what a server got wrong, as SmartCodable's `SmartSentinel` `.alert` does: every
        /// repair but a missing key or a `null` (type mismatches, conversions, dropped elements,
        /// unmatched cases), and failures; a report of missing keys alone prints nothing.
        case alert
    }

    /// What is printed for reports with repairs. Default `.none`.
    public static var level: Level {
        get { state.read(orIfEmpty: State()).level }
        set { state.update { $0.level = newValue } }
    }

    /// Calls `handler` with every report that has repairs or a failure.
    public static func onReport(_ handler: @escaping @Sendable (DecodingReport) -> Void) {
        state.update { $0.handlers.append(handler) }
    }

    /// Stops every handler added with `onReport`.
    public static func removeAllHandlers() {
        state.update { $0.handlers.removeAll() }
    }

    /// Whether a report delivered now would be printed or handed to a handler.
    package static var isListening: Bool {
        !state.read(orIfEmpty: State()).isQuiet
    }

    package static func deliver(_ report: @autoclosure () -> DecodingReport, modelType: @autoclosure () -> String) {
        let current = state.read(orIfEmpty: State())
        let (level, handlers) = (current.level, current.handlers)
        if level == .none && handlers.isEmpty { return }
        let report = report()
        if report.isClean { return }
        if let text = text(for: report, at: level) { print("CodableKit decoding \(modelType()): \(text)") }
        for handler in handlers { handler(report) }
    }

    /// What `level` prints of `report`, or nil for nothing.
    package static func text(for report: DecodingReport, at level: Level) -> String? {
        switch level {
        case .none: return nil
        case .verbose: return report.description
        case .alert:
            let alerts = report.issues.filter { $0.kind != .keyNotFound && $0.kind != .valueWasNull }
            if alerts.isEmpty && report.failure == nil { return nil }
            return DecodingReport(issues: alerts, failure: report.failure).description
        }
    }

    private struct State {
        var level = Level.none
        var handlers: [@Sendable (DecodingReport) -> Void] = []
        var isQuiet: Bool { level == .none && handlers.isEmpty }
    }

    private static let state = LockedRegistry(State(), isEmpty: { $0.isQuiet })
}
